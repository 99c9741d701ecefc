import type { CallToolResult, InputRequiredResult, Result, ServerOptions } from "@modelcontextprotocol/server";
import type { ClientInfo, Context } from "../../model/context.js";
import type { TaskSupport } from "../../model/options.js";
import { isInputRequiredResult, MissingRequiredClientCapabilityError, ProtocolError } from "../../sdk.js";
import { WIRE_ERRORS } from "../../wire-errors.js";
import type { RequestStateSealer } from "../request-state.js";
import type { RunningTask, TaskManager } from "./manager.js";
import type { StoredTask } from "./store.js";
import { taskMembers } from "./task-context.js";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The tasks extension rides only on 2026-07-28 requests that declare it (per request, in `clientCapabilities`). */
function acceptsTasks(client: ClientInfo): boolean {
  const extensions = client.capabilities.extensions as Record<string, unknown> | undefined;
  return client.era === "modern" && extensions?.[TASKS_EXTENSION] !== undefined;
}

function missingTasksExtension(toolName: string): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `Tool "${toolName}" runs only as a task: declare the ${TASKS_EXTENSION} extension in the request's clientCapabilities`,
  );
}

/**
 * Runs a task-supporting tool's call for a client that accepts tasks. The handler starts on the request like any
 * other (so it can gather input with `ctx.elicit` first, as ordinary input_required rounds); when it calls
 * `ctx.startTask()`, a task is created and saved, the request is answered with its handle (`resultType: "task"`),
 * and the rest of the handler runs in the background with a task context. A handler that finishes without
 * calling it is answered directly, as the extension allows.
 */
async function callAsTask(
  ctx: Context,
  tasks: TaskManager,
  owner: string | undefined,
  toolName: string,
  sealer: RequestStateSealer,
  run: () => Promise<CallToolResult | InputRequiredResult>,
  onStarted: () => void,
): Promise<Result> {
  let handOver!: (started: { task: StoredTask; running: RunningTask }) => void;
  const started = new Promise<{ task: StoredTask; running: RunningTask }>((resolve) => {
    handOver = resolve;
  });
  let starting: Promise<void> | undefined;
  const context = ctx as { -readonly [K in keyof Context]: Context[K] };
  context.startTask = () => {
    starting ??= tasks.create(owner).then((created) => {
      Object.assign(context, taskMembers(created.running, toolName, sealer));
      onStarted();
      handOver(created);
    });
    return starting;
  };

  const outcome = run().then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const first = await Promise.race([outcome, started]);
  if ("task" in first) {
    void outcome.then((settled) => settle(first.running, settled));
    return createTaskResult(first.task);
  }
  if ("error" in first) throw first.error;
  return first.result;
}

/** The flat `CreateTaskResult` (SEP-2663): the task's fields at the top level, no result or input yet. */
function createTaskResult(task: StoredTask): Result {
  return {
    resultType: "task",
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
}

/**
 * A tool that ran, even one that reported an error (`isError`), completed; only a protocol error (a
 * `ProtocolError` the handler threw, a failure of the engine) fails the task.
 */
function settle(running: RunningTask, settled: { result: CallToolResult | InputRequiredResult } | { error: unknown }) {
  if ("result" in settled) {
    if (!isInputRequiredResult(settled.result)) return running.complete(settled.result);
    return running.fail({
      code: WIRE_ERRORS.INTERNAL_ERROR.code,
      message: "A task cannot answer input_required: ask with ctx.elicit/sample/listRoots after ctx.startTask()",
    });
  }
  const { error } = settled;
  if (error instanceof ProtocolError) {
    return running.fail({
      code: error.code,
      message: error.message,
      ...(error.data !== undefined && { data: error.data }),
    });
  }
  return running.fail({
    code: WIRE_ERRORS.INTERNAL_ERROR.code,
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Where a `tools/call` goes: a task-supporting tool called by a client that accepts tasks may become a task;
 * a `required` one refuses every other client before its handler runs; anything else runs inline. `onStarted`
 * runs when the call becomes a task (the tool's timeout stops there). Not async: the common call (no `task`)
 * should not pay for another promise.
 */
export function dispatchToolCall(
  task: TaskSupport | undefined,
  ctx: Context,
  tasks: TaskManager | undefined,
  owner: string | undefined,
  toolName: string,
  sealer: RequestStateSealer,
  run: () => Promise<CallToolResult | InputRequiredResult>,
  onStarted: () => void = () => {},
): Promise<Result> {
  if (task === undefined) return run();
  if (tasks !== undefined && acceptsTasks(ctx.client)) {
    return callAsTask(ctx, tasks, owner, toolName, sealer, run, onStarted);
  }
  if (task === "required") return Promise.reject(missingTasksExtension(toolName));
  return run();
}

/** Server options that also advertise the extension under `capabilities.extensions` (never a `tasks` slot). */
export function withTasksExtension(options: ServerOptions): ServerOptions {
  const capabilities = options.capabilities ?? {};
  return {
    ...options,
    capabilities: { ...capabilities, extensions: { ...capabilities.extensions, [TASKS_EXTENSION]: {} } },
  };
}
