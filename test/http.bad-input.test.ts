import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { badInputs, callBody, fetchBody } from "./support/bad-input.js";
import {
  envelope,
  type JsonRpcAnswer,
  MODERN,
  modernHeaders,
  post,
  rawRequest,
  readAnswer,
  toolCall,
  upload,
} from "./support/http.js";
import {
  type FetchHandler,
  McpsmithError,
  type ServeHandle,
  serve,
  server,
  toFetchHandler,
} from "./support/runtime.js";

// Every refusal below must leave the server answering: each case ends with a good 2026-07-28 tools/call.
const app = () =>
  server({ name: "bad-input", version: "1.0.0" })
    .tool(
      "echo",
      { description: "Echo the text back.", input: z.object({ text: z.string() }) },
      ({ text }: { text: string }) => text,
    )
    .tool(
      "size",
      { description: "Length of the text.", input: z.object({ text: z.string() }) },
      ({ text }: { text: string }) => text.length,
    );

function expectRpcError(answer: JsonRpcAnswer, status: number, code: number): void {
  expect({ status: answer.status, code: answer.message.error?.code }, answer.text).toEqual({ status, code });
  expect(answer.message.result).toBeUndefined();
}

describe("HTTP endpoint: bad input over a real port", () => {
  let handle: ServeHandle;
  let url: URL;
  const MAX = 4096;

  beforeAll(async () => {
    handle = await serve(app(), { http: { port: 0, maxBodyBytes: MAX }, exitOnShutdown: false });
    url = handle.url!;
  });
  afterAll(() => handle?.close());

  async function expectStillServes(): Promise<void> {
    const call = toolCall("echo", { text: "still here" });
    const answer = await post(url, call.body, call.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({
      content: [{ type: "text", text: "still here" }],
      resultType: "complete",
    });
  }

  it("binds to 127.0.0.1 and answers a good 2026-07-28 tools/call", async () => {
    expect(url.hostname).toBe("127.0.0.1");
    expect(url.pathname).toBe("/mcp");
    await expectStillServes();
  });

  const good = toolCall("echo", { text: "hi" });

  it.each(badInputs(MAX))("refuses $what with HTTP $status ($code), then still serves", async (input) => {
    const answer = await readAnswer(
      await fetch(url, { method: input.method, headers: input.headers, ...fetchBody(input) }),
    );
    if (input.code === undefined) expect(answer.status, answer.text).toBe(input.status);
    else expectRpcError(answer, input.status, input.code);
    await expectStillServes();
  });
  it.each([
    { how: "with its Content-Length", chunked: false },
    { how: "chunked", chunked: true },
  ])(
    "answers an 8 MB body sent $how by Node's http.request (no 100-continue) with a 413 it can read",
    async ({ chunked }) => {
      const answer = await upload(url, good.headers, Buffer.alloc(8 * 1024 * 1024, "x"), { chunked });
      expect(answer).toMatchObject({ status: 413 });
      expect(answer.error).toBeUndefined();
      expect(JSON.parse(answer.text)).toMatchObject({
        error: { code: -32000, message: expect.stringContaining("Payload Too Large") },
      });
      await expectStillServes();
    },
  );

  it("refuses an unsupported version with -32022 naming supported and requested versions", async () => {
    const body = callBody({ name: "echo", arguments: { text: "hi" }, _meta: envelope("2099-01-01") });
    const answer = await post(url, body, modernHeaders("tools/call", "echo", "2099-01-01"));
    expectRpcError(answer, 400, -32022);
    expect(answer.message.error?.data).toEqual({ supported: [MODERN], requested: "2099-01-01" });
    await expectStillServes();
  });

  it("says which header disagreed (-32020 carries the mismatch)", async () => {
    const answer = await post(url, good.body, { ...good.headers, "Mcp-Name": "size" });
    expect(answer.message.error?.message).toContain('params.name="echo"');
    expect(answer.message.error?.data).toMatchObject({ mismatch: { header: "size" } });
  });

  it("decodes a base64-encoded Mcp-Name before comparing it", async () => {
    const encoded = `=?base64?${Buffer.from("echo").toString("base64")}?=`;
    const answer = await post(url, good.body, { ...good.headers, "Mcp-Name": encoded });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: "hi" }] });
  });

  it("acknowledges a 2026 notification POST with 202", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 99, _meta: envelope() },
    });
    const response = await fetch(url, { method: "POST", headers: modernHeaders("notifications/cancelled"), body });
    expect(response.status).toBe(202);
    await expectStillServes();
  });

  it("refuses a foreign Host header with 403 (DNS rebinding), then still serves", async () => {
    const answer = await rawRequest(url, { headers: { ...good.headers, Host: "evil.example" }, body: good.body });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32000, message: "Invalid Host: evil.example" } });
    const local = await rawRequest(url, {
      headers: { ...good.headers, Host: `localhost:${url.port}` },
      body: good.body,
    });
    expect(local.status).toBe(200);
    await expectStillServes();
  });

  it("answers 404 on any other path, then still serves", async () => {
    const other = new URL("/other", url);
    const response = await fetch(other, { method: "POST", headers: good.headers, body: good.body });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("/mcp");
    const nested = await fetch(new URL("/mcp/extra", url), { method: "POST", headers: good.headers, body: good.body });
    expect(nested.status).toBe(404);
    await expectStillServes();
  });

  it("ignores a query string on the endpoint's path", async () => {
    const answer = await post(new URL("/mcp?x=1", url), good.body, good.headers);
    expect(answer.status).toBe(200);
  });

  it("answers a legacy (2025-11-25) initialize on the same endpoint", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "legacy", version: "1.0.0" } },
    });
    const answer = await post(url, body, {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({
      protocolVersion: "2025-11-25",
      serverInfo: { name: "bad-input", version: "1.0.0" },
      capabilities: { tools: {} },
    });
    await expectStillServes();
  });
});

describe("HTTP endpoint: deeply nested JSON, with the default body limit", () => {
  let handle: ServeHandle;
  beforeAll(async () => {
    handle = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
  });
  afterAll(() => handle?.close());

  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const good = toolCall("echo", { text: "hi" });
  // The message, its params and its arguments are three levels: an argument nesting `depth` deep makes 3 + depth.
  const withDeepArgument = (depth: number) => good.body.replace('"arguments":{', `"arguments":{"deep":${deep(depth)},`);

  it.each([
    { what: "a 100,000-deep nested JSON array", body: deep(100_000) },
    { what: "a tools/call whose arguments nest 100,000 deep", body: withDeepArgument(100_000) },
    { what: "a tools/call nesting one level past the limit (128)", body: withDeepArgument(126) },
  ])("refuses $what as a parse error (400, -32700), then still serves", async ({ body }) => {
    const answer = await post(handle.url!, body, good.headers);
    expectRpcError(answer, 400, -32700);
    expect(answer.message.error?.message).toBe("Parse error: the JSON nests deeper than 128 levels");
    const next = await post(handle.url!, good.body, good.headers);
    expect(next.status, next.text).toBe(200);
  });

  it("serves a tools/call nesting exactly 128 levels", async () => {
    const answer = await post(handle.url!, withDeepArgument(125), good.headers);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: "hi" }] });
  });
});

describe("HTTP endpoint: binding", () => {
  it.each(["0.0.0.0", "::"])("refuses to bind %s without allowedHosts (E_SERVE_OPTIONS)", async (host) => {
    const attempt = serve(app(), { http: { port: 0, host }, exitOnShutdown: false });
    await expect(attempt).rejects.toBeInstanceOf(McpsmithError);
    await expect(attempt).rejects.toMatchObject({
      code: "E_SERVE_OPTIONS",
      message: `Binding to ${host} exposes the server beyond this machine: pass http.allowedHosts with the hostnames clients use (Host header check against DNS rebinding)`,
    });
  });

  it("refuses a maxBodyBytes that is not a positive whole number", async () => {
    await expect(serve(app(), { http: { port: 0, maxBodyBytes: 0 }, exitOnShutdown: false })).rejects.toMatchObject({
      code: "E_SERVE_OPTIONS",
    });
    expect(() => toFetchHandler(app(), { maxBodyBytes: 1.5 })).toThrow(McpsmithError);
  });
});

describe("fetch handler (toFetchHandler): its own guards", () => {
  const MAX = 4096;
  let handler: FetchHandler;
  beforeAll(() => {
    handler = toFetchHandler(app(), { maxBodyBytes: MAX });
  });
  afterAll(() => handler?.close());

  const send = async (init: { url?: string; headers: Record<string, string>; body: RequestInit["body"] }) =>
    readAnswer(
      await handler.fetch(
        // duplex "half" lets a stream be the body (sent without Content-Length).
        new Request(init.url ?? "http://localhost/mcp", {
          method: "POST",
          headers: init.headers,
          body: init.body,
          duplex: "half",
        }),
      ),
    );

  async function expectStillServes(): Promise<void> {
    const call = toolCall("echo", { text: "fetch ok" });
    const answer = await send({ headers: call.headers, body: call.body });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: "fetch ok" }] });
  }

  const good = toolCall("echo", { text: "hi" });

  it("serves a Request with no Host header by the host of its URL", async () => {
    await expectStillServes();
    const foreign = await send({ url: "http://evil.example/mcp", headers: good.headers, body: good.body });
    expectRpcError(foreign, 403, -32000);
    expect(foreign.message.error?.message).toBe("Invalid Host: evil.example");
  });

  it("refuses a foreign Host header with 403, then still serves", async () => {
    const answer = await send({ headers: { ...good.headers, Host: "evil.example" }, body: good.body });
    expectRpcError(answer, 403, -32000);
    await expectStillServes();
  });

  it("accepts the hosts named in allowedHosts, and only those", async () => {
    const named = toFetchHandler(app(), { allowedHosts: ["mcp.example.com"] });
    try {
      const ok = await named.fetch(
        new Request("https://mcp.example.com/mcp", { method: "POST", headers: good.headers, body: good.body }),
      );
      expect(ok.status).toBe(200);
      const local = await named.fetch(
        new Request("http://localhost/mcp", { method: "POST", headers: good.headers, body: good.body }),
      );
      expect(local.status).toBe(403);
    } finally {
      await named.close();
    }
  });

  it("refuses a foreign Origin with 403 and accepts a loopback one", async () => {
    const foreign = await send({ headers: { ...good.headers, Origin: "https://evil.example" }, body: good.body });
    expectRpcError(foreign, 403, -32000);
    expect(foreign.message.error?.message).toBe("Invalid Origin: evil.example");
    const local = await send({ headers: { ...good.headers, Origin: "http://localhost:5173" }, body: good.body });
    expect(local.status).toBe(200);
    await expectStillServes();
  });

  it("refuses an oversize body declared by Content-Length with 413", async () => {
    const answer = await send({
      headers: { ...good.headers, "Content-Length": String(MAX + 1) },
      body: "x".repeat(MAX + 1),
    });
    expectRpcError(answer, 413, -32000);
    expect(answer.message.error?.message).toBe(`Payload Too Large: Request body must not exceed ${MAX} bytes`);
    await expectStillServes();
  });

  it("refuses an oversize chunked body (no Content-Length) with 413, reading no further than the limit", async () => {
    let pulled = 0;
    const piece = new TextEncoder().encode("x".repeat(1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(piece);
      },
    });
    const answer = await send({ headers: good.headers, body: endless });
    expectRpcError(answer, 413, -32000);
    // The stream never ends: the guard stopped at the limit instead of buffering it all.
    expect(pulled).toBeLessThanOrEqual(MAX / 1024 + 2);
    await expectStillServes();
  });

  it("serves a chunked body under the limit", async () => {
    const bytes = new TextEncoder().encode(good.body);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    const answer = await send({ headers: good.headers, body: stream });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: "hi" }] });
  });

  it("honours a maxBodyBytes above the SDK's own 4 MiB default", async () => {
    const big = toFetchHandler(app(), { maxBodyBytes: 6 * 1024 * 1024 });
    try {
      const text = "y".repeat(5 * 1024 * 1024);
      const call = toolCall("size", { text });
      const response = await big.fetch(
        new Request("http://localhost/mcp", { method: "POST", headers: call.headers, body: call.body }),
      );
      const answer = await readAnswer(response);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: String(text.length) }] });
    } finally {
      await big.close();
    }
  });

  it("answers a legacy (2025-11-25) initialize", async () => {
    const answer = await send({
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "legacy", version: "1.0.0" } },
      }),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.message.result).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "bad-input" } });
  });

  it("answers the same protocol errors as the port (-32700, -32020, -32602, 405)", async () => {
    expectRpcError(await send({ headers: good.headers, body: "{" }), 400, -32700);
    expectRpcError(await send({ headers: { ...good.headers, "Mcp-Name": "size" }, body: good.body }), 400, -32020);
    expectRpcError(
      await send({ headers: good.headers, body: callBody({ name: "echo", arguments: { text: "hi" } }) }),
      400,
      -32602,
    );
    const get = await handler.fetch(new Request("http://localhost/mcp", { headers: { Accept: "text/event-stream" } }));
    expect(get.status).toBe(405);
    await expectStillServes();
  });
});
