import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import {
  createMcpHandler,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ResourceNotFoundError,
  Server,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { describe, expect, it } from "vitest";
import { WIRE_ERRORS } from "../../wire-errors.js";
import {
  encodeResult,
  eraAfter,
  errorOf,
  FAST_REVISION,
  initializeResult,
  LEGACY_REVISIONS,
  METHOD_CAPABILITY,
  PROTECTED_MEMBERS,
  SDK_VERSION,
  serves,
  statusOf,
} from "./contract.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": FAST_REVISION,
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const INFO = { name: "contract", version: "1.0.0" };

/** The installed SDK's version, from its package.json (which its exports do not offer). */
function sdkVersion(): string {
  for (
    let dir = dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/server"));
    ;
    dir = dirname(dir)
  ) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
      if (manifest.name === "@modelcontextprotocol/server") return manifest.version;
    }
    if (dirname(dir) === dir) throw new Error("the SDK's package.json was not found");
  }
}

/** The SDK's own answer to one 2026-07-28 request, served by `server`. */
async function sdkAnswer(server: () => Server, method: string, params: Record<string, unknown> = {}) {
  const mcp = createMcpHandler(server);
  const response = await mcp.fetch(
    new Request("http://localhost/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": FAST_REVISION,
        "mcp-method": method,
        ...(typeof params.name === "string" && { "mcp-name": params.name }),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: ENVELOPE } }),
    }),
  );
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
  await mcp.close();
  return { status: response.status, ...body };
}

function throwingTool(thrown: unknown): () => Server {
  return () => {
    const server = new Server(INFO, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/call", () => {
      throw thrown;
    });
    return server;
  };
}

describe("what mcpsmith restates of the SDK (contract.ts)", () => {
  it(`was read from the installed SDK, ${SDK_VERSION}`, () => {
    const installed = sdkVersion();
    // Another SDK: check each rule of contract.ts and each member of PROTECTED_MEMBERS against it, then update
    // SDK_VERSION (test/fast-path.differential.test.ts shows what the fast path now answers differently).
    expect(installed, "the SDK changed: review engine/sdk/contract.ts, then update SDK_VERSION").toBe(SDK_VERSION);
  });

  it("uses protected members the SDK still has", () => {
    const server = new Server(INFO, {});
    const transport = new StdioServerTransport();
    const present: Record<keyof typeof PROTECTED_MEMBERS, boolean> = {
      "Server#_wrapHandler": typeof Reflect.get(server, "_wrapHandler") === "function",
      "Server#_negotiatedProtocolVersion": Object.hasOwn(server, "_negotiatedProtocolVersion"),
      "Server#_onclose": typeof Reflect.get(server, "_onclose") === "function",
      "Client#_onresponse": typeof Reflect.get(new Client(INFO), "_onresponse") === "function",
      "WebStandardStreamableHTTPServerTransport#_requestToStreamMapping":
        Reflect.get(new WebStandardStreamableHTTPServerTransport(), "_requestToStreamMapping") instanceof Map,
      // Replaced with a property of our own: it must be a plain, configurable one.
      "Transport#onmessage": Object.getOwnPropertyDescriptor(transport, "onmessage")?.configurable === true,
    };
    expect(present).toEqual(Object.fromEntries(Object.keys(PROTECTED_MEMBERS).map((name) => [name, true])));
  });

  it("speaks the SDK's one modern revision", async () => {
    const discovered = await sdkAnswer(() => new Server(INFO, {}), "server/discover");
    expect(discovered.result?.supportedVersions).toEqual([FAST_REVISION]);
  });

  it.each(Object.entries(METHOD_CAPABILITY))("gates %s on the %s capability, as the SDK does", (method, capability) => {
    const register = (capabilities: Record<string, unknown>) => () =>
      new Server(INFO, { capabilities }).setRequestHandler(method as "tools/list", () => ({}) as never);
    expect(register({})).toThrow();
    expect(serves({}, method as keyof typeof METHOD_CAPABILITY)).toBe(false);
    expect(register({ [capability]: {} })).not.toThrow();
    expect(serves({ [capability]: {} }, method as keyof typeof METHOD_CAPABILITY)).toBe(true);
  });

  it.each([
    ["a ProtocolError with data", new ProtocolError(WIRE_ERRORS.INVALID_PARAMS.code, "bad", { field: "x" })],
    ["a missing client capability", new MissingRequiredClientCapabilityError({ requiredCapabilities: {} }, "needs")],
    ["an unknown resource", new ResourceNotFoundError("fx://nowhere")],
    ["a plain Error", new Error("boom")],
    ["an object without a message", {}],
    ["a code that is not an integer", Object.assign(new Error("odd"), { code: 1.5 })],
  ])("maps %s as the SDK does, with its HTTP status", async (_what, thrown) => {
    const answer = await sdkAnswer(throwingTool(thrown), "tools/call", { name: "t", arguments: {} });
    expect(answer.error).toEqual(errorOf(thrown));
    expect(answer.status).toBe(statusOf(errorOf(thrown).code, "in-band"));
  });

  it("gives the ladder's statuses", () => {
    expect(statusOf(WIRE_ERRORS.METHOD_NOT_FOUND.code, "ladder")).toBe(404);
    expect(statusOf(WIRE_ERRORS.HEADER_MISMATCH.code, "ladder")).toBe(400);
    expect(statusOf(WIRE_ERRORS.INVALID_PARAMS.code, "in-band")).toBe(200);
  });

  it("encodes a result as the SDK does", async () => {
    const hint = { ttlMs: 5_000, cacheScope: "public" as const };
    const answer = await sdkAnswer(() => {
      const server = new Server(INFO, { capabilities: { tools: {} }, cacheHints: { "tools/list": hint } });
      server.setRequestHandler("tools/list", () => ({ tools: [], _meta: { "example.com/k": 1 } }));
      return server;
    }, "tools/list");
    const ours = encodeResult("tools/list", { tools: [], _meta: { "example.com/k": 1 } }, hint, INFO);
    expect(JSON.stringify(answer.result)).toBe(JSON.stringify(ours));
  });

  it("settles a stdio connection's era as the SDK's opening rules do", () => {
    const request = (method: string, meta?: Record<string, unknown>) => ({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: meta === undefined ? {} : { _meta: meta },
    });
    expect(eraAfter(request("tools/list", ENVELOPE))).toBe("modern");
    expect(eraAfter(request("server/discover", ENVELOPE))).toBe("opening");
    expect(eraAfter(request("initialize"))).toBe("other");
    expect(
      eraAfter(request("tools/list", { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2025-11-25" })),
    ).toBe("other");
    expect(eraAfter({ jsonrpc: "2.0", id: 1, result: {} })).toBe("opening");
  });
});

describe("a 2025 connection's opening", () => {
  it("negotiates the SDK's 2025 revisions", () => {
    expect(LEGACY_REVISIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < FAST_REVISION));
  });

  it.each([
    ["without instructions", { capabilities: { tools: { listChanged: true }, logging: {} } }],
    ["with instructions", { capabilities: { prompts: { listChanged: true } }, instructions: "Be brief." }],
  ])("answers initialize as a connection's server does, %s", async (_what, options) => {
    for (const requested of [...LEGACY_REVISIONS, "2099-01-01", FAST_REVISION]) {
      const server = new Server(INFO, options) as unknown as {
        _oninitialize(request: unknown): Promise<unknown>;
      };
      const params = { protocolVersion: requested, capabilities: {}, clientInfo: { name: "c", version: "1" } };
      const sdk = await server._oninitialize({ method: "initialize", params });
      expect(JSON.stringify(initializeResult(INFO, options, requested))).toBe(JSON.stringify(sdk));
    }
  });
});
