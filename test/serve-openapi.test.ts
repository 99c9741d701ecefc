// `mcpsmith serve openapi` as a host runs it: the built CLI, spawned, driven by the official v2 client (auto and
// legacy) and the v1 client, over stdio and over HTTP, with requests going to a local upstream that records them.
//
//   petstore3-oas30.yaml, --mode auto (19 operations: plain tools)   tools/list, an exact request, a missing credential
//   github-rest-oas30.json, --mode discovery (1,186 operations)      search, describe, call (validated), exact request
//   github-rest-oas30.json, --toolsets gists,pulls                   only those groups (54: still discovery)

import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateToolListTokens } from "../packages/codegen/dist/index.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { type ClientKind, type Connection, connectClient, type TestClient } from "./support/clients.js";
import { createTestClient } from "./support/runtime.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer, stdioCommand } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const PETSTORE = corpusFile("openapi/petstore3-oas30.yaml");
const GITHUB = corpusFile("openapi/github-rest-oas30.json");
const CLIENT_KINDS: readonly ClientKind[] = ["v2 auto", "v2 legacy", "v1"];
const TRANSPORTS = ["stdio", "http"] as const;
// The petstore's api_key scheme, named by the source from the document's title; petstore_auth is left unset.
const API_KEY = { PETSTORE_API_KEY: "key-123" };

const PET = { id: 7, name: "doggie", photoUrls: [], status: "available" };
const textOf = (result: { content: unknown }) => (result.content as { type: string; text: string }[])[0]?.text ?? "";

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request) =>
    request.path === "/api/v3/pet/7" ? { json: PET } : { json: { path: request.path } },
  );
});
afterAll(async () => {
  await upstream.close();
});

/** Starts `mcpsmith serve openapi <spec> --base-url <upstream>` for each transport, with `env` added. */
function serveArgs(spec: string, extra: string[]): string[] {
  return ["serve", "openapi", spec, "--base-url", `${upstream.url}/api/v3`, ...extra];
}

function startHttp(args: string[], env: Record<string, string>): Promise<SpawnedHttpServer> {
  return spawnHttpServer(BIN, [...args, "--http", "0"], 30_000, env);
}

describe.each(TRANSPORTS)("mcpsmith serve openapi petstore3 over %s", (transport) => {
  let http: SpawnedHttpServer | undefined;
  const args = () => serveArgs(PETSTORE, []);
  beforeAll(async () => {
    if (transport === "http") http = await startHttp(args(), API_KEY);
  });
  afterAll(async () => {
    await http?.close();
  });

  function connection(): Connection {
    if (transport === "http") return { transport: "http", url: http!.url };
    return {
      transport: "stdio",
      command: { ...stdioCommand(BIN, args()), env: API_KEY } as ReturnType<typeof stdioCommand>,
    };
  }

  describe.each(CLIENT_KINDS)("with the %s client", (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, connection());
    });
    afterAll(async () => {
      await client.close();
    });

    it("lists one tool per operation, exactly what openApiServer serves", async () => {
      const listed = await client.listTools();
      const ir = await loadOpenApi(PETSTORE);
      expect(listed.tools.map((tool) => tool.name)).toEqual(ir.tools.map((tool) => tool.name));
      expect(listed.tools).toHaveLength(19);
      const direct = await createTestClient(openApiServer(ir).builder, { era: "legacy" });
      expect(listed.tools).toEqual((await direct.listTools()).tools);
      await direct.close();
      expect(listed.tools.find((tool) => tool.name === "getPetById")?.annotations).toMatchObject({
        readOnlyHint: true,
      });
    });

    it("sends the exact request for a call and returns the upstream's JSON", async () => {
      const before = upstream.requests.length;
      const result = await client.callTool({ name: "getPetById", arguments: { petId: 7 } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(PET);
      expect(upstream.requests).toHaveLength(before + 1);
      const sent = upstream.last();
      expect(sent).toMatchObject({ method: "GET", url: "/api/v3/pet/7", text: "", cookies: {} });
      expect(sent.headers).toMatchObject({
        api_key: "key-123",
        accept: "application/json, application/xml",
        "user-agent": "mcpsmith-http-executor",
      });
      expect(sent.headers["content-type"]).toBeUndefined();
      expect(sent.headers.authorization).toBeUndefined();
    });

    it("encodes query parameters of an operation without security", async () => {
      await client.callTool({ name: "loginUser", arguments: { username: "ann lee", password: "p&w=1" } });
      expect(upstream.last()).toMatchObject({
        method: "GET",
        url: "/api/v3/user/login?username=ann%20lee&password=p%26w%3D1",
      });
      expect(upstream.last().headers.api_key).toBeUndefined();
    });

    it("answers a missing credential with isError naming the variable, and sends nothing", async () => {
      const before = upstream.requests.length;
      const result = await client.callTool({ name: "findPetsByStatus", arguments: { status: "sold" } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("PETSTORE_AUTH_TOKEN");
      expect(upstream.requests).toHaveLength(before);
    });
  });
});

describe.each(TRANSPORTS)("mcpsmith serve openapi github --mode discovery over %s", (transport) => {
  let http: SpawnedHttpServer | undefined;
  const args = () => serveArgs(GITHUB, ["--mode", "discovery"]);
  beforeAll(async () => {
    if (transport === "http") http = await startHttp(args(), {});
  }, 60_000);
  afterAll(async () => {
    await http?.close();
  });

  function connection(): Connection {
    if (transport === "http") return { transport: "http", url: http!.url };
    return { transport: "stdio", command: stdioCommand(BIN, args()) };
  }

  describe.each(CLIENT_KINDS)("with the %s client", (kind) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await connectClient(kind, connection());
    }, 60_000);
    afterAll(async () => {
      await client.close();
    });

    it("printed the operations and a tools/list estimate under 2,000 tokens", async () => {
      // The v2 client's auto mode negotiates on a throwaway sibling process and starts this one afterwards, so its
      // connect can return before the server has read the document; and stderr is a pipe of its own.
      const stderr = () => (http ?? client).stderr();
      const summary =
        /mcpsmith serve .*: ([\d,]+) operations behind 3 discovery tools .*; tools\/list ≈ ([\d,]+) tokens/;
      await expect.poll(stderr, { timeout: 60_000 }).toMatch(summary);
      const [, operations, tokens] = summary.exec(stderr())!;
      expect(Number(operations!.replace(/,/g, ""))).toBeGreaterThan(1_100);
      expect(Number(tokens!.replace(/,/g, ""))).toBeLessThan(2_000);
    });

    it("lists the three discovery tools only", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
      expect(estimateToolListTokens(tools)).toBeLessThan(2_000);
    });

    it("searches, pages, describes and calls an operation", async () => {
      const found = await client.callTool({
        name: "search_operations",
        arguments: { query: "get repository content" },
      });
      const page = found.structuredContent as { total: number; operations: { name: string }[]; nextCursor?: string };
      expect(page.operations[0]).toEqual({
        name: "repos_get-content",
        summary: "Get repository content",
        group: "repos",
      });
      expect(page.operations).toHaveLength(20);
      const next = await client.callTool({
        name: "search_operations",
        arguments: { query: "get repository content", cursor: page.nextCursor },
      });
      const second = (next.structuredContent as { operations: { name: string }[] }).operations.map((hit) => hit.name);
      expect(second).toHaveLength(20);
      expect(second.filter((name) => page.operations.some((hit) => hit.name === name))).toEqual([]);

      const described = await client.callTool({ name: "describe_operation", arguments: { name: "repos_get-content" } });
      const schema = (described.structuredContent as { inputSchema: { required: string[] } }).inputSchema;
      expect(schema.required).toEqual(["owner", "repo", "path"]);

      const invalid = await client.callTool({
        name: "call_operation",
        arguments: { name: "repos_get-content", arguments: { owner: "octo" } },
      });
      expect(invalid.isError).toBe(true);
      expect(textOf(invalid)).toContain("arguments.repo: is required; arguments.path: is required");

      const before = upstream.requests.length;
      const called = await client.callTool({
        name: "call_operation",
        arguments: {
          name: "repos_get-content",
          arguments: { owner: "octo", repo: "hello", path: "README.md", ref: "main" },
        },
      });
      expect(called.isError).toBeFalsy();
      expect(upstream.requests).toHaveLength(before + 1);
      expect(upstream.last()).toMatchObject({
        method: "GET",
        url: "/api/v3/repos/octo/hello/contents/README.md?ref=main",
      });
      expect(called.structuredContent).toEqual({ path: "/api/v3/repos/octo/hello/contents/README.md" });
    });
  });
});

describe("mcpsmith serve openapi github --toolsets gists,pulls", () => {
  let client: TestClient;
  beforeAll(async () => {
    const command = stdioCommand(BIN, serveArgs(GITHUB, ["--toolsets", "gists,pulls"]));
    client = await connectClient("v2 legacy", { transport: "stdio", command });
  }, 60_000);
  afterAll(async () => {
    await client.close();
  });

  it("serves those groups only, through discovery since 54 operations are over the threshold", async () => {
    await expect.poll(() => client.stderr(), { timeout: 60_000 }).toMatch(/: 54 operations behind 3 discovery tools/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
    const all = await client.callTool({ name: "search_operations", arguments: { limit: 100 } });
    const page = all.structuredContent as { total: number; operations: { group: string }[] };
    expect(page.total).toBe(54);
    expect(new Set(page.operations.map((hit) => hit.group))).toEqual(new Set(["gists", "pulls"]));
    const outside = await client.callTool({
      name: "call_operation",
      arguments: { name: "repos_get-content", arguments: { owner: "o", repo: "r", path: "p" } },
    });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('no operation is named "repos_get-content"');
  });
});
