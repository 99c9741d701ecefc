import { afterEach, describe, expect, it, vi } from "vitest";
import { FastPath } from "../engine/fast/fast-path.js";
import { LiveModel } from "../engine/live-model.js";
import { server } from "../index.js";
import { toModel } from "../model/resolve.js";
import { createEndpoint, type Endpoint } from "./endpoint.js";

let release: (() => void) | undefined;

const app = () =>
  server({ name: "endpoint", version: "1.0.0" })
    .tool("echo", { description: "Echo" }, () => "hi")
    .tool(
      "slow",
      { description: "Answers when released" },
      () => new Promise<string>((done) => (release = () => done("late"))),
    )
    .tool("chatty", { description: "Reports progress first" }, async (_args, ctx) => {
      await ctx.progress(1, 2, "half way");
      return "done";
    });

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

function call(name: string, meta: Record<string, unknown> = {}, signal?: AbortSignal): Request {
  return new Request("http://localhost/mcp", {
    method: "POST",
    ...(signal && { signal }),
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name, arguments: {}, _meta: { ...ENVELOPE, ...meta } },
    }),
  });
}

const endpoints: Endpoint[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
});

function endpoint(fastPath: boolean, responseMode?: "sse"): Endpoint {
  const made = createEndpoint(new LiveModel(toModel(app(), {})), responseMode ? { responseMode } : {}, { fastPath });
  endpoints.push(made);
  return made;
}

async function observed(response: Response) {
  return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
}

/**
 * The endpoint's core knows no front: given web Requests and asked for web Responses (as a fetch handler, Bun or
 * Deno front would), its fast path answers what the SDK path answers, JSON and event streams alike, through the
 * same writer a Node front uses.
 */
describe("the endpoint's fast path, on a web-standard front", () => {
  it.each([
    ["a JSON answer", () => call("echo"), undefined],
    ["an event stream (progress first)", () => call("chatty", { progressToken: "p" }), undefined],
    ["an event stream in sse mode", () => call("echo"), "sse" as const],
  ])("answers %s as the SDK path does", async (_what, request, mode) => {
    const answer = vi.spyOn(FastPath.prototype, "answer");
    const fast = await observed(await endpoint(true, mode).fetch(request()));
    expect(answer).toHaveBeenCalledTimes(1);
    const sdk = await observed(await endpoint(false, mode).fetch(request()));
    expect(answer).toHaveBeenCalledTimes(1);
    expect(fast).toEqual(sdk);
    expect(fast.status).toBe(200);
  });

  it("still makes its Response when the client went away before the answer, so nobody waits for it forever", async () => {
    const client = new AbortController();
    const answering = endpoint(true).fetch(call("slow", {}, client.signal));
    await vi.waitFor(() => expect(release).toBeDefined());
    client.abort();
    release?.();
    expect((await answering).status).toBe(200);
  });
});
