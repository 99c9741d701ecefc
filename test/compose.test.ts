// `mcpsmith serve` with a config composing every source kind (test/support/composed-project.ts): an OpenAPI
// document (requests to a local upstream that records them), the Chinook SQLite database, annotated TypeScript and a
// module of decorated classes and a builder, each with transforms. The built CLI is spawned over stdio and HTTP and
// driven by the official clients (v2 legacy, auto and pinned 2026-07-28, and v1): one catalogue (auto mode, under
// the threshold), every kind called, resources and prompts namespaced; then discovery over the whole catalogue (the
// threshold counted over every source); then a claim binding over HTTP with API keys.

import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENTS, type Connection, connectClient, type TestClient } from "./support/clients.js";
import { ACME_TOOLS, acmeConfig, type ComposedProject, composedProject } from "./support/composed-project.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer, stdioCommand } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const ENV = { ARTIST: "1", PETSTORE_API_KEY: "key-1", PETSTORE_AUTH_TOKEN: "token-1" };
const PET = { id: 7, name: "doggie", photoUrls: [], status: "sold" };

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;

let upstream: Upstream;
let project: ComposedProject;
let config: string;
beforeAll(async () => {
  upstream = await startUpstream((request) => (request.path === "/api/v3/pet/7" ? { json: PET } : { json: [PET] }));
  project = composedProject();
  config = project.write("mcpsmith.config.json", acmeConfig(`${upstream.url}/api/v3`));
});
afterAll(async () => {
  await upstream?.close();
  project?.remove();
});

function stdio(args: string[] = []): Connection {
  return {
    transport: "stdio",
    command: {
      ...stdioCommand(BIN, ["serve", "--config", config, ...args]),
      env: { ...process.env, ...ENV } as Record<string, string>,
    },
  };
}

describe.each(["stdio", "http"] as const)("a config of every source kind, served over %s", (transport) => {
  let http: SpawnedHttpServer | undefined;
  beforeAll(async () => {
    if (transport === "http")
      http = await spawnHttpServer(BIN, ["serve", "--config", config, "--http", "0"], 30_000, ENV);
  }, 40_000);
  afterAll(async () => {
    await http?.close();
  });

  describe.each(CLIENTS.map((client) => client.kind))("with the %s client", (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, transport === "http" ? { transport: "http", url: http!.url } : stdio());
    }, 40_000);
    afterAll(async () => {
      await client?.close();
    });

    it("lists one catalogue: every source's tools under its prefix, transforms applied", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(ACME_TOOLS);
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      expect(byName.get("pets_findPetsByStatus")!.description).toBe("Pets with the sold status.");
      expect(byName.get("pets_findPetsByStatus")!.inputSchema.properties ?? {}).not.toHaveProperty("status");
      expect(byName.get("utils_sum")!.description).toBe("Sum a and b.");
      expect(Object.keys(byName.get("utils_greet")!.inputSchema.properties ?? {})).toEqual(["name"]);
      expect(Object.keys(byName.get("count_letters")!.inputSchema.properties ?? {})).toEqual(["word"]);
      // The bound filter (where.ArtistId.eq) left the schema; the column's other operators are there.
      const where = byName.get("music_list_Album")!.inputSchema.properties!.where as Json;
      expect(Object.keys(where.properties.ArtistId.properties)).toEqual(["neq", "gt", "gte", "lt", "lte", "in"]);
    });

    it("leaves an optional source that cannot load out, saying so", () => {
      const stderr = transport === "http" ? http!.stderr() : client.stderr();
      expect(stderr).toMatch(
        /warning source "broken" \(database\) could not be loaded: .*; it is optional, and left out/,
      );
    });

    it("calls into every kind: the HTTP API, the database, a TypeScript function, a decorated method, a builder", async () => {
      const before = upstream.requests.length;
      expect((await client.callTool({ name: "pets_pet", arguments: { petId: 7 } })).structuredContent).toEqual(PET);
      await client.callTool({ name: "pets_findPetsByStatus", arguments: {} });
      expect(upstream.requests.slice(before).map((request) => request.url)).toEqual([
        "/api/v3/pet/7",
        "/api/v3/pet/findByStatus?status=sold",
      ]);
      const albums = await client.callTool({ name: "music_list_Album", arguments: { limit: 5 } });
      expect((albums.structuredContent as Json).rows).toEqual([
        { AlbumId: 1, Title: "For Those About To Rock We Salute You", ArtistId: 1 },
        { AlbumId: 4, Title: "Let There Be Rock", ArtistId: 1 },
      ]);
      const artist = await client.callTool({ name: "music_get_Artist", arguments: { ArtistId: 1 } });
      expect(artist.structuredContent).toEqual({ ArtistId: 1, Name: "AC/DC" });
      expect((await client.callTool({ name: "utils_sum", arguments: { a: 2, b: 3 } })).structuredContent).toEqual({
        sum: 5,
      });
      expect(textOf(await client.callTool({ name: "utils_greet", arguments: { name: "Ada" } }))).toBe(
        "hello Ada from acme",
      );
      const counted = await client.callTool({ name: "count_letters", arguments: { word: "compose" } });
      expect(counted.structuredContent).toEqual({ letters: 7, word: "COMPOSE" });
      expect(textOf(await client.callTool({ name: "whoami", arguments: {} }))).toBe("one");
    });

    it("refuses a value for a bound argument (its schema no longer has it) and keeps each tool's own validation", async () => {
      const bound = await client.callTool({ name: "music_list_Album", arguments: { where: { ArtistId: { eq: 2 } } } });
      expect(bound.isError).toBe(true);
      expect(textOf(bound)).toMatch(/where/);
      const wrong = await client.callTool({ name: "utils_sum", arguments: { a: "two", b: 3 } });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toContain("a");
    });

    it("namespaces resources and prompts by their source's prefix", async () => {
      const resources = (await client.listResources()).resources.map((resource) => resource.uri);
      expect(resources).toEqual([
        "db://music/main/Album",
        "db://music/main/Artist",
        "db://music/main/Genre",
        "desk://status",
      ]);
      const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
      expect(templates).toEqual(["notes://utils/{id}"]);
      expect((await client.readResource("notes://utils/42")).contents[0]).toMatchObject({ text: "note 42" });
      const table = JSON.parse(((await client.readResource("db://music/main/Artist")).contents[0] as Json).text);
      expect(table).toMatchObject({ kind: "table", primaryKey: ["ArtistId"] });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["plan"]);
      const plan = await client.getPrompt("plan", { focus: "tests" });
      expect((plan.messages[0]!.content as Json).text).toBe("Plan a day around tests.");
    });

    it("passes progress through from a module's tool", async () => {
      const from = client.received.length;
      const result = await client.callTool({ name: "progress", arguments: { n: 3 } }, { onprogress: () => {} });
      expect(result.structuredContent).toEqual({ counted: 3 });
      // What the server sent before the result (clients may drop the last over stdio: see hello.protocol.test.ts).
      type Message = { method?: string; result?: unknown; params?: { progress?: number } };
      const wire = client.received.slice(from) as Message[];
      const sent = wire.slice(
        0,
        wire.findIndex((message) => message.result !== undefined),
      );
      expect(sent.filter((m) => m.method === "notifications/progress").map((m) => m.params?.progress)).toEqual([
        1, 2, 3,
      ]);
    });
  });
});

describe("the same config above its threshold: one search over the whole catalogue", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectClient("v2 auto", stdio(["--threshold", String(ACME_TOOLS.length - 1)]));
  }, 40_000);
  afterAll(async () => {
    await client?.close();
  });

  it("lists three tools standing for every source's", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
    expect(tools[0]!.description).toContain(`Search the ${ACME_TOOLS.length} operations of the acme server`);
    const all = await client.callTool({ name: "search_operations", arguments: { limit: 100 } });
    expect((all.structuredContent as Json).operations.map((hit: Json) => hit.name)).toEqual(
      expect.arrayContaining(ACME_TOOLS),
    );
  });

  it("finds tools of each source by their words and groups, and calls them with their transforms", async () => {
    const found = await client.callTool({ name: "search_operations", arguments: { query: "greet" } });
    expect((found.structuredContent as Json).operations[0]).toMatchObject({ name: "utils_greet" });
    const pets = await client.callTool({ name: "search_operations", arguments: { query: "GET findByStatus" } });
    expect((pets.structuredContent as Json).operations[0]).toMatchObject({
      name: "pets_findPetsByStatus",
      group: "pets/pet",
    });
    const described = await client.callTool({ name: "describe_operation", arguments: { name: "utils_greet" } });
    expect(Object.keys((described.structuredContent as Json).inputSchema.properties)).toEqual(["name"]);
    const call = (name: string, args: object) =>
      client.callTool({ name: "call_operation", arguments: { name, arguments: args } });
    expect(textOf(await call("utils_greet", { name: "Bo" }))).toBe("hello Bo from acme");
    expect((await call("count_letters", { word: "ab" })).structuredContent).toEqual({ letters: 2, word: "AB" });
    expect(((await call("music_list_Album", {})).structuredContent as Json).rows).toHaveLength(2);
  });
});

describe.each(["v2 pinned 2026-07-28", "v1"] as const)(
  "the same config in code mode (%s): one typed api over every source",
  (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, stdio(["--mode", "code"]));
    }, 40_000);
    afterAll(async () => {
      await client?.close();
    });

    it("lists search_api and execute, and finds every source's functions, bound arguments left out", async () => {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_api", "execute"]);
      const found = await client.callTool({ name: "search_api", arguments: { query: "greet" } });
      const [greet] = (found.structuredContent as Json).functions;
      expect(greet).toMatchObject({ name: "utils_greet", group: "utils/src/tools.ts" });
      expect((found.structuredContent as Json).declarations).toMatch(/interface UtilsGreetInput {\s*name: string;\s*}/);
    });

    it("runs code calling a tool of each kind, each call with its transforms", async () => {
      const before = upstream.requests.length;
      const code = [
        "const pet = await api.pets_pet({ petId: 7 });",
        "const albums = await api.music_list_Album({});",
        'const greeting = await api.utils_greet({ name: "Cy" });',
        'const counted = await api.count_letters({ word: "ab" });',
        "return { pet: pet.name, albums: albums.rows.length, greeting, counted };",
      ].join("\n");
      const result = await client.callTool({ name: "execute", arguments: { code } });
      expect((result.structuredContent as Json).result).toEqual({
        pet: "doggie",
        albums: 2,
        greeting: "hello Cy from acme",
        counted: { letters: 2, word: "AB" },
      });
      expect(upstream.requests.slice(before).map((request) => request.url)).toEqual(["/api/v3/pet/7"]);
    });
  },
);

describe("a claim binding over HTTP: each caller sees its own rows", () => {
  const keys = { Rock: "key-rock-0123456789", Jazz: "key-jazz-0123456789" };
  let http: SpawnedHttpServer;
  beforeAll(async () => {
    const digest = (key: string) => createHash("sha256").update(key).digest("hex");
    project.write(
      "keys.txt",
      Object.entries(keys)
        .map(([name, key]) => `${name} sha256:${digest(key)}`)
        .join("\n"),
    );
    const claims = project.write("claims.config.json", {
      name: "genres",
      serve: { auth: { apiKeys: "./keys.txt" } },
      sources: {
        music: {
          database: "./chinook.sqlite",
          tables: ["Genre"],
          tools: { bind: { list_Genre: { "where.Name.eq": { claim: "name" } } } },
        },
      },
    });
    http = await spawnHttpServer(BIN, ["serve", "--config", claims, "--http", "0"], 30_000);
  }, 40_000);
  afterAll(async () => {
    await http?.close();
  });

  it.each(["v2 auto", "v1"] as const)("filters by the key's name, and offers no raw SQL (%s)", async (kind) => {
    for (const [name, key] of Object.entries(keys)) {
      const client = await connectClient(kind, { transport: "http", url: http.url, headers: { "x-api-key": key } });
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
          "music_list_Genre",
          "music_get_Genre",
          "music_describe",
        ]);
        const rows = (await client.callTool({ name: "music_list_Genre", arguments: {} })).structuredContent as Json;
        expect(rows.rows.map((row: Json) => row.Name)).toEqual([name]);
        // A caller cannot widen its filter: the bound operator is gone, and other conditions are ANDed with it.
        const other = name === "Rock" ? "Jazz" : "Rock";
        const widened = await client.callTool({
          name: "music_list_Genre",
          arguments: { where: { Name: { eq: other } } },
        });
        expect(widened.isError).toBe(true);
        const ored = await client.callTool({
          name: "music_list_Genre",
          arguments: { where: { _or: [{ Name: { eq: other } }, { Name: { eq: name } }] } },
        });
        expect((ored.structuredContent as Json).rows.map((row: Json) => row.Name)).toEqual([name]);
      } finally {
        await client.close();
      }
    }
  });

  it("refuses a caller without a key", async () => {
    await expect(connectClient("v2 legacy", { transport: "http", url: http.url })).rejects.toThrow();
  });
});
