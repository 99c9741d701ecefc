import { afterEach, describe, expect, it } from "vitest";
import { server } from "../index.js";
import { type FetchHandler, toFetchHandler } from "./fetch.js";

const LEGACY = "2025-11-25";

function app(onCancel: () => void) {
  return server({ name: "sessions", version: "1.0.0" })
    .tool("echo", { description: "Echo." }, () => "echo")
    .tool("hang", { description: "Runs until cancelled." }, (_args, ctx) => {
      return new Promise<string>((_resolve, reject) => {
        ctx.signal.addEventListener("abort", () => {
          onCancel();
          reject(ctx.signal.reason);
        });
      });
    });
}

let handler: FetchHandler;
afterEach(async () => {
  await handler?.close();
});

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handler.fetch(
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** The first JSON-RPC message of a response, JSON or SSE (past the stream's priming event, which has no data). */
async function message(response: Response): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").find((line) => line.startsWith("data: ") && line.length > "data: ".length);
  return JSON.parse(data!.slice("data: ".length));
}

const initialize = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
};

async function openSession(): Promise<Record<string, string>> {
  const response = await post(initialize);
  expect(response.status).toBe(200);
  const id = response.headers.get("mcp-session-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await response.text();
  const headers = { "mcp-session-id": id!, "mcp-protocol-version": LEGACY };
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers)).status).toBe(202);
  return headers;
}

describe("legacy sessions (toFetchHandler with legacySessions)", () => {
  it("serves a session's requests and delivers its notifications/cancelled to the running handler", async () => {
    let cancelled = 0;
    handler = toFetchHandler(
      app(() => cancelled++),
      { legacySessions: true },
    );
    const session = await openSession();

    const echo = await message(
      await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo" } }, session),
    );
    expect(echo.result?.content).toEqual([{ type: "text", text: "echo" }]);

    const hanging = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "hang" } }, session);
    expect(hanging.status).toBe(200);
    const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2, reason: "stop" } };
    expect((await post(cancel, session)).status).toBe(202);
    await expect.poll(() => cancelled).toBe(1);
    await hanging.body?.cancel();
  });

  it("answers an unknown or deleted session with 404, the cue to re-initialize", async () => {
    handler = toFetchHandler(
      app(() => {}),
      { legacySessions: true },
    );
    const session = await openSession();
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };

    const unknown = await post(list, { ...session, "mcp-session-id": "00000000-0000-0000-0000-000000000000" });
    expect(unknown.status).toBe(404);
    expect((await message(unknown)).error?.code).toBe(-32001);

    const deleted = await handler.fetch(new Request("http://127.0.0.1/mcp", { method: "DELETE", headers: session }));
    expect(deleted.status).toBe(200);
    expect((await post(list, session)).status).toBe(404);
  });

  it("leaves 2026-07-28 requests and session-less legacy requests to the stateless handler", async () => {
    handler = toFetchHandler(
      app(() => {}),
      { legacySessions: true },
    );
    // A 2026-07-28 request: a stray Mcp-Session-Id is ignored, as the spec requires.
    const modern = await post(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list", "mcp-session-id": "not-a-session" },
    );
    expect(modern.status).toBe(200);
    expect((await message(modern)).result?.resultType).toBe("complete");

    // A legacy request that never initialized is served statelessly, as without sessions.
    const stateless = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" }, { "mcp-protocol-version": LEGACY });
    expect(stateless.status).toBe(200);
    expect(stateless.headers.get("mcp-session-id")).toBeNull();
    expect((await message(stateless)).result?.tools).toHaveLength(2);
  });

  it("closes the least recently used session when the cap is reached", async () => {
    handler = toFetchHandler(
      app(() => {}),
      { legacySessions: { maxSessions: 2 } },
    );
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const first = await openSession();
    const second = await openSession();
    expect((await post(list, first)).status).toBe(200); // first is now the most recently used
    const third = await openSession();
    expect((await post(list, second)).status).toBe(404);
    expect((await post(list, first)).status).toBe(200);
    expect((await post(list, third)).status).toBe(200);
  });

  it("closes a session left idle longer than idleMs", async () => {
    handler = toFetchHandler(
      app(() => {}),
      { legacySessions: { idleMs: 50 } },
    );
    const session = await openSession();
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    expect((await post(list, session)).status).toBe(200);
    // The sweep runs every idleMs; waiting a few periods lets it find the session idle.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await post(list, session)).status).toBe(404);
  });

  it("refuses limits that are not positive whole numbers, at start-up", () => {
    expect(() =>
      toFetchHandler(
        app(() => {}),
        { legacySessions: { maxSessions: 0 } },
      ),
    ).toThrow("legacySessions.maxSessions must be a positive whole number, got 0");
  });

  it("gives no session without the option (serverless default)", async () => {
    handler = toFetchHandler(app(() => {}));
    const response = await post(initialize);
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    await response.text();
  });
});
