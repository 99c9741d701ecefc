import { type Context, ProtocolError, ProtocolErrorCode, ToolError, tool } from "@mcpsmith/runtime";
import { z } from "zod";

const NAME_FORM = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
const CONFIRM_FORM = { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] };

/** Resolves after `ms`, or rejects as soon as `signal` aborts (a cancelled task stops sleeping). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

/**
 * The fixtures of the suite's `tasks-*` scenarios (the `io.modelcontextprotocol/tasks` extension, SEP-2663):
 * one sync-only tool and task-supporting tools that sleep, fail, ask for input inside the task, or gather input
 * with ordinary input_required rounds before they become a task.
 */
export class TaskFixtures {
  @tool({
    name: "greet",
    description: "Sync-only: greets by name",
    input: z.object({ name: z.string() }),
  })
  greet({ name }: { name: string }) {
    return `Hello, ${name}!`;
  }

  @tool({
    name: "slow_compute",
    description: "Task-supporting: sleeps `seconds` seconds, then reports what it computed",
    input: z.object({ seconds: z.number().min(0), label: z.string().optional() }),
    task: "optional",
  })
  async slowCompute({ seconds, label }: { seconds: number; label?: string }, ctx: Context) {
    await ctx.startTask();
    await ctx.progress(0, seconds, `computing ${label ?? "something"}`);
    await sleep(seconds * 1000, ctx.signal);
    return `Computed ${label ?? "result"} after ${seconds}s`;
  }

  @tool({
    name: "failing_job",
    input: { type: "object" },
    description: "Task-required: reports a tool execution error after about a second",
    task: "required",
  })
  async failingJob(_args: object, ctx: Context) {
    await ctx.startTask();
    await sleep(1000, ctx.signal);
    throw new ToolError("failing_job failed, as it always does");
  }

  @tool({
    name: "protocol_error_job",
    input: { type: "object" },
    description: "Task-supporting: fails with a protocol-level (JSON-RPC) error",
    task: "optional",
  })
  async protocolErrorJob(_args: object, ctx: Context) {
    await ctx.startTask();
    throw new ProtocolError(ProtocolErrorCode.InternalError, "protocol_error_job hit an internal error");
  }

  @tool({
    name: "confirm_delete",
    description: "Task-supporting: asks for confirmation inside the task, then deletes (pretends to)",
    input: z.object({ filename: z.string() }),
    task: "optional",
  })
  async confirmDelete({ filename }: { filename: string }, ctx: Context) {
    await ctx.startTask();
    const answer = await ctx.elicit(`Delete ${filename}?`, CONFIRM_FORM);
    const confirmed = answer.action === "accept" && answer.content.confirm === true;
    return confirmed ? `Deleted ${filename}` : `Kept ${filename}`;
  }

  @tool({
    name: "multi_input",
    input: { type: "object" },
    description: "Task-supporting: asks two questions at once inside the task",
    task: "optional",
  })
  async multiInput(_args: object, ctx: Context) {
    await ctx.startTask();
    const [name, confirm] = await Promise.all([
      ctx.elicit("What is your name?", NAME_FORM),
      ctx.elicit("Confirm?", CONFIRM_FORM),
    ]);
    return `Got ${name.action} and ${confirm.action}`;
  }

  @tool({
    name: "test_tool_with_task",
    input: { type: "object" },
    description: "Task-required: asks for a name with an input_required round, then continues as a task",
    task: "required",
  })
  async toolWithTask(_args: object, ctx: Context) {
    const answer = await ctx.elicit("What is your name?", NAME_FORM, { key: "user_name" });
    await ctx.startTask();
    await sleep(200, ctx.signal);
    return `Hello, ${answer.action === "accept" ? answer.content.name : "stranger"}, from a task`;
  }
}
