import { afterEach, describe, expect, it } from "vitest";
import { TaskManager } from "../engine/tasks/manager.js";
import { incomingOf } from "./incoming.js";
import { type Exchange, exchangeOf, type Next, type Reply } from "./pipeline.js";
import { tasksRoute } from "./tasks-route.js";

const MODERN = "2026-07-28";
const info = { name: "routes", version: "1.0.0" };
const tasks = new TaskManager();
afterEach(() => tasks.close());

/** What reached the SDK's handler, which this route sits in front of. */
function sdk(): { passed: Exchange[]; last: Next } {
  const passed: Exchange[] = [];
  return {
    passed,
    last: async (exchange) => {
      passed.push(exchange);
      return new Response("sdk");
    },
  };
}

function exchange(method: string, body: unknown, headers: Record<string, string> = {}): Exchange {
  const request = new Request("http://localhost/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", "mcp-method": method, ...headers },
  });
  return exchangeOf(incomingOf(request), { body });
}

/** The route's answer, a web Response. */
function response(reply: Reply): Response {
  expect(reply).toBeInstanceOf(Response);
  return reply as Response;
}

const taskGet = (meta: Record<string, unknown> | undefined) => ({
  jsonrpc: "2.0",
  id: 5,
  method: "tasks/get",
  params: { taskId: "no-such-task", ...(meta && { _meta: meta }) },
});
const envelope = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
};

describe("tasksRoute", () => {
  const route = tasksRoute(tasks, () => info, { transport: "http", hooks: [] });

  it("answers a 2026-07-28 tasks/* request itself", async () => {
    const { passed, last } = sdk();
    const headers = { "mcp-protocol-version": MODERN, "mcp-name": "no-such-task" };
    const answer = response(await route(exchange("tasks/get", taskGet(envelope), headers), last));
    expect(answer.status).toBe(200);
    expect(passed).toEqual([]);
    const message = (await answer.json()) as { id: number; error?: { code: number } };
    expect(message.id).toBe(5);
    expect(message.error?.code).toBe(-32602);
  });

  it("checks Mcp-Name against params.taskId (HEADER_MISMATCH, before dispatch)", async () => {
    const { last } = sdk();
    const headers = { "mcp-protocol-version": MODERN, "mcp-name": "another-task" };
    const answer = response(await route(exchange("tasks/get", taskGet(envelope), headers), last));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(-32020);
  });

  it("passes on other methods, legacy requests and bodies that are not JSON", async () => {
    const { passed, last } = sdk();
    await route(exchange("tools/list", { jsonrpc: "2.0", id: 1, method: "tools/list" }), last);
    await route(exchange("tasks/get", taskGet(undefined)), last);
    await route(exchange("tasks/get", undefined, { "mcp-protocol-version": MODERN }), last);
    expect(passed).toHaveLength(3);
  });
});
