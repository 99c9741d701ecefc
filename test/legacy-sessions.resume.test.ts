// A legacy session's SSE stream cut in the middle of a call is resumed by the official clients with Last-Event-ID:
// they receive what the server sent while they were away, then the result. A resume the session can no longer
// serve whole is refused, saying why.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { legacyHeaders, openSession } from "./support/churn.js";
import { type ServeHandle, serve, server } from "./support/runtime.js";

/** A tool that reports progress, waits until the test lets it go on, reports again and answers. */
function reporting(gate: Gate) {
  return server({ name: "resumable", version: "1.0.0" })
    .tool("report", { description: "Reports progress twice around a pause." }, async (_args, ctx) => {
      await ctx.progress(1, 2, "first half");
      await gate.opened;
      await ctx.progress(2, 2, "second half");
      gate.finishing();
      return "done";
    })
    .tool(
      "talk",
      {
        description: "Reports progress with a message of `size` characters.",
        input: { type: "object", properties: { size: { type: "number" } } },
      },
      async ({ size }, ctx) => {
        await ctx.progress(1, 1, "x".repeat(Number(size)));
        return "said";
      },
    );
}

interface Gate {
  opened: Promise<void>;
  open(): void;
  finished: Promise<void>;
  finishing(): void;
}

function gate(): Gate {
  let open = () => {};
  let finishing = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const finished = new Promise<void>((resolve) => {
    finishing = resolve;
  });
  return { opened, open, finished, finishing };
}

interface Cut {
  /** The `Last-Event-ID` of each resume the client made. */
  resumes: string[];
}

/**
 * A `fetch` that drops the connection of the first `tools/call` as soon as a progress notification came through it
 * (the client sees its stream fail, as on a network reset). `replayed`: the tool goes on at once, and the client's
 * resume is let through once the tool has sent everything, so that all it receives is replayed. Otherwise the tool
 * goes on once the resumed stream is open, and the rest reaches the client live on it.
 */
function cuttingFetch(toolGate: Gate, cut: Cut, replayed: boolean): typeof fetch {
  let done = false;
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const lastEventId = headers.get("last-event-id");
    const resuming = init?.method === "GET" && lastEventId !== null;
    if (resuming) {
      cut.resumes.push(lastEventId);
      if (replayed) await toolGate.finished;
    }
    const connection = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, connection.signal]) : connection.signal;
    const response = await fetch(input, { ...init, signal });
    if (resuming && !replayed) toolGate.open();
    const isCall = init?.method === "POST" && String(init.body).includes('"tools/call"');
    if (done || !isCall || !response.body) return response;
    done = true;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const read = await reader.read();
        if (read.done) return controller.close();
        controller.enqueue(read.value);
        seen += decoder.decode(read.value, { stream: true });
        if (seen.includes("notifications/progress")) {
          connection.abort();
          controller.error(new TypeError("terminated: other side closed"));
          if (replayed) toolGate.open();
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** Reconnect at once: the client's default waits a second first. */
const RECONNECTION = {
  initialReconnectionDelay: 1,
  maxReconnectionDelay: 1,
  reconnectionDelayGrowFactor: 1,
  maxRetries: 2,
};

interface Caller {
  call(name: string, onprogress: (progress: { progress: number; message?: string }) => void): Promise<unknown>;
  errors: string[];
  close(): Promise<void>;
}

async function connect(kind: "v2 legacy" | "v1", url: URL, fetch: typeof globalThis.fetch): Promise<Caller> {
  const errors: string[] = [];
  const info = { name: "resuming", version: "1.0.0" };
  if (kind === "v1") {
    const client = new V1Client(info);
    const transport = new V1StreamableHTTPClientTransport(url, { fetch, reconnectionOptions: RECONNECTION });
    await client.connect(transport);
    transport.onerror = (error) => errors.push(error.message);
    return {
      call: (name, onprogress) => client.callTool({ name, arguments: {} }, undefined, { onprogress }),
      errors,
      close: () => client.close(),
    };
  }
  const client = new Client(info);
  const transport = new StreamableHTTPClientTransport(url, { fetch, reconnectionOptions: RECONNECTION });
  await client.connect(transport);
  transport.onerror = (error) => errors.push(error.message);
  return {
    call: (name, onprogress) => client.callTool({ name, arguments: {} }, { onprogress }),
    errors,
    close: () => client.close(),
  };
}

let handle: ServeHandle | undefined;
let caller: Caller | undefined;
afterEach(async () => {
  await caller?.close();
  await handle?.close();
  caller = undefined;
  handle = undefined;
});

describe.each([
  { fastPath: true, path: "the fast path" },
  { fastPath: false, path: "the SDK path" },
])("a legacy session's stream resumed with Last-Event-ID ($path)", ({ fastPath }) => {
  it.each([
    { kind: "v2 legacy", replayed: true, when: "after the call ended" },
    { kind: "v2 legacy", replayed: false, when: "while the call runs" },
    { kind: "v1", replayed: true, when: "after the call ended" },
    { kind: "v1", replayed: false, when: "while the call runs" },
  ] as const)("gives the $kind client what it missed, then the result, resumed $when", async ({ kind, replayed }) => {
    const toolGate = gate();
    handle = await serve(reporting(toolGate), { http: { port: 0 }, fastPath, exitOnShutdown: false });
    const cut: Cut = { resumes: [] };
    caller = await connect(kind, handle.url!, cuttingFetch(toolGate, cut, replayed));
    const progress: { progress: number; message?: string }[] = [];

    const result = await caller.call("report", (update) => progress.push(update));

    expect(result).toMatchObject({ content: [{ type: "text", text: "done" }] });
    expect(progress.map(({ progress, message }) => [progress, message])).toEqual([
      [1, "first half"],
      [2, "second half"],
    ]);
    expect(cut.resumes).toHaveLength(1);
    expect(cut.resumes[0]).toMatch(/^\d+$/);
  });

  it("refuses a Last-Event-ID the session dropped, or never sent, saying so", async () => {
    handle = await serve(reporting(gate()), {
      http: { port: 0, legacySessions: { maxEvents: 4 } },
      fastPath,
      exitOnShutdown: false,
    });
    const url = handle.url!;
    const sessionId = await openSession(url);
    const first = await eventIdsOf(url, sessionId, 1);
    // Each call sends a priming event, its progress and its answer: four events later, the first is dropped.
    await eventIdsOf(url, sessionId, 2);
    await eventIdsOf(url, sessionId, 3);

    const dropped = await resume(url, sessionId, first[0]!);
    expect(dropped.status).toBe(400);
    expect(((await dropped.json()) as { error: { message: string } }).error.message).toBe(
      `Bad Request: Last-Event-ID ${first[0]} is no longer held: a session keeps its latest events only (legacySessions.maxEvents, maxEventBytes), and what came after it may be lost. Send the request again.`,
    );
    const unknown = await resume(url, sessionId, "999999");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      "Bad Request: Last-Event-ID 999999 names no event this session sent.",
    );
    // One still held replays the rest of its stream: the answer.
    const held = await eventIdsOf(url, sessionId, 4);
    const replayed = await (await resume(url, sessionId, held[1]!)).text();
    expect(replayed).toContain(`"id":4`);
    expect(replayed).toContain(`"text":"said"`);
  });

  it("keeps no more than maxEventBytes of a session's messages", async () => {
    handle = await serve(reporting(gate()), {
      http: { port: 0, legacySessions: { maxEventBytes: 10_000 } },
      fastPath,
      exitOnShutdown: false,
    });
    const url = handle.url!;
    const sessionId = await openSession(url);
    const ids = await eventIdsOf(url, sessionId, 1, 6_000);
    // The progress (6 KB) is held; a second one pushes it out.
    expect((await resume(url, sessionId, ids[0]!)).status).toBe(200);
    await eventIdsOf(url, sessionId, 2, 6_000);
    expect((await resume(url, sessionId, ids[0]!)).status).toBe(400);
  });
});

/** Calls `talk` in a session (raw, as a 2025-11-25 client) and answers the event ids of its stream, in order. */
async function eventIdsOf(url: URL, sessionId: string, id: number, size = 10): Promise<string[]> {
  const response = await fetch(url, {
    method: "POST",
    headers: legacyHeaders(sessionId),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "talk", arguments: { size }, _meta: { progressToken: id } },
    }),
  });
  const text = await response.text();
  return [...text.matchAll(/^id: (\S+)$/gm)].map((match) => match[1]!);
}

function resume(url: URL, sessionId: string, lastEventId: string): Promise<Response> {
  return fetch(url, {
    headers: { ...legacyHeaders(sessionId), accept: "text/event-stream", "last-event-id": lastEventId },
  });
}
