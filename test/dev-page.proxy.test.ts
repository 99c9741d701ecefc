// The dev page's HTTP proxy between the official clients and a real server: what each client sends and gets is
// unchanged (beside the trace it adds), and every call lands in the page's log once, with its answer, its progress
// and its input rounds, in either era.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHttpProxy } from "../packages/cli/dist/devpage/http-proxy.js";
import { PageStore } from "../packages/cli/dist/devpage/store.js";
import { TrafficRecorder } from "../packages/cli/dist/devpage/traffic.js";
import { CLIENTS, connectClient } from "./support/clients.js";
import { type Context, server as defineServer, type ServeHandle, serve } from "./support/runtime.js";

const app = defineServer({ name: "proxied", version: "1.0.0" })
  .tool("greet", { description: "Greets.", input: z.object({ name: z.string() }) }, ({ name }) => `hello ${name}`)
  .tool("fail", { description: "Fails.", input: z.object({}) }, () => {
    throw new Error("it broke");
  })
  .tool("count", { description: "Counts with progress.", input: z.object({}) }, async (_args, ctx: Context) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3);
    return "counted";
  })
  .tool("colour", { description: "Asks for a colour.", input: z.object({}) }, async (_args, ctx: Context) => {
    const answer = await ctx.elicit("Which colour?", z.object({ colour: z.string() }));
    return answer.action === "accept" ? `got ${answer.content.colour}` : answer.action;
  });

let server: ServeHandle;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
const store = new PageStore({ state: "running", transport: "http", starts: 1, canCall: true });

beforeAll(async () => {
  server = await serve(app, { transport: "http", http: { port: 0 }, exitOnShutdown: false });
  const port = Number(server.url!.port);
  proxy = await startHttpProxy({
    port: 0,
    upstream: async () => port,
    recorder: new TrafficRecorder(
      store,
      () => 1,
      () => {},
    ),
  });
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

const callsOf = (target: string) => store.state().calls.filter((call) => call.target === target);

describe.each(CLIENTS)("through the dev proxy, the $kind client", ({ kind, era }) => {
  it("gets the server's answers, and each call is in the log with its answer", async () => {
    const before = { greet: callsOf("greet").length, fail: callsOf("fail").length, count: callsOf("count").length };
    const client = await connectClient(kind, { transport: "http", url: proxy.url });
    try {
      expect(client.era()).toBe(era);
      const greeting = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
      expect(greeting.content).toEqual([{ type: "text", text: "hello Ada" }]);
      expect((await client.callTool({ name: "fail", arguments: {} })).isError).toBe(true);
      const steps: number[] = [];
      await client.callTool({ name: "count", arguments: {} }, { onprogress: (step) => steps.push(step.progress) });
      expect(steps).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
    const greet = callsOf("greet").slice(before.greet);
    expect(greet).toMatchObject([{ state: "ok", summary: "hello Ada", from: "client" }]);
    expect(greet[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(greet[0]!.endedAt).toBeGreaterThanOrEqual(greet[0]!.startedAt);
    expect(callsOf("fail").slice(before.fail)).toMatchObject([{ state: "tool-error", summary: "it broke" }]);
    const count = callsOf("count").slice(before.count);
    expect(count[0]!.progress.map((step) => step.progress)).toEqual([1, 2, 3]);
  });
});

describe.each([
  { mode: "legacy" as const, kind: "request" },
  { mode: { pin: "2026-07-28" as const }, kind: "input_required" },
])("an input round through the dev proxy ($kind)", ({ mode, kind }) => {
  it("is filed under its call, question and answer", async () => {
    const before = callsOf("colour").length;
    const client = new Client(
      { name: "dev-proxy-test", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } },
    );
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { colour: "teal" } }));
    await client.connect(new StreamableHTTPClientTransport(proxy.url));
    try {
      const result = await client.callTool({ name: "colour", arguments: {} });
      expect(result.content).toEqual([{ type: "text", text: "got teal" }]);
    } finally {
      await client.close();
    }
    const [call, ...others] = callsOf("colour").slice(before);
    expect(others).toEqual([]);
    expect(call).toMatchObject({ state: "ok", summary: "got teal" });
    expect(call!.rounds).toMatchObject([{ kind }]);
    expect(call!.rounds[0]!.asked).toContain("Which colour?");
    expect(call!.rounds[0]!.answer).toContain("teal");
  });
});
