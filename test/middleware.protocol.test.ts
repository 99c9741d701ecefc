// Middleware through every official client (v2 in legacy, auto and pinned-2026 modes, and v1) over in-memory,
// stdio and HTTP: the order of the hooks, arguments rewritten and results shaped, short-circuits, errors from
// below and from a hook, a tool's timeout, and the request log. The server is test/fixtures/middleware-server.mjs,
// whose middleware record what they see and whose `trace` tool returns the record.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { middlewareApp } from "./fixtures/middleware-server.mjs";
import {
  CLIENTS,
  type ClientKind,
  ClientMatrix,
  type Connection,
  connectClient,
  type TestClient,
  type TransportKind,
} from "./support/clients.js";
import { rpcError } from "./support/rpc-error.js";
import { type SpawnedHttpServer, spawnHttpServer, stdioCommand } from "./support/servers.js";

const MIDDLEWARE_SERVER = fileURLToPath(new URL("./fixtures/middleware-server.mjs", import.meta.url));
const TRANSPORTS: readonly TransportKind[] = ["in-memory", "stdio", "http"];

const textsOf = (result: { content?: unknown }) => (result.content as { text?: string }[]).map((item) => item.text);

async function traceOf(client: TestClient): Promise<string[]> {
  const result = await client.callTool({ name: "trace", arguments: {} });
  return (result.structuredContent as { trace: string[] }).trace;
}

describe.each(TRANSPORTS)("middleware over %s", (transport) => {
  let http: SpawnedHttpServer | undefined;
  // In memory, each client gets its own app, whose request log is collected here.
  const memoryLogs = new Map<ClientKind, string[]>();
  const clients = new ClientMatrix();

  const connection = (kind: ClientKind): Connection => {
    if (transport === "in-memory") {
      const lines: string[] = [];
      memoryLogs.set(kind, lines);
      return { transport, target: middlewareApp({ write: (line) => lines.push(line) }) };
    }
    if (transport === "stdio") return { transport, command: stdioCommand(MIDDLEWARE_SERVER) };
    if (!http) throw new Error("the HTTP server did not start");
    return { transport, url: http.url };
  };

  beforeAll(async () => {
    if (transport === "http") http = await spawnHttpServer(MIDDLEWARE_SERVER, ["--http", "0"]);
    clients.connectAll((kind) => connectClient(kind, connection(kind)));
  });
  afterAll(async () => {
    await clients.closeAll();
    await http?.close();
  });

  describe.each(CLIENTS)("with the $kind client", (spec) => {
    let client: TestClient;
    beforeAll(async () => {
      client = await clients.client(spec.kind);
      await traceOf(client); // starts each cell with an empty record
    });

    const log = () => {
      if (transport === "in-memory") return memoryLogs.get(spec.kind)!.join("");
      return transport === "stdio" ? client.stderr() : http!.stderr();
    };

    it("runs the hooks in order, first registered outermost; a tool hook rewrites arguments and shapes the result", async () => {
      const result = await client.callTool({ name: "echo", arguments: { text: "hi" } });
      expect(textsOf(result)).toEqual(["HI", "shaped"]);
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        `A> tool echo ${spec.era}`,
        `B> tool echo ${spec.era}`,
        "handler echo HI",
        "B< tool echo",
        "A< tool echo",
        "B< tools/call",
        "A< tools/call",
      ]);
    });

    it("passes an isError result out through every hook", async () => {
      const result = await client.callTool({ name: "fails", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textsOf(result)).toEqual(["the tool failed"]);
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        `A> tool fails ${spec.era}`,
        `B> tool fails ${spec.era}`,
        "B< tool fails isError",
        "A< tool fails isError",
        "B< tools/call isError",
        "A< tools/call isError",
      ]);
    });

    it("short-circuits: a request hook answers, and nothing inside it runs", async () => {
      const result = await client.callTool({ name: "blocked", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textsOf(result)).toEqual(["blocked by middleware"]);
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        "B< tools/call isError",
        "A< tools/call isError",
      ]);
    });

    it("answers with the ProtocolError a hook throws; outer hooks see it", async () => {
      const error = await rpcError(client.callTool({ name: "refused", arguments: {} }));
      expect(error).toMatchObject({ code: -32001, message: expect.stringContaining("refused by middleware") });
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        "B! tools/call -32001",
        "A! tools/call -32001",
      ]);
    });

    it("lets errors from below through unchanged (an unknown tool is -32602)", async () => {
      const error = await rpcError(client.callTool({ name: "no_such_tool", arguments: {} }));
      expect(error.code).toBe(-32602);
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        "B! tools/call -32602",
        "A! tools/call -32602",
      ]);
    });

    it("answers a broken hook with -32603, never with its error's text", async () => {
      const error = await rpcError(client.callTool({ name: "hook_crash", arguments: {} }));
      expect(error.code).toBe(-32603);
      expect(error.message).not.toContain("secret detail");
      expect(await traceOf(client)).toEqual([
        "A> tools/call",
        "B> tools/call",
        `A> tool hook_crash ${spec.era}`,
        `B> tool hook_crash ${spec.era}`,
        "B! tools/call -32603",
        "A! tools/call -32603",
      ]);
    });

    it("answers a tool past its timeout with isError, and aborts its signal with a TimeoutError", async () => {
      const result = await client.callTool({ name: "slow", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textsOf(result)).toEqual(['Tool "slow" timed out after 200 ms']);
      const trace = await traceOf(client);
      expect(trace).toContain("handler slow aborted: TimeoutError");
      expect(trace.at(-1)).toBe("A< tools/call isError");
    });

    it("logs one JSON line per request, every method included, and no argument values", async () => {
      const marker = `marker-${spec.kind.replaceAll(" ", "-")}-${transport}`;
      await client.callTool({ name: "echo", arguments: { text: marker } });
      const entries = log()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      // In memory, the v2 legacy client is a linked pair; the others reach the fetch handler, which is HTTP.
      const expectedTransport = transport !== "in-memory" ? transport : spec.kind === "v2 legacy" ? "memory" : "http";
      expect(entries).toContainEqual(
        expect.objectContaining({
          transport: expectedTransport,
          era: spec.era,
          method: "tools/call",
          name: "echo",
          outcome: "ok",
          ms: expect.any(Number),
        }),
      );
      // The SDK's own handlers run inside the request hooks too: a legacy client's initialize is logged.
      if (spec.era === "legacy") {
        expect(entries).toContainEqual(expect.objectContaining({ method: "initialize", era: "legacy", outcome: "ok" }));
      }
      expect(log()).not.toContain(marker.toUpperCase());
      expect(log()).not.toContain(marker);
    });
  });
});
