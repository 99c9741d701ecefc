import { describe, expect, it, onTestFinished, vi } from "vitest";
import { z } from "zod";
import {
  type Context,
  McpsmithError,
  ProtocolError,
  ProtocolErrorCode,
  server,
  ToolError,
  toFetchHandler,
} from "../../index.js";
import { TASKS_EXTENSION } from "./call.js";
import { answerOf, modernRequest } from "./modern-request.test-support.js";
import { InMemoryTaskStore } from "./store.js";

// The tasks extension over the fetch handler, with raw 2026-07-28 requests (modern-request.test-support.ts).

// biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field, as a client would
type Json = any;

interface Answer {
  status: number;
  result?: Record<string, Json>;
  error?: { code: number; message: string; data?: Json };
}

type Handler = ReturnType<typeof toFetchHandler>;

async function rpc(
  handler: Handler,
  method: string,
  params: Record<string, unknown>,
  options: { capabilities?: object; name?: string; clientId?: string } = {},
): Promise<Answer> {
  const response = await handler.fetch(
    new Request("http://localhost/mcp", modernRequest(method, params, options)),
    options.clientId === undefined
      ? undefined
      : { authInfo: { token: "t", clientId: options.clientId, scopes: [], expiresAt: Date.now() / 1000 + 600 } },
  );
  const message = await answerOf(response);
  return { status: response.status, result: message.result, error: message.error };
}

const call = (handler: Handler, name: string, args: object = {}, capabilities?: object) =>
  rpc(handler, "tools/call", { name, arguments: args }, capabilities ? { capabilities } : {});
const getTask = (handler: Handler, taskId: string) => rpc(handler, "tasks/get", { taskId });

/** Polls tasks/get until the task reaches one of `statuses`. */
async function until(handler: Handler, taskId: string, ...statuses: string[]): Promise<Record<string, Json>> {
  for (let i = 0; i < 200; i++) {
    const { result, error } = await getTask(handler, taskId);
    if (error) throw new Error(error.message);
    if (statuses.includes(result!.status)) return result!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${taskId} never reached ${statuses.join("/")}`);
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function app(gate: Promise<void>, seen: { aborted?: boolean }) {
  return server({ name: "tasks", version: "1.0.0" })
    .tool("quick", { description: "Sync only" }, () => "quick")
    .tool(
      "job",
      { description: "Waits for the gate", input: z.object({ n: z.number() }), task: "optional" },
      async ({ n }: { n: number }, ctx: Context) => {
        await ctx.startTask();
        const signal = ctx.signal;
        await Promise.race([gate, new Promise((resolve) => signal.addEventListener("abort", resolve))]);
        seen.aborted = signal.aborted;
        return { doubled: n * 2 };
      },
    )
    .tool("strict", { description: "Tasks only", task: "required" }, async (_args: object, ctx: Context) => {
      await ctx.startTask();
      return "done";
    })
    .tool("ask", { description: "Asks inside the task", task: "optional" }, async (_args: object, ctx: Context) => {
      await ctx.startTask();
      const answer = await ctx.elicit("Name?", z.object({ name: z.string() }), { key: "who" });
      return answer.action === "accept" ? `hi ${answer.content.name}` : "nobody";
    })
    .tool(
      "ask-two",
      { description: "Two questions at once", task: "optional" },
      async (_args: object, ctx: Context) => {
        await ctx.startTask();
        const [a, b] = await Promise.all([
          ctx.elicit("First?", z.object({ x: z.string() })),
          ctx.elicit("Second?", z.object({ x: z.string() })),
        ]);
        return [a, b].map((answer) => (answer.action === "accept" ? answer.content.x : "-")).join("+");
      },
    )
    .tool("tool-error", { description: "Reports an error", task: "optional" }, async (_args: object, ctx: Context) => {
      await ctx.startTask();
      throw new ToolError("nope");
    })
    .tool("broken", { description: "Protocol error", task: "optional" }, async (_args: object, ctx: Context) => {
      await ctx.startTask();
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "bad shape", { field: "x" });
    });
}

describe("tasks extension", () => {
  it("advertises the extension under capabilities.extensions", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const { result } = await rpc(handler, "server/discover", {});
    expect(result!.capabilities.extensions).toEqual({ [TASKS_EXTENSION]: {} });
    expect(result!.capabilities.tasks).toBeUndefined();
  });

  it("answers with a task handle at once, shows it working, then inlines the result", async () => {
    const gate = deferred();
    const handler = toFetchHandler(app(gate.promise, {}));
    const created = await call(handler, "job", { n: 21 });
    expect(created.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 3_600_000 });
    const { taskId } = created.result!;
    expect(created.result).not.toHaveProperty("result");

    const working = await getTask(handler, taskId);
    expect(working.result).toMatchObject({ resultType: "complete", taskId, status: "working" });
    expect(working.result).not.toHaveProperty("result");

    gate.release();
    const done = await until(handler, taskId, "completed");
    expect(done.result.structuredContent).toEqual({ doubled: 42 });
    expect(done.result.content[0].type).toBe("text");
  });

  it("runs a task-supporting tool inline for a client without the extension", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const { result } = await call(handler, "job", { n: 1 }, {});
    expect(result).toMatchObject({ resultType: "complete", structuredContent: { doubled: 2 } });
  });

  it("refuses a task-required tool, and tasks/*, to a client without the extension (-32021)", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const refused = await call(handler, "strict", {}, {});
    expect(refused.error?.code).toBe(-32021);
    expect(refused.error?.data.requiredCapabilities.extensions).toHaveProperty([TASKS_EXTENSION]);
    const get = await rpc(handler, "tasks/get", { taskId: "x" }, { capabilities: {} });
    expect(get.error?.code).toBe(-32021);
  });

  it("cancels: acks with an empty result, settles cancelled, aborts the handler's signal", async () => {
    const seen: { aborted?: boolean } = {};
    const handler = toFetchHandler(app(new Promise(() => {}), seen));
    const { taskId } = (await call(handler, "job", { n: 1 })).result!;
    const ack = await rpc(handler, "tasks/cancel", { taskId });
    expect(ack.result).toEqual({ resultType: "complete", _meta: expect.any(Object) });
    expect((await getTask(handler, taskId)).result!.status).toBe("cancelled");
    await expect.poll(() => seen.aborted).toBe(true);
    // The handler finished after the cancel: the task stays cancelled, and a second cancel is the same ack.
    expect((await getTask(handler, taskId)).result!.status).toBe("cancelled");
    expect((await rpc(handler, "tasks/cancel", { taskId })).result!.resultType).toBe("complete");
  });

  it("parks on ctx.elicit until tasks/update answers, then resumes", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const { taskId } = (await call(handler, "ask")).result!;
    const waiting = await until(handler, taskId, "input_required");
    expect(waiting.inputRequests.who.method).toBe("elicitation/create");
    const ack = await rpc(handler, "tasks/update", {
      taskId,
      inputResponses: { who: { action: "accept", content: { name: "Ada" } } },
    });
    expect(ack.result!.resultType).toBe("complete");
    const done = await until(handler, taskId, "completed");
    expect(done.result.content[0].text).toBe("hi Ada");
  });

  it("takes answers one at a time when several questions are pending", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const { taskId } = (await call(handler, "ask-two")).result!;
    let waiting = await until(handler, taskId, "input_required");
    // The second question is asked a turn or more after the first: on a loaded machine, many polls later.
    for (let i = 0; Object.keys(waiting.inputRequests).length < 2 && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      waiting = (await getTask(handler, taskId)).result!;
    }
    expect(Object.keys(waiting.inputRequests).sort()).toEqual(["input-0", "input-1"]);
    const accept = (x: string) => ({ action: "accept", content: { x } });
    await rpc(handler, "tasks/update", { taskId, inputResponses: { "input-1": accept("b") } });
    const half = (await getTask(handler, taskId)).result!;
    expect(half.status).toBe("input_required");
    expect(Object.keys(half.inputRequests)).toEqual(["input-0"]);
    await rpc(handler, "tasks/update", { taskId, inputResponses: { "input-0": accept("a") } });
    expect((await until(handler, taskId, "completed")).result.content[0].text).toBe("a+b");
  });

  it("completes with isError for a tool error, fails with the JSON-RPC error for a ProtocolError", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const toolError = await until(handler, (await call(handler, "tool-error")).result!.taskId, "completed", "failed");
    expect(toolError).toMatchObject({ status: "completed", result: { isError: true } });
    const broken = await until(handler, (await call(handler, "broken")).result!.taskId, "completed", "failed");
    expect(broken).toMatchObject({
      status: "failed",
      error: { code: -32602, message: "bad shape", data: { field: "x" } },
    });
    expect(broken).not.toHaveProperty("result");
  });

  it("keeps an authenticated client's task from every other client", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    const created = await rpc(handler, "tools/call", { name: "strict", arguments: {} }, { clientId: "alice" });
    const { taskId } = created.result!;
    expect((await rpc(handler, "tasks/get", { taskId }, { clientId: "alice" })).result!.taskId).toBe(taskId);
    expect((await rpc(handler, "tasks/get", { taskId }, { clientId: "mallory" })).error?.code).toBe(-32602);
    expect((await rpc(handler, "tasks/cancel", { taskId }, { clientId: "mallory" })).error?.code).toBe(-32602);
    expect((await getTask(handler, taskId)).error?.code).toBe(-32602);
  });

  it("answers -32602 for an unknown task id and -32020 when Mcp-Name is not the task id", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}));
    expect((await getTask(handler, "no-such-task")).error?.code).toBe(-32602);
    const { taskId } = (await call(handler, "strict")).result!;
    const mismatch = await rpc(handler, "tasks/get", { taskId }, { name: "another-task" });
    expect({ status: mismatch.status, code: mismatch.error?.code }).toEqual({ status: 400, code: -32020 });
  });

  it("forgets a task once its TTL has passed", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}), { tasks: { ttlMs: 50 } });
    const created = await call(handler, "strict");
    expect(created.result!.ttlMs).toBe(50);
    const { taskId } = created.result!;
    expect((await getTask(handler, taskId)).result!.taskId).toBe(taskId);
    // Past the TTL by the clock alone (the store's own timers are the next test's).
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.setSystemTime(Date.now() + 51);
    expect((await getTask(handler, taskId)).error?.code).toBe(-32602);
  });
});

describe("task caps", () => {
  it("refuses a task over the process's cap (-32030) until an older one expires", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}), { tasks: { maxTasks: 2, ttlMs: 100 } });
    expect((await call(handler, "strict")).result!.resultType).toBe("task");
    expect((await call(handler, "strict")).result!.resultType).toBe("task");
    const refused = await call(handler, "strict");
    expect(refused.error).toMatchObject({
      code: -32030,
      message: expect.stringMatching(/^Too many tasks: .* 2 tasks/),
    });
    await expect.poll(async () => (await call(handler, "strict")).result?.resultType, { timeout: 5_000 }).toBe("task");
  });

  it("counts an authenticated client's tasks apart from other clients'", async () => {
    const handler = toFetchHandler(app(Promise.resolve(), {}), { tasks: { maxTasksPerClient: 1 } });
    const strict = (clientId: string) => rpc(handler, "tools/call", { name: "strict", arguments: {} }, { clientId });
    expect((await strict("alice")).result!.resultType).toBe("task");
    expect((await strict("alice")).error?.code).toBe(-32030);
    expect((await strict("bob")).result!.resultType).toBe("task");
  });

  it("refuses caps that are not positive whole numbers", () => {
    for (const tasks of [{ maxTasks: 0 }, { maxTasksPerClient: 2.5 }]) {
      expect(() => toFetchHandler(app(Promise.resolve(), {}), { tasks })).toThrow(McpsmithError);
    }
  });
});

describe("shutdown", () => {
  it("fails the tasks still running and aborts their handlers", async () => {
    const seen: { aborted?: boolean } = {};
    const store = new InMemoryTaskStore();
    const handler = toFetchHandler(app(new Promise(() => {}), seen), { tasks: { store } });
    const { taskId } = (await call(handler, "job", { n: 1 })).result!;
    await handler.close();
    expect(await store.load(taskId)).toMatchObject({ status: "failed", error: { code: -32603 } });
    await expect.poll(() => seen.aborted).toBe(true);
  });
});

describe("task options", () => {
  it("refuses a TTL or poll interval that is not a whole number of milliseconds setTimeout can wait", () => {
    for (const tasks of [{ ttlMs: 0 }, { ttlMs: 1.5 }, { ttlMs: 2 ** 31 }, { pollIntervalMs: -1 }]) {
      expect(() => toFetchHandler(app(Promise.resolve(), {}), { tasks })).toThrow(McpsmithError);
    }
  });
});

describe("InMemoryTaskStore", () => {
  it("returns copies and forgets tasks at expiresAt", async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const store = new InMemoryTaskStore();
    const now = Date.now();
    const task = {
      taskId: "t1",
      status: "working" as const,
      createdAt: new Date(now).toISOString(),
      lastUpdatedAt: new Date(now).toISOString(),
      ttlMs: 30,
      pollIntervalMs: 10,
      expiresAt: now + 30,
    };
    await store.save(task);
    const loaded = await store.load("t1");
    expect(loaded).toEqual(task);
    loaded!.status = "failed";
    expect((await store.load("t1"))!.status).toBe("working");
    vi.advanceTimersByTime(30);
    expect(await store.load("t1")).toBeUndefined();
  });
});

describe("a tool's timeout and tasks", () => {
  const slowTask = () =>
    server({ name: "timed", version: "1.0.0" }).tool(
      "long",
      { description: "Outlives its timeout once it is a task", task: "optional", timeout: 50 },
      async (_args: object, ctx: Context) => {
        await ctx.startTask();
        await new Promise((resolve) => setTimeout(resolve, 150));
        return ctx.signal.aborted ? "aborted" : "finished";
      },
    );

  it("stops the clock at ctx.startTask(): the task runs on under its TTL", async () => {
    const handler = toFetchHandler(slowTask());
    try {
      const started = await call(handler, "long");
      expect(started.result).toMatchObject({ resultType: "task" });
      const done = await until(handler, started.result!.taskId, "completed", "failed");
      expect(done).toMatchObject({ status: "completed", result: { content: [{ type: "text", text: "finished" }] } });
    } finally {
      await handler.close();
    }
  });

  it("times the call out when it runs inline (a client without the extension)", async () => {
    const handler = toFetchHandler(slowTask());
    try {
      const inline = await call(handler, "long", {}, {});
      expect(inline.result).toMatchObject({
        isError: true,
        content: [{ type: "text", text: 'Tool "long" timed out after 50 ms' }],
      });
    } finally {
      await handler.close();
    }
  });
});

describe("middleware around the tasks extension's methods", () => {
  it("runs the request hooks around tasks/get, answered outside the SDK's Server", async () => {
    const seen: string[] = [];
    const handler = toFetchHandler(app(Promise.resolve(), {}), {
      use: [
        {
          async request(request, next) {
            seen.push(`${request.method} ${request.client.name} ${request.transport}`);
            return next();
          },
        },
      ],
    });
    try {
      const { taskId } = (await call(handler, "strict")).result!;
      await until(handler, taskId, "completed");
      expect(seen).toContain("tools/call tasks-test http");
      expect(seen).toContain("tasks/get tasks-test http");
    } finally {
      await handler.close();
    }
  });
});
