// Credential forwarding through `mcpsmith serve openapi --http` with the MCP endpoint's own authorization on:
// the official v2 client sends its MCP access token (Authorization) and, as a host configured with custom headers
// would, the upstream credentials in X-Upstream-* headers; a recording upstream shows what reaches the API.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, type TestClient } from "./support/clients.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const MCP_TOKEN = "msk_forward_mcp_token";
const textOf = (result: { content: unknown }) => (result.content as { type: string; text: string }[])[0]?.text ?? "";

/** One operation per placement of an API key: header, query, cookie. */
const DOCUMENT = {
  openapi: "3.0.3",
  info: { title: "Forward", version: "1.0.0" },
  paths: Object.fromEntries(
    ["header", "query", "cookie"].map((place) => [
      `/${place}`,
      {
        get: {
          operationId: `by_${place}`,
          security: [{ [`${place}_key`]: [] }],
          responses: { 200: { description: "ok" } },
        },
      },
    ]),
  ),
  components: {
    securitySchemes: {
      header_key: { type: "apiKey", in: "header", name: "X-Api-Key" },
      query_key: { type: "apiKey", in: "query", name: "api_key" },
      cookie_key: { type: "apiKey", in: "cookie", name: "session" },
    },
  },
};

let upstream: Upstream;
let dir: string;
let spec: string;
let keys: string;
beforeAll(async () => {
  upstream = await startUpstream();
  dir = mkdtempSync(join(tmpdir(), "mcpsmith-forward-"));
  spec = join(dir, "forward.json");
  writeFileSync(spec, JSON.stringify(DOCUMENT));
  keys = join(dir, "keys.txt");
  writeFileSync(keys, `host sha256:${createHash("sha256").update(MCP_TOKEN).digest("hex")}\n`);
});
afterAll(async () => {
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `serve openapi` over HTTP with API-key authorization on the MCP endpoint, the operator's keys in its env. */
function serve(extra: string[]): Promise<SpawnedHttpServer> {
  const args = ["serve", "openapi", spec, "--base-url", upstream.url, "--env-prefix", "FWD", "--api-keys", keys];
  return spawnHttpServer(BIN, [...args, ...extra, "--http", "0"], 30_000, {
    FWD_HEADER_KEY: "operator-header",
    FWD_QUERY_KEY: "operator-query",
    FWD_COOKIE_KEY: "operator-cookie",
  });
}

/** The v2 client as a host sends it: the MCP bearer token, plus whatever upstream headers the user configured. */
function connect(http: SpawnedHttpServer, headers: Record<string, string>): Promise<TestClient> {
  return connectClient("v2 auto", {
    transport: "http",
    url: http.url,
    headers: { Authorization: `Bearer ${MCP_TOKEN}`, ...headers },
  });
}

const CALLER = {
  "X-Upstream-header_key": "caller-header",
  "X-Upstream-query_key": "caller-query",
  "X-Upstream-cookie_key": "caller-cookie",
};

/** Nothing the upstream received carries the MCP access token, in any header, the URL or the body. */
function expectNoMcpToken() {
  for (const request of upstream.requests) {
    expect(request.headers.authorization).toBeUndefined();
    expect(JSON.stringify([request.url, request.rawHeaders, request.text])).not.toContain(MCP_TOKEN);
  }
}

describe("serve openapi without forwarding (the default)", () => {
  let http: SpawnedHttpServer;
  let client: TestClient;
  beforeAll(async () => {
    upstream.clear();
    http = await serve([]);
    client = await connect(http, CALLER);
  });
  afterAll(async () => {
    await client.close();
    await http.close();
  });

  it("the MCP endpoint requires its own token", async () => {
    await expect(connectClient("v2 auto", { transport: "http", url: http.url })).rejects.toThrow();
  });

  it("sends the operator's credentials, never the caller's headers nor the MCP token", async () => {
    for (const place of ["header", "query", "cookie"]) {
      const result = await client.callTool({ name: `by_${place}`, arguments: {} });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    const [header, query, cookie] = upstream.requests.slice(-3);
    expect(header!.headers["x-api-key"]).toBe("operator-header");
    expect(query!.url).toBe("/query?api_key=operator-query");
    expect(cookie!.cookies.session).toBe("operator-cookie");
    expect(JSON.stringify(upstream.requests.map((r) => r.rawHeaders))).not.toContain("caller-");
    expectNoMcpToken();
  });
});

describe("serve openapi --forward-credential", () => {
  let http: SpawnedHttpServer;
  beforeAll(async () => {
    upstream.clear();
    http = await serve(["--forward-credential", "header_key", "--forward-credential", "query_key,cookie_key"]);
  });
  afterAll(async () => {
    await http.close();
  });

  it("sends the caller's credentials where each scheme puts them, and never the MCP token", async () => {
    const client = await connect(http, CALLER);
    try {
      for (const place of ["header", "query", "cookie"]) {
        const result = await client.callTool({ name: `by_${place}`, arguments: {} });
        expect(result.isError, textOf(result)).toBeFalsy();
      }
    } finally {
      await client.close();
    }
    const [header, query, cookie] = upstream.requests.slice(-3);
    expect(header!.headers["x-api-key"]).toBe("caller-header");
    expect(query!.url).toBe("/query?api_key=caller-query");
    expect(cookie!.cookies.session).toBe("caller-cookie");
    // The forwarding headers themselves stay with the MCP request.
    expect(header!.headers["x-upstream-header_key"]).toBeUndefined();
    expectNoMcpToken();
  });

  it("a caller without the header gets isError naming it, and nothing is sent", async () => {
    const client = await connect(http, {});
    try {
      const before = upstream.requests.length;
      const result = await client.callTool({ name: "by_header", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        "Missing credentials, so the request was not sent: send the X-Upstream-header_key header with the MCP request.",
      );
      expect(upstream.requests).toHaveLength(before);
    } finally {
      await client.close();
    }
  });
});

describe("serve openapi refuses to forward the MCP Authorization header", () => {
  it("stops at start-up with an error naming it", async () => {
    await expect(serve(["--forward-credential", "header_key=Authorization"])).rejects.toThrow(
      /names the Authorization header, which belongs to the MCP exchange: the MCP access token \(Authorization\) and the session's headers are never forwarded upstream/,
    );
  });
});
