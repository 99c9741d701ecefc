// Property-based hostile input: fast-check throws generated JSON-RPC messages, headers and bodies at a server over
// HTTP and over stdio (a real process each: test/fixtures/middleware-server.mjs, whose middleware and timeouts are
// in the path too). For every input: an answer within the hang guard, a well-formed one (a JSON-RPC error with an
// integer code and a message, a result, or an empty 202), never a 5xx; then the next good request is answered, and
// the process is still alive at the end. A failing case is shrunk by fast-check to its smallest form.
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, MODERN, modernHeaders, readAnswer, toolCall } from "./support/http.js";
import { type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { StdioPeer } from "./support/stdio-peer.js";

const SERVER = fileURLToPath(new URL("./fixtures/middleware-server.mjs", import.meta.url));
/** A hang guard, not a speed assertion: an answer that has not come by then never will. */
const HANG_GUARD_MS = 10_000;
const RUNS = 60;

const METHODS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "server/discover",
  "subscriptions/listen",
  "tasks/get",
  "notifications/cancelled",
  "notifications/initialized",
];
const TOOLS = ["echo", "fails", "blocked", "refused", "hook_crash", "slow", "trace", "no_such_tool"];

/** Any JSON, shallow or nested up to 200 levels (past the 128-level limit), in the places a message has values. */
const anyJson = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 200 })
      .map((depth) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`)),
  },
);

/** Something shaped like a JSON-RPC message, right or wrong in any part. */
const message = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant("2.0"), fc.constant("1.0"), anyJson),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), anyJson),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 30 }), anyJson),
    params: fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.constantFrom(...TOOLS), anyJson),
          arguments: fc.oneof(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 4 }), anyJson),
          _meta: fc.oneof(fc.constant(envelope()), fc.constant(envelope("2099-01-01")), anyJson),
          protocolVersion: fc.constantFrom("2025-11-25", MODERN, "nope"),
        },
        { requiredKeys: [] },
      ),
      anyJson,
    ),
    result: anyJson,
  },
  { requiredKeys: [] },
);

/** A body: a message, a batch of them, other JSON, text that is not JSON, or a good message cut short. */
const body = fc.oneof(
  { weight: 4, arbitrary: message.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.array(message, { maxLength: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value) ?? "") },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .constant(toolCall("echo", { text: "cut" }).body)
      .chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
  },
);

/** A header value that HTTP can carry (visible ASCII and spaces), or one of the values that mean something. */
const headerValue = (meaningful: readonly string[]) =>
  fc.oneof(fc.constantFrom(...meaningful), fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,40}$/));

const headers = fc.record(
  {
    "Content-Type": headerValue(["application/json", "application/json; charset=utf-8", "text/plain"]),
    Accept: headerValue(["application/json, text/event-stream", "text/event-stream", "application/json"]),
    "MCP-Protocol-Version": headerValue([MODERN, "2025-11-25", "2099-01-01"]),
    "Mcp-Method": headerValue(METHODS),
    "Mcp-Name": headerValue(TOOLS),
    "Mcp-Session-Id": headerValue(["00000000-0000-0000-0000-000000000000"]),
  },
  { requiredKeys: [] },
);

/** A JSON-RPC error or result, well-formed: what every JSON body the server sends must be. */
function expectWellFormed(message: unknown, context: string): void {
  expect(message, context).toMatchObject({ jsonrpc: "2.0" });
  const { error, result } = message as { error?: { code?: unknown; message?: unknown }; result?: unknown };
  if (error !== undefined) {
    expect(Number.isInteger(error.code), context).toBe(true);
    expect(typeof error.message, context).toBe("string");
  } else {
    expect(typeof result, context).toBe("object");
  }
}

describe("hostile input over HTTP (property-based)", () => {
  let server: SpawnedHttpServer;
  beforeAll(async () => {
    server = await spawnHttpServer(SERVER, ["--http", "0"]);
  });
  afterAll(() => server?.close());

  async function send(method: string, init: { headers: Record<string, string>; body?: string }) {
    const response = await fetch(server.url, {
      method,
      headers: init.headers,
      ...(init.body !== undefined && { body: init.body }),
      signal: AbortSignal.timeout(HANG_GUARD_MS),
    });
    return readAnswer(response);
  }

  async function expectStillServes(): Promise<void> {
    const call = toolCall("echo", { text: "still here" });
    const answer = await send("POST", call);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({
      content: [{ type: "text", text: "STILL HERE" }, { text: "shaped" }],
    });
  }

  const check = async (method: string, sent: { headers: Record<string, string>; body?: string }) => {
    const context = `${method} ${JSON.stringify(sent.headers)} ${sent.body?.slice(0, 300)}`;
    const answer = await send(method, sent);
    expect(answer.status, `${context}\n-> ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    const type = answer.headers.get("content-type") ?? "";
    if (type.includes("json") || (type.startsWith("text/event-stream") && answer.text.includes("data:"))) {
      expectWellFormed(answer.message, `${context}\n-> ${answer.text.slice(0, 300)}`);
    } else if (method === "POST" && answer.status < 300) {
      expect(answer.status, context).toBe(202);
    }
    await expectStillServes();
  };

  it("answers generated bodies under good headers", async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(...METHODS), async (text, method) =>
        check("POST", { headers: modernHeaders(method, "echo"), body: text }),
      ),
      { numRuns: RUNS },
    );
  });

  it("answers generated headers around good and bad bodies, on POST, GET and DELETE", async () => {
    const good = toolCall("echo", { text: "hi" }).body;
    await fc.assert(
      fc.asyncProperty(
        headers,
        fc.oneof(fc.constant(good), body),
        fc.constantFrom("POST", "POST", "GET", "DELETE"),
        async (sent, text, method) => check(method, { headers: sent, ...(method === "POST" && { body: text }) }),
      ),
      { numRuns: RUNS },
    );
  });

  it("answers generated legacy traffic (no 2026-07-28 headers)", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (text) =>
        check("POST", {
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
          body: text,
        }),
      ),
      { numRuns: RUNS },
    );
  });
});

const idOf = (line: unknown) => (line as { id?: unknown }).id;

describe("hostile input over stdio (property-based)", () => {
  let peer: StdioPeer;
  let probes = 0;
  beforeAll(() => {
    peer = new StdioPeer(SERVER, [], HANG_GUARD_MS);
  });
  afterAll(() => {
    peer?.child.kill("SIGKILL");
  });

  /** A 2026-07-28 tools/call with an id no generated message has: answered iff the server still serves. */
  async function expectStillServes(from: number): Promise<void> {
    const id = `probe-${probes++}`;
    const params = { name: "echo", arguments: { text: "probe" }, _meta: envelope() };
    peer.write(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }));
    const answer = await peer.next(from, (line) => idOf(line) === id);
    expect(answer).toMatchObject({ jsonrpc: "2.0", id, result: { content: [{ text: "PROBE" }, { text: "shaped" }] } });
  }

  it("answers every generated line, well-formed, and the next request after it", async () => {
    let unique = 0;
    const line = fc.oneof(
      // A message whose id, when it is a request's, is unique: its answer can then be waited for.
      { weight: 4, arbitrary: message.map((value) => ({ value, id: `generated-${unique++}` })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ text: text.replaceAll("\n", " ") })) },
      { weight: 1, arbitrary: anyJson.map((value) => ({ text: JSON.stringify(value) ?? "null" })) },
    );
    await fc.assert(
      fc.asyncProperty(line, async (generated) => {
        const from = peer.lines.length;
        let text: string;
        let awaited: string | undefined;
        if ("text" in generated) {
          text = generated.text;
        } else {
          const value = { ...generated.value } as Record<string, unknown>;
          // A request (an id and a string method) gets an answer carrying its id; make that id one to wait for.
          if (typeof value.method === "string" && "id" in value && value.id !== null && value.result === undefined) {
            value.id = generated.id;
            awaited = generated.id;
          }
          text = JSON.stringify(value);
        }
        peer.write(text);
        await expectStillServes(from);
        if (awaited !== undefined) await peer.next(from, (answer) => idOf(answer) === awaited);
        for (const written of peer.lines.slice(from)) {
          if ((written as { method?: unknown }).method !== undefined) continue; // a notification
          expectWellFormed(written, `${text.slice(0, 300)}\n-> ${JSON.stringify(written).slice(0, 300)}`);
        }
      }),
      { numRuns: RUNS * 2 },
    );
    expect(peer.child.exitCode).toBeNull();
  }, 300_000);
});
