// `mcpsmith serve ... --mode code` as a host runs it: the built CLI spawned over stdio (serve db, the Chinook SQLite
// file) and over HTTP (serve openapi, the petstore against a recording upstream), driven by the official clients.
// A multi-step task runs in one execute; the database's read-only guard and the HTTP executor's credentials act on
// each api call, and the credential itself never reaches the code.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientKind, connectClient, type TestClient } from "./support/clients.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer, stdioCommand } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const Database = createRequire(join(ROOT, "packages/runtime/package.json"))("better-sqlite3") as new (
  file: string,
  options?: { readonly?: boolean },
) => { prepare(sql: string): { all(...values: unknown[]): Record<string, unknown>[] }; close(): void };

const folder = mkdtempSync(join(tmpdir(), "mcpsmith-code-mode-"));
const CHINOOK = join(folder, "chinook.sqlite");
copyFileSync(corpusFile("sql/chinook.sqlite"), CHINOOK);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The five best-selling artists with their albums, from four tables, in one run.
const TOP_ARTISTS = `
const pages = async (list: (args: object) => Promise<{ rows: any[]; nextCursor?: string }>, args: object) => {
  const rows: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ ...args, limit: 1000, ...(cursor && { cursor }) });
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
};
const lines = await pages(api.list_InvoiceLine, { select: ["TrackId", "UnitPrice", "Quantity"] });
const albumOf = new Map((await pages(api.list_Track, { select: ["TrackId", "AlbumId"] })).map((t) => [t.TrackId, t.AlbumId]));
const albums = await pages(api.list_Album, {});
const artistOf = new Map(albums.map((a) => [a.AlbumId, a.ArtistId]));
const sales = new Map<number, number>();
for (const line of lines) {
  const artist = artistOf.get(albumOf.get(line.TrackId));
  sales.set(artist, (sales.get(artist) ?? 0) + Number(line.UnitPrice) * line.Quantity);
}
const top = [...sales].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([id]) => id);
const { rows: artists } = await api.list_Artist({ where: { ArtistId: { in: top } } });
return top.map((id) => ({
  artist: artists.find((a) => a.ArtistId === id).Name,
  albums: albums.filter((a) => a.ArtistId === id).map((a) => a.Title).sort(),
}));`;

function topArtistsDirect(): { artist: string; albums: string[] }[] {
  const db = new Database(CHINOOK, { readonly: true });
  try {
    const top = db
      .prepare(
        `SELECT ar.ArtistId, ar.Name FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId
         JOIN Album al ON al.AlbumId = t.AlbumId JOIN Artist ar ON ar.ArtistId = al.ArtistId
         GROUP BY ar.ArtistId ORDER BY SUM(il.UnitPrice * il.Quantity) DESC LIMIT 5`,
      )
      .all();
    return top.map((artist) => ({
      artist: artist.Name as string,
      albums: db
        .prepare("SELECT Title FROM Album WHERE ArtistId = ?")
        .all(artist.ArtistId)
        .map((album) => album.Title as string)
        .sort(),
    }));
  } finally {
    db.close();
  }
}

describe.each(["v2 auto", "v1"] as const satisfies readonly ClientKind[])(
  "mcpsmith serve db chinook.sqlite --mode code, %s client over stdio",
  (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, {
        transport: "stdio",
        command: stdioCommand(BIN, ["serve", "db", CHINOOK, "--mode", "code"]),
      });
    }, 30_000);
    afterAll(() => client?.close());

    it("lists search_api and execute, and the tables as resources", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["search_api", "execute"]);
      expect(tools[1]?.annotations).toMatchObject({ readOnlyHint: true });
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toContain("db://main/Album");
      expect(resources.map((resource) => resource.uri)).toContain("mcpsmith://code-mode/api.d.ts");
    });

    it("runs a task over four tables in one call, as the same SQL would answer it", async () => {
      const result = await client.callTool({ name: "execute", arguments: { code: TOP_ARTISTS } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect((result.structuredContent as { result: unknown }).result).toEqual(topArtistsDirect());
    });

    it("keeps the database's read-only guard on every call", async () => {
      const result = await client.callTool({
        name: "execute",
        arguments: {
          code: 'try { await api.query({ sql: "DELETE FROM Artist" }) } catch (e) { return e.message } return "deleted"',
        },
      });
      expect((result.structuredContent as { result: string }).result).toMatch(/^The query tool runs reads only/);
      const db = new Database(CHINOOK, { readonly: true });
      try {
        expect(db.prepare("SELECT COUNT(*) AS n FROM Artist").all()).toEqual([{ n: 275 }]);
      } finally {
        db.close();
      }
    });
  },
);

describe("mcpsmith serve openapi petstore3-oas30.yaml --mode code --http, v2 pinned client", () => {
  let upstream: Upstream;
  let server: SpawnedHttpServer;
  let client: TestClient;
  beforeAll(async () => {
    upstream = await startUpstream((request) => {
      const id = /^\/pet\/(\d+)$/.exec(request.path)?.[1];
      if (id && id !== "404")
        return { json: { id: Number(id), name: `pet ${id}`, photoUrls: [], status: "available" } };
      return { status: 404, json: { message: "not found" } };
    });
    server = await spawnHttpServer(
      BIN,
      ["serve", "openapi", corpusFile("openapi/petstore3-oas30.yaml"), "--mode", "code", "--http", "0"],
      20_000,
      { PETSTORE_API_KEY: "key-in-env", PETSTORE_BASE_URL: upstream.url },
    );
    client = await connectClient("v2 pinned 2026-07-28", { transport: "http", url: server.url });
  }, 30_000);
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await upstream?.close();
  });

  it("chains calls through the HTTP executor, which sends the credential; the code never sees it", async () => {
    upstream.clear();
    const result = await client.callTool({
      name: "execute",
      arguments: {
        code: `const pets = await Promise.all([1, 2, 3].map((petId) => api.getPetById({ petId })));
try { await api.getPetById({ petId: 404 }) } catch (e) { console.log(e.name, e.message.slice(0, 40)) }
return { names: pets.map((p) => p.name), seen: JSON.stringify(globalThis).includes("key-in-env") }`,
      },
    });
    expect(result.structuredContent).toEqual({
      result: { names: ["pet 1", "pet 2", "pet 3"], seen: false },
      logs: ["ApiError GET /pet/{petId} failed with HTTP 404 No"],
    });
    expect(upstream.requests.map((request) => request.url).sort()).toEqual(["/pet/1", "/pet/2", "/pet/3", "/pet/404"]);
    expect(upstream.requests.every((request) => request.headers.api_key === "key-in-env")).toBe(true);
  });
});
