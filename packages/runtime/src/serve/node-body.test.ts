import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resolveGuards } from "./guards.js";
import { withParsedBody } from "./node-body.js";

const LIMIT = 64;

interface Seen {
  method: string | undefined;
  parsedBody: unknown;
  argCount: number;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose inner handler records what it was given and answers 200. */
async function listen(seen: Seen[]): Promise<string> {
  const inner = async (req: IncomingMessage, res: ServerResponse, ...rest: unknown[]) => {
    seen.push({ method: req.method, parsedBody: rest[0], argCount: 2 + rest.length });
    res.writeHead(200).end("ok");
  };
  const handle = withParsedBody(inner, resolveGuards({ maxBodyBytes: LIMIT }));
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

describe("withParsedBody", () => {
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

  it("hands the inner handler the parsed JSON body", async () => {
    const seen: Seen[] = [];
    const url = await listen(seen);
    const answer = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1 }) });
    expect(answer.status).toBe(200);
    expect(seen).toEqual([{ method: "POST", parsedBody: { jsonrpc: "2.0", id: 1 }, argCount: 3 }]);
  });

  it("passes no body for invalid JSON, so the SDK answers it as a parse error", async () => {
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
    expect(seen).toEqual([{ method: "GET", parsedBody: undefined, argCount: 2 }]);
  });

  it("answers 413 for a body over the limit, declared or chunked, without calling the handler", async () => {
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
    await new Promise<void>((resolve) => {
      const req = request(url, { method: "POST", headers: { "content-length": "50" } });
      req.on("error", () => resolve());
      req.write("{", () => setTimeout(() => req.destroy(), 50));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    // Still serving.
    expect((await fetch(url, { method: "POST", body: "{}" })).status).toBe(200);
  });
});
