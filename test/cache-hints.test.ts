import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, modernHeaders, readAnswer } from "./support/http.js";
import { server, toFetchHandler } from "./support/runtime.js";

// Cache hints (2026-07-28 `ttlMs` / `cacheScope`) are asserted on the wire: the official client does not surface
// them, and the SDK's own default (ttlMs 0, private) is what mcpsmith must not send for lists.
const app = server({ name: "cached", version: "1.0.0" })
  .tool("echo", { description: "Echo", input: z.object({ text: z.string() }) }, ({ text }) => text)
  .resource("cached://about", { mimeType: "text/plain" }, () => "about")
  .resource("cached://items/{id}", {}, ({ id }) => `item ${id}`)
  .prompt("ask", { description: "Ask" }, () => "?");

async function request(handler: { fetch(r: Request): Promise<Response> }, method: string, params = {}, name?: string) {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope() } });
  const response = await handler.fetch(
    new Request("http://localhost/mcp", { method: "POST", headers: modernHeaders(method, name), body }),
  );
  return (await readAnswer(response)).message.result ?? {};
}

describe("cache hints", () => {
  const byDefault = toFetchHandler(app);
  const configured = toFetchHandler(app, {
    options: { cache: { "tools/list": { ttlMs: 5_000, cacheScope: "private" }, "resources/read": { ttlMs: 1_000 } } },
  });
  afterAll(async () => {
    await byDefault.close();
    await configured.close();
  });

  it.each(["server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list"])(
    "%s defaults to one minute, public",
    async (method) => {
      const result = await request(byDefault, method);
      expect(result).toMatchObject({ resultType: "complete", ttlMs: 60_000, cacheScope: "public" });
    },
  );

  it("resources/read keeps the protocol's conservative default unless configured", async () => {
    const read = (handler: typeof byDefault) =>
      request(handler, "resources/read", { uri: "cached://about" }, "cached://about");
    expect(await read(byDefault)).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    expect(await read(configured)).toMatchObject({ ttlMs: 1_000 });
  });

  it("a configured list hint replaces the default for that list only", async () => {
    expect(await request(configured, "tools/list")).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
    expect(await request(configured, "prompts/list")).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
  });

  it("an invalid hint fails at start-up, not on the first request", () => {
    expect(() => toFetchHandler(app, { options: { cache: { "tools/list": { ttlMs: -1 } } } })).toThrow(
      `options.cache["tools/list"]: ttlMs must be a whole number of milliseconds >= 0, got -1`,
    );
  });
});
