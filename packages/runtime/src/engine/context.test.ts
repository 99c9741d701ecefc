import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "../index.js";
import type { LogLevel } from "../model/context.js";
import { createTestClient, type TestEra } from "../testing/index.js";

const LOG_LEVEL_KEY = "io.modelcontextprotocol/logLevel";

/** A tool that logs once at each of three levels, then answers. */
const app = () =>
  server({ name: "chatty", version: "1.0.0" }).tool(
    "chatty",
    { description: "Logs, then answers." },
    async (_args, ctx) => {
      await ctx.log("debug", "debug detail");
      await ctx.log("info", { step: "info", n: 1 }, "chatty.logger");
      await ctx.log("error", "something broke");
      return "done";
    },
  );

interface Logged {
  level: string;
  data: unknown;
  logger?: string;
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connect(era: TestEra): Promise<{ client: Client; logged: Logged[] }> {
  const client = await createTestClient(app(), { era });
  clients.push(client);
  const logged: Logged[] = [];
  client.setNotificationHandler("notifications/message", (notification) => {
    const { level, data, logger } = notification.params;
    logged.push({ level, data, ...(logger !== undefined && { logger }) });
  });
  return { client, logged };
}

async function callChatty(client: Client, logLevel?: LogLevel): Promise<void> {
  const result = await client.callTool({
    name: "chatty",
    arguments: {},
    ...(logLevel !== undefined && { _meta: { [LOG_LEVEL_KEY]: logLevel } }),
  });
  expect(result.content).toEqual([{ type: "text", text: "done" }]);
  // Notifications related to a request travel before its result; let any stragglers land before asserting.
  await new Promise((resolve) => setImmediate(resolve));
}

describe("Context.log on a legacy (2025-11-25) connection", () => {
  it("sends nothing until the client sets a level", async () => {
    const { client, logged } = await connect("legacy");
    await callChatty(client);
    expect(logged).toEqual([]);
  });

  it("sends messages at or above the level set with logging/setLevel, for the rest of the connection", async () => {
    const { client, logged } = await connect("legacy");
    await client.setLoggingLevel("info");
    await callChatty(client);
    expect(logged).toEqual([
      { level: "info", data: { step: "info", n: 1 }, logger: "chatty.logger" },
      { level: "error", data: "something broke" },
    ]);

    logged.length = 0;
    await client.setLoggingLevel("debug");
    await callChatty(client);
    expect(logged.map((entry) => entry.level)).toEqual(["debug", "info", "error"]);

    logged.length = 0;
    await client.setLoggingLevel("emergency");
    await callChatty(client);
    expect(logged).toEqual([]);
  });

  it("keeps the level per connection: another client that set none gets nothing", async () => {
    const first = await connect("legacy");
    await first.client.setLoggingLevel("debug");
    const second = await connect("legacy");
    await callChatty(second.client);
    expect(second.logged).toEqual([]);
  });
});

describe("Context.log on 2026-07-28 (stateless)", () => {
  it("sends nothing when the request carries no logLevel", async () => {
    const { client, logged } = await connect("2026-07-28");
    await callChatty(client);
    expect(logged).toEqual([]);
  });

  it("sends messages at or above the request's own logLevel, for that request only", async () => {
    const { client, logged } = await connect("2026-07-28");
    await callChatty(client, "info");
    expect(logged).toEqual([
      { level: "info", data: { step: "info", n: 1 }, logger: "chatty.logger" },
      { level: "error", data: "something broke" },
    ]);

    logged.length = 0;
    await callChatty(client, "error");
    expect(logged).toEqual([{ level: "error", data: "something broke" }]);

    logged.length = 0;
    await callChatty(client);
    expect(logged).toEqual([]);
  });

  it("has no logging/setLevel: the v2 client refuses it in this revision (the server answers -32601, see HTTP tests)", async () => {
    const { client, logged } = await connect("2026-07-28");
    await expect(client.setLoggingLevel("debug")).rejects.toMatchObject({
      code: "METHOD_NOT_SUPPORTED_BY_PROTOCOL_VERSION",
    });
    await callChatty(client);
    expect(logged).toEqual([]);
  });
});

describe("a handler's context", () => {
  it("shares its lazy members' accessors between requests, and a spread copy holds their values", async () => {
    const seen: Record<string, unknown>[] = [];
    const probe = server({ name: "probe", version: "1.0.0" }).tool(
      "probe",
      { description: "Keeps ctx." },
      (_a, ctx) => {
        seen.push(ctx as unknown as Record<string, unknown>);
        return "ok";
      },
    );
    for (const era of ["legacy", "2026-07-28"] as const) {
      const client = await createTestClient(probe, { era });
      clients.push(client);
      await client.callTool({ name: "probe", arguments: {} });
      await client.callTool({ name: "probe", arguments: {} });
    }
    const [first, ...others] = seen as [Record<string, unknown>, ...Record<string, unknown>[]];
    for (const member of ["signal", "headers", "client", "auth", "logLevel"]) {
      const accessor = Object.getOwnPropertyDescriptor(first, member)?.get;
      expect(accessor, member).toBeTypeOf("function");
      // One function for every request: a getter written per request kept each request alive past young collections.
      for (const other of others) expect(Object.getOwnPropertyDescriptor(other, member)?.get, member).toBe(accessor);
    }
    const copy = { ...first };
    expect(Object.getOwnPropertyDescriptor(copy, "client")?.get).toBeUndefined();
    expect(copy.client).toEqual(first.client);
    expect(copy.signal).toBe(first.signal);
  });
});
