// Leak tests (`*.leak.test.ts`): a server in a child process with a small heap takes tens of thousands of cycles of
// traffic, then the test asks it for its resident set size after collecting garbage (test/fixtures/leak/probe.mjs).
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ROOT, stopProcess } from "./servers.js";

export const MCPSMITH_CHURN_SERVER = fileURLToPath(new URL("../fixtures/leak/mcpsmith-server.mjs", import.meta.url));
export const SDK_CHURN_SERVER = fileURLToPath(new URL("../fixtures/leak/sdk-server.mjs", import.meta.url));

/** The heap each churn server gets: a leak of a few KB per cycle exhausts it within the run. */
export const HEAP_MB = 64;

/** How far (bytes) a server's memory may stand above the SDK's after the same traffic. */
export const RSS_MARGIN = 50 * 1024 * 1024;

export interface ChurnServer {
  url: URL;
  /** Whether the process is still running (a heap exhausted kills it). */
  alive(): boolean;
  /** Its resident set size after a full garbage collection, in bytes. */
  rss(): Promise<number>;
  stderr(): string;
  close(): Promise<void>;
}

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/;

/** Starts `node --max-old-space-size=HEAP_MB --expose-gc script ...args` and waits for its "listening on" line. */
export async function startChurnServer(script: string, args: string[] = []): Promise<ChurnServer> {
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, "--expose-gc", script, ...args], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let log = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    log += chunk;
  });
  const answers = createInterface({ input: child.stdout! });
  const url = await new Promise<URL>((resolve, reject) => {
    const onData = () => {
      const match = LISTENING.exec(log);
      if (match?.[1]) resolve(new URL(match[1]));
    };
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`exited (${code ?? signal}) before listening:\n${log}`)));
  });
  return {
    url,
    alive: () => isRunning(child),
    rss: () =>
      new Promise<number>((resolve, reject) => {
        if (!isRunning(child)) return reject(new Error(`the server is gone:\n${log.slice(-2_000)}`));
        answers.once("line", (line) => resolve((JSON.parse(line) as { rss: number }).rss));
        child.stdin?.write("rss\n");
      }),
    stderr: () => log,
    close: () => stopProcess(child),
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Runs `cycle` `count` times, `inFlight` at a time (`lane` says which of them runs it, for state one lane keeps); the
 * first failure stops the run and is thrown.
 */
export async function churn(count: number, inFlight: number, cycle: (lane: number) => Promise<void>): Promise<void> {
  let started = 0;
  const lane = async (index: number) => {
    while (started < count) {
      started += 1;
      await cycle(index);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, index) => lane(index)));
}

/** The headers of a legacy (2025-11-25) POST; with a session id, the ones of a request inside that session. */
export function legacyHeaders(sessionId?: string): Record<string, string> {
  return {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    ...(sessionId !== undefined && { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" }),
  };
}

/** `initialize` as a 2025-11-25 client sends it; resolves to the new session's id. */
export async function openSession(url: URL, capabilities: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: legacyHeaders(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "churn", version: "1.0.0" } },
    }),
  });
  await response.text();
  const id = response.headers.get("mcp-session-id");
  if (id === null) throw new Error(`initialize was answered ${response.status} without a session`);
  return id;
}

/** POSTs a message inside a session and reads the whole answer. */
export async function send(url: URL, sessionId: string, message: Record<string, unknown>): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    headers: legacyHeaders(sessionId),
    body: JSON.stringify(message),
  });
  await response.arrayBuffer();
  return response;
}

/** Ends a session with DELETE. */
export async function deleteSession(url: URL, sessionId: string): Promise<void> {
  const response = await fetch(url, { method: "DELETE", headers: legacyHeaders(sessionId) });
  await response.arrayBuffer();
}

/**
 * Opens a session's GET stream, waits for its headers, and drops the connection. A session has one GET stream at a
 * time: while the server has not yet seen the last one close, it answers 409, and the client retries as clients do.
 */
export async function openAndDropStream(url: URL, sessionId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { ...legacyHeaders(sessionId), accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (response.ok) {
      controller.abort();
      await response.body?.cancel().catch(() => {});
      return;
    }
    const refusal = await response.text();
    if (response.status !== 409 || attempt === RECONNECTS) {
      throw new Error(`the GET stream was refused: ${response.status} ${refusal}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
  }
}

/** How often, and after how long, a client reconnects a stream the server still holds open. */
const RECONNECTS = 200;
const RECONNECT_DELAY_MS = 10;

/** POSTs a message in a session and reads its answer as text, with the controller that drops the connection. */
async function postInSession(url: URL, sessionId: string, message: object) {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    headers: legacyHeaders(sessionId),
    body: JSON.stringify(message),
    signal: controller.signal,
  });
  return { controller, reader: response.body!.pipeThrough(new TextDecoderStream()).getReader() };
}

/**
 * Reads a POST's SSE answer until `marker` appears in it, then drops the connection: the client got what the server
 * sent it (an input request) and never answers.
 */
export async function postAndDropAfter(url: URL, sessionId: string, message: object, marker: string): Promise<void> {
  const { controller, reader } = await postInSession(url, sessionId, message);
  let text = "";
  while (!text.includes(marker)) {
    const read = await reader.read();
    if (read.done) throw new Error(`the answer ended before "${marker}": ${text}`);
    text += read.value;
  }
  controller.abort();
  await reader.cancel().catch(() => {});
}

/**
 * Calls a tool in a session with a progress token, drops the connection once its progress came (a stream cut in
 * the middle of a call), and resumes the stream with `Last-Event-ID` until the answer; resolves to what the resumed
 * stream carried.
 */
export async function callCutAndResume(url: URL, sessionId: string, message: object): Promise<string> {
  const { controller, reader } = await postInSession(url, sessionId, message);
  let text = "";
  let lastEventId: string | undefined;
  while (lastEventId === undefined) {
    const read = await reader.read();
    if (read.done) throw new Error(`the answer ended before its progress: ${text}`);
    text += read.value;
    lastEventId = /id: (\d+)\ndata: [^\n]*"notifications\/progress"/.exec(text)?.[1];
  }
  controller.abort();
  await reader.cancel().catch(() => {});
  const resumed = await fetch(url, {
    headers: { ...legacyHeaders(sessionId), accept: "text/event-stream", "last-event-id": lastEventId },
  });
  const rest = await resumed.text();
  if (!rest.includes('"result"')) throw new Error(`the resumed stream carried no answer: ${resumed.status} ${rest}`);
  return rest;
}

/** The `_meta` envelope and headers of a 2026-07-28 request, from a client that accepts tasks. */
export function modernPost(method: string, params: Record<string, unknown>, name?: string): RequestInit {
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "churn", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
  };
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name !== undefined && { "mcp-name": name }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta } }),
  };
}
