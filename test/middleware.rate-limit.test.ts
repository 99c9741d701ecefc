// The built-in rate limit, through real peers: over HTTP a 429 with Retry-After before any JSON-RPC is dispatched,
// per client; over stdio (one client) an isError a model can act on for a tool call, and a JSON-RPC error with the
// wait for anything else.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { connectClient, type TestClient } from "./support/clients.js";
import { post, toolCall } from "./support/http.js";
import { rpcError } from "./support/rpc-error.js";
import { RATE_LIMITED, rateLimit, type ServeHandle, serve, server } from "./support/runtime.js";
import { stdioCommand } from "./support/servers.js";

const MIDDLEWARE_SERVER = fileURLToPath(new URL("./fixtures/middleware-server.mjs", import.meta.url));

const app = () =>
  server({ name: "limited", version: "1.0.0" })
    // A rate that never refills during the test: three requests a client, then none.
    .use(rateLimit({ perSecond: 0.001, burst: 3, key: (exchange) => exchange.request.headers.get("x-client") ?? "" }))
    .tool(
      "echo",
      { description: "Echo the text back.", input: z.object({ text: z.string() }) },
      ({ text }: { text: string }) => text,
    );

describe("rateLimit over HTTP", () => {
  let handle: ServeHandle;
  beforeAll(async () => {
    handle = await serve(app(), { http: { port: 0 }, exitOnShutdown: false });
  });
  afterAll(() => handle?.close());

  const callAs = (who: string) => {
    const call = toolCall("echo", { text: who });
    return post(handle.url!, call.body, { ...call.headers, "x-client": who });
  };

  it("answers 429 with Retry-After and a JSON-RPC error carrying the request's id, once a client's bucket is empty", async () => {
    for (let i = 0; i < 3; i++) expect((await callAs("alice")).status).toBe(200);
    const call = toolCall("echo", { text: "alice" });
    const refused = await post(handle.url!, call.body, { ...call.headers, "x-client": "alice" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.message).toMatchObject({
      id: JSON.parse(call.body).id,
      error: {
        code: RATE_LIMITED,
        message: expect.stringContaining("retry in"),
        data: { retryAfterMs: expect.any(Number) },
      },
    });
  });

  it("keeps other clients' buckets apart", async () => {
    expect((await callAs("bob")).status).toBe(200);
    expect((await callAs("alice")).status).toBe(429);
  });

  it("refuses the official client's requests the same way (the client surfaces the error)", async () => {
    const client = await connectClient("v2 pinned 2026-07-28", { transport: "http", url: handle.url! });
    try {
      // No x-client header: one bucket for every such request.
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) => client.callTool({ name: "echo", arguments: { text: `${i}` } })),
      );
      expect(results.filter((result) => result.status === "fulfilled").length).toBeLessThanOrEqual(3);
      const failure = results.find((result) => result.status === "rejected");
      expect(String((failure as PromiseRejectedResult).reason)).toContain("Rate limit exceeded");
    } finally {
      await client.close();
    }
  });
});

describe("rateLimit over stdio (the one client)", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectClient("v2 legacy", {
      transport: "stdio",
      command: stdioCommand(MIDDLEWARE_SERVER, ["--rate", "4"]),
    });
  });
  afterAll(() => client?.close());

  it("answers a tool call over the rate with isError saying when to retry, and any other request with -32029", async () => {
    // initialize took the first token.
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await client.callTool({ name: "echo", arguments: { text: "x" } }));
    expect(results.map((result) => result.isError === true)).toEqual([false, false, false, true]);
    expect((results[3]!.content as { text: string }[])[0]!.text).toMatch(/^Rate limit exceeded: .*retry in \d+ s/);
    const error = await rpcError(client.listTools());
    expect(error.code).toBe(RATE_LIMITED);
  });
});
