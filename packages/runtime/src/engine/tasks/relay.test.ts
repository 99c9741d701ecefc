import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Context, ProtocolError, ProtocolErrorCode, server, toFetchHandler } from "../../index.js";
import { answerOf, modernRequest } from "./modern-request.test-support.js";
import { InMemoryTaskStore, type TaskCommand, type TaskRelay, type TaskStore } from "./store.js";

// Two servers sharing one task store whose relay is a plain in-process switchboard: what the Redis store does over
// pub/sub (packages/runtime/src/redis), here without Redis, to pin down the task manager's side of it.

/** A shared store, and per server a relay: commands reach the server that listens last with the runner's name. */
function sharedStore() {
  const tasks = new InMemoryTaskStore();
  const listeners = new Map<string, (command: TaskCommand) => Promise<void>>();
  const runners = new Map<string, string>();
  const storeFor = (name: string): TaskStore => {
    const relay: TaskRelay = {
      listen(apply) {
        listeners.set(name, apply);
        return () => listeners.delete(name);
      },
      async send(command) {
        const runner = listeners.get(runners.get(command.taskId) ?? "");
        if (!runner) throw new ProtocolError(ProtocolErrorCode.InternalError, `no process runs task ${command.taskId}`);
        await runner(command);
      },
    };
    return {
      relay,
      async save(task) {
        if (!runners.has(task.taskId)) runners.set(task.taskId, name);
        await tasks.save(task);
      },
      load: (taskId) => tasks.load(taskId),
    };
  };
  return { storeFor, listeners };
}

function app(seen: { aborted?: boolean }) {
  return server({ name: "relay", version: "1.0.0" }).tool(
    "job",
    { description: "Asks, then waits for a cancel", task: "optional" },
    async (_args: object, ctx: Context) => {
      await ctx.startTask();
      const answer = await ctx.elicit("Go on?", z.object({ finish: z.boolean() }), { key: "go" });
      if (answer.action === "accept" && answer.content.finish) return "finished";
      await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve, { once: true }));
      seen.aborted = true;
      return "stopped";
    },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
async function rpc(handler: ReturnType<typeof toFetchHandler>, method: string, params: object): Promise<any> {
  const init = modernRequest(method, params, { clientName: "relay-test" });
  return answerOf(await handler.fetch(new Request("http://localhost/mcp", init)));
}

async function until(handler: ReturnType<typeof toFetchHandler>, taskId: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const { result } = await rpc(handler, "tasks/get", { taskId });
    if (result.status === status) return result;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`task ${taskId} never reached ${status}`);
}

describe("tasks across servers sharing a store with a relay", () => {
  it("answers and cancels through the server that does not run the task", async () => {
    const { storeFor } = sharedStore();
    const seen: { aborted?: boolean } = {};
    const a = toFetchHandler(app(seen), { tasks: { store: storeFor("a") } });
    const b = toFetchHandler(app(seen), { tasks: { store: storeFor("b") } });
    try {
      const finished = (await rpc(a, "tools/call", { name: "job", arguments: {} })).result.taskId;
      await until(b, finished, "input_required");
      const responses = { go: { action: "accept", content: { finish: true } } };
      expect((await rpc(b, "tasks/update", { taskId: finished, inputResponses: responses })).result.resultType).toBe(
        "complete",
      );
      expect((await until(b, finished, "completed")).result.content[0].text).toBe("finished");

      const cancelled = (await rpc(a, "tools/call", { name: "job", arguments: {} })).result.taskId;
      await until(b, cancelled, "input_required");
      const goOn = { go: { action: "accept", content: { finish: false } } };
      await rpc(b, "tasks/update", { taskId: cancelled, inputResponses: goOn });
      await rpc(b, "tasks/cancel", { taskId: cancelled });
      expect(seen.aborted).toBe(true);
      expect((await rpc(b, "tasks/get", { taskId: cancelled })).result.status).toBe("cancelled");
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("says so when the relay cannot reach the process running the task", async () => {
    const { storeFor, listeners } = sharedStore();
    const a = toFetchHandler(app({}), { tasks: { store: storeFor("a") } });
    const b = toFetchHandler(app({}), { tasks: { store: storeFor("b") } });
    try {
      const taskId = (await rpc(a, "tools/call", { name: "job", arguments: {} })).result.taskId;
      await until(b, taskId, "input_required");
      // A is gone as a crash leaves it: its task stored as running, nobody listening for its commands.
      listeners.delete("a");
      const refused = await rpc(b, "tasks/cancel", { taskId });
      expect(refused.error).toMatchObject({ code: -32603, message: `no process runs task ${taskId}` });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
