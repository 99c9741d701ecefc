// `mcpsmith serve db` as a host runs it: the built CLI, spawned over stdio, serving the Chinook SQLite database,
// driven by the official v2 client (legacy, auto, pinned 2026-07-28) and the v1 client. Every kind of tool is
// called (list_, get_, a filtered list, query, describe, a resource; with --write-tables insert_/update_/delete_
// on a copy) and the rows are compared with the same query run directly on the file through better-sqlite3.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientKind, connectClient, type TestClient } from "./support/clients.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { StdioPeer } from "./support/stdio-peer.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const CLIENT_KINDS: readonly ClientKind[] = ["v2 legacy", "v2 auto", "v2 pinned 2026-07-28", "v1"];
// better-sqlite3 is the runtime's (optional peer, dev) dependency, not the workspace root's.
const Database = createRequire(join(ROOT, "packages/runtime/package.json"))("better-sqlite3") as new (
  file: string,
  options?: { readonly?: boolean },
) => { prepare(sql: string): { all(...values: unknown[]): Record<string, unknown>[] }; close(): void };

const folder = mkdtempSync(join(tmpdir(), "dbserve-serve-"));
const CHINOOK = join(folder, "chinook.sqlite");
copyFileSync(corpusFile("sql/chinook.sqlite"), CHINOOK);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function direct(sql: string, ...values: unknown[]): Record<string, unknown>[] {
  const db = new Database(CHINOOK, { readonly: true });
  try {
    return db.prepare(sql).all(...values);
  } finally {
    db.close();
  }
}

const rowsOf = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { rows: Record<string, unknown>[] }).rows;

async function connect(kind: ClientKind, file: string, extra: string[] = []): Promise<TestClient> {
  return connectClient(kind, { transport: "stdio", command: stdioCommand(BIN, ["serve", "db", file, ...extra]) });
}

describe.each(CLIENT_KINDS)("mcpsmith serve db chinook.sqlite with the %s client", (kind) => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect(kind, CHINOOK);
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  it("lists list_ and get_ per table, query and describe, read-only", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    const tables = direct("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    for (const { name } of tables) expect(names).toContain(`list_${name}`);
    expect(names).toEqual(expect.arrayContaining(["get_Album", "get_Track", "query", "describe"]));
    expect(names.some((name) => /^(insert|update|delete)_/.test(name))).toBe(false);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    expect(client.stderr()).toContain("chinook");
  });

  it("lists a page of rows equal to the same query on the file", async () => {
    const result = await client.callTool({ name: "list_Artist", arguments: { limit: 5 } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(rowsOf(result)).toEqual(direct("SELECT * FROM Artist ORDER BY ArtistId LIMIT 5"));
  });

  it("follows nextCursor to the next page", async () => {
    const first = await client.callTool({ name: "list_Genre", arguments: { limit: 10 } });
    const cursor = (first.structuredContent as { nextCursor?: string }).nextCursor;
    expect(cursor).toBeTypeOf("string");
    const second = await client.callTool({ name: "list_Genre", arguments: { limit: 10, cursor } });
    expect(rowsOf(second)).toEqual(direct("SELECT * FROM Genre ORDER BY GenreId LIMIT 10 OFFSET 10"));
  });

  it("filters, orders and selects", async () => {
    const result = await client.callTool({
      name: "list_Track",
      arguments: {
        where: { GenreId: { eq: 1 }, Milliseconds: { gt: 360000 } },
        order: [{ column: "Milliseconds", direction: "desc" }],
        select: ["TrackId", "Name", "Milliseconds"],
        limit: 20,
      },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(rowsOf(result)).toEqual(
      direct(
        "SELECT TrackId, Name, Milliseconds FROM Track WHERE GenreId = 1 AND Milliseconds > 360000 " +
          "ORDER BY Milliseconds DESC, TrackId LIMIT 20",
      ),
    );
  });

  it("gets one row by its key, with the row its foreign key points to", async () => {
    const result = await client.callTool({ name: "get_Album", arguments: { AlbumId: 1 } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const [album] = direct("SELECT * FROM Album WHERE AlbumId = 1");
    const [artist] = direct("SELECT * FROM Artist WHERE ArtistId = ?", album!.ArtistId);
    expect(result.structuredContent).toEqual({ ...album, Artist: artist });
  });

  it("runs read-only SQL and refuses a write", async () => {
    const sql = "SELECT BillingCountry, COUNT(*) AS invoices FROM Invoice GROUP BY BillingCountry ORDER BY 2 DESC, 1";
    const result = await client.callTool({ name: "query", arguments: { sql } });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(rowsOf(result)).toEqual(direct(sql));
    const refused = await client.callTool({ name: "query", arguments: { sql: "DELETE FROM Artist" } });
    expect(refused.isError).toBe(true);
    expect(direct("SELECT COUNT(*) AS n FROM Artist")).toEqual([{ n: 275 }]);
  });

  it("describes a table, as a tool and as a resource", async () => {
    const result = await client.callTool({ name: "describe", arguments: { table: "Album" } });
    expect(result.structuredContent).toMatchObject({
      table: "Album",
      primaryKey: ["AlbumId"],
      foreignKeys: [{ columns: ["ArtistId"], references: "Artist" }],
    });
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain("db://main/Album");
    const read = await client.readResource("db://main/Album");
    const text = (read.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toEqual(result.structuredContent);
  });
});

describe("mcpsmith serve db --write-tables Artist", () => {
  let client: TestClient;
  const copy = join(folder, "writable.sqlite");
  beforeAll(async () => {
    copyFileSync(CHINOOK, copy);
    client = await connect("v2 auto", copy, ["--write-tables", "Artist"]);
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  it("inserts, updates and deletes by key, annotated as writes, on that table only", async () => {
    const { tools } = await client.listTools();
    const writes = tools.filter((tool) => /^(insert|update|delete)_/.test(tool.name));
    expect(writes.map((tool) => tool.name)).toEqual(["insert_Artist", "update_Artist", "delete_Artist"]);
    expect(writes.find((tool) => tool.name === "delete_Artist")?.annotations?.destructiveHint).toBe(true);

    const inserted = await client.callTool({ name: "insert_Artist", arguments: { Name: "dbserve test" } });
    expect(inserted.isError, JSON.stringify(inserted.content)).toBeFalsy();
    const [row] = rowsOf(inserted);
    const id = row!.ArtistId;
    const db = () => new Database(copy, { readonly: true });
    const read = () => {
      const handle = db();
      try {
        return handle.prepare("SELECT * FROM Artist WHERE ArtistId = ?").all(id);
      } finally {
        handle.close();
      }
    };
    expect(read()).toEqual([{ ArtistId: id, Name: "dbserve test" }]);
    const updated = await client.callTool({
      name: "update_Artist",
      arguments: { key: { ArtistId: id }, set: { Name: "dbserve renamed" } },
    });
    expect(rowsOf(updated)).toEqual([{ ArtistId: id, Name: "dbserve renamed" }]);
    expect(read()).toEqual([{ ArtistId: id, Name: "dbserve renamed" }]);
    const deleted = await client.callTool({ name: "delete_Artist", arguments: { ArtistId: id } });
    expect(rowsOf(deleted)).toEqual([{ ArtistId: id, Name: "dbserve renamed" }]);
    expect(read()).toEqual([]);
  });
});

describe("mcpsmith serve db with a connection that holds a password", () => {
  it("never prints it, even when the server cannot be reached", async () => {
    const { spawnSync } = await import("node:child_process");
    const secret = "s3cret-dbserve-pw";
    const result = spawnSync(process.execPath, [BIN, "serve", "db"], {
      env: { ...process.env, DATABASE_URL: `postgres://someone:${secret}@127.0.0.1:1/nowhere` },
      encoding: "utf8",
      input: "",
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
    expect(result.stderr).toContain("127.0.0.1");
  });
});

// Hosts start every configured server at launch: serving loads the reader of the source's own dialect, and none of
// the generators' project emitters (the codegen index's few shared helpers aside), the OpenAPI source or the other
// dialects' readers (packages/codegen/src/pipelines).
describe("mcpsmith serve db's start", () => {
  const INITIALIZE = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "start", version: "1" } },
  });

  it("loads only what serving an SQLite file needs", async () => {
    const report = join(folder, "modules.txt");
    const hook = `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(report)}, result.url + "\\n");
  return result;
}`;
    const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});`;
    const peer = new StdioPeer(BIN, ["serve", "db", CHINOOK], 30_000, {
      NODE_OPTIONS: `--import=${`data:text/javascript,${encodeURIComponent(register)}`}`,
    });
    try {
      peer.write(INITIALIZE);
      await peer.next(0, (line) => (line as { id?: unknown }).id === 1);
    } finally {
      await peer.close();
    }
    const loaded = readFileSync(report, "utf8").split("\n").filter(Boolean);
    const codegen = loaded.filter((url) => url.includes("/packages/codegen/dist/"));
    expect(codegen.some((url) => url.endsWith("/sources/database/sqlite/read.js"))).toBe(true);
    expect(codegen.filter((url) => /\/emit\/(?!core\/)|\/sources\/openapi\/|\/(postgres|mysql)\//.test(url))).toEqual(
      [],
    );
    expect(loaded.filter((url) => url.includes("/packages/cli/dist/commands/serve/openapi.js"))).toEqual([]);
  });

  it("answers a host's initialize and first tools/list before the SDK (and zod) is loaded", async () => {
    const report = join(folder, "first-answer.json");
    const peer = new StdioPeer(BIN, ["serve", "db", CHINOOK], 30_000, {
      NODE_OPTIONS: `--import=${pathToFileURL(join(ROOT, "test/fixtures/first-answer-probe.mjs")).href}`,
      FIRST_ANSWER_REPORT: report,
    });
    try {
      peer.write(INITIALIZE);
      peer.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
      peer.write(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
      const listed = (await peer.next(0, (line) => (line as { id?: unknown }).id === 2)) as {
        result: { tools: { name: string }[] };
      };
      expect(listed.result.tools.map((tool) => tool.name)).toContain("list_Track");
    } finally {
      await peer.close();
    }
    expect(JSON.parse(readFileSync(report, "utf8"))).toEqual({ zodLoaded: false });
  });
});
