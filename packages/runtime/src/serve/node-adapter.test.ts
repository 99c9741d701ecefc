import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseBody } from "./body.js";
import { checkHostAndOrigin, resolveGuards } from "./guards.js";
import { toNodeListener } from "./node-adapter.js";
import { pipeline } from "./pipeline.js";

const LIMIT = 64;

interface Seen {
  method: string;
  parsedBody: unknown;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** The endpoint's guards and body step on a real port, in front of a last stage that records what reached it. */
async function listen(seen: Seen[]): Promise<string> {
  const guards = resolveGuards({ maxBodyBytes: LIMIT });
  const handle = toNodeListener({
    handle: pipeline([checkHostAndOrigin(guards), parseBody(guards.maxBodyBytes)], async (exchange) => {
      seen.push({ method: exchange.request.method, parsedBody: exchange.body });
      return new Response("ok");
    }),
  });
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

describe("toNodeListener", () => {
  it("refuses a foreign Host or Origin before reading the body", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    const foreignOrigin = await fetch(url, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: "x".repeat(LIMIT * 4),
    });
    expect(foreignOrigin.status).toBe(403);
    expect(((await foreignOrigin.json()) as { error: { message: string } }).error.message).toContain("evil.example");
    const foreignHost = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { host: "evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end("{}");
    });
    expect(foreignHost).toBe(403);
    expect(seen).toEqual([]);
  });

  it("hands the endpoint the parsed JSON body, read from Node", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    const answer = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1 }) });
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ method: "POST", parsedBody: { jsonrpc: "2.0", id: 1 } }]);
  });

  it("passes no parsed body for invalid JSON, so the SDK answers it as a parse error", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    await fetch(url, { method: "POST", body: "{not json" });
    await fetch(url, { method: "POST", body: "" });
    expect(seen.map((s) => s.parsedBody)).toEqual([undefined, undefined]);
  });

  it("does not read GET requests", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    await fetch(url);
    expect(seen).toEqual([{ method: "GET", parsedBody: undefined }]);
  });

  it("answers 413 for a body over the limit, declared or chunked, before the body ends", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    const declared = await fetch(url, { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: { code: number } }).error.code).toBe(-32000);

    // Chunked, never ended: the answer must come once the limit is passed, not when the body ends.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(new URL(url), { method: "POST" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on("error", reject);
      for (let i = 0; i < 10; i++) req.write("x".repeat(16));
    });
    expect(chunked).toBe(413);
    expect(seen).toEqual([]);
  });

  it("gives up quietly when the client goes away mid-body", async () => {
    const seen: Seen[] = [];
    const url = new URL(await listen(seen));
    const goneOnServer = new Promise((resolve) => server!.once("request", (req) => req.once("close", resolve)));
    await new Promise<void>((resolve) => {
      const req = request(url, { method: "POST", headers: { "content-length": "50" } });
      req.on("error", () => resolve());
      req.write("{", () => req.destroy());
    });
    await goneOnServer;
    // Still serving, and only the second request reached the last stage.
    expect((await fetch(url, { method: "POST", body: "{}" })).status).toBe(200);
    expect(seen).toEqual([{ method: "POST", parsedBody: {} }]);
  });
});

describe("toNodeListener: responses", () => {
  async function serveAnswer(answer: (signal: AbortSignal) => Response): Promise<string> {
    const handle = toNodeListener({ handle: async ({ request }) => answer(request.signal) });
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  }

  it("writes a JSON answer whole, with its length, and keeps every header", async () => {
    const url = await serveAnswer(() => {
      const response = Response.json({ ok: true }, { status: 201, headers: { "mcp-session-id": "s" } });
      response.headers.append("set-cookie", "a=1");
      response.headers.append("set-cookie", "b=2");
      return response;
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-length")).toBe(String(JSON.stringify({ ok: true }).length));
    expect(answer.headers.get("mcp-session-id")).toBe("s");
    expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it("streams an event stream as it is produced, and aborts the request when the client goes away", async () => {
    let aborted = false;
    let cancelled = false;
    let push: ((text: string) => void) | undefined;
    const url = await serveAnswer((signal) => {
      signal.addEventListener("abort", () => (aborted = true));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    const client = new AbortController();
    const answering = fetch(url, { signal: client.signal });
    // Node sends the headers with the first chunk.
    await expect.poll(() => push).toBeDefined();
    push!("data: 1\n\n");
    const reader = (await answering).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: 1\n\n");
    client.abort();
    await expect.poll(() => aborted && cancelled).toBe(true);
  });
});
