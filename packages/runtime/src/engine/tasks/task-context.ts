import type { ServerContext } from "@modelcontextprotocol/server";
import type { Context } from "../../model/context.js";
import { type ContextWithoutInput, runHandler, withInputApi } from "../input-requests.js";
import type { RequestStateSealer } from "../request-state.js";
import type { RunningTask } from "./manager.js";

/** The members of a handler's context that change once its call has become a task. */
export type TaskMembers = Pick<
  Context,
  "signal" | "progress" | "log" | "elicit" | "sample" | "listRoots" | "inputResponses" | "requestState" | "startTask"
>;

/**
 * What `ctx` becomes when the call turns into a task. The request that started it has been answered, so:
 * `signal` is the task's (aborted by `tasks/cancel` or the TTL); progress becomes the task's `statusMessage`;
 * logs have no request to travel on and are dropped; and `elicit`/`sample`/`listRoots` park the task
 * `input_required` until `tasks/update` brings the answer. The handler is suspended meanwhile, not re-run: the
 * task lives in this process.
 */
export function taskMembers(task: RunningTask, toolName: string, sealer: RequestStateSealer): TaskMembers {
  let position = 0;
  const ask = <T>(key: string | undefined, question: Question<T>) =>
    askTheClient(task, key ?? `input-${position++}`, toolName, sealer, question);
  return {
    signal: task.signal,
    async progress(done, total, message) {
      task.setMessage(message ?? (total === undefined ? `${done}` : `${done} of ${total}`));
    },
    async log() {},
    elicit: (message, schema, options) => ask(options?.key, (input, key) => input.elicit(message, schema, { key })),
    sample: (params, options) => ask(options?.key, (input, key) => input.sample(params, { key })),
    listRoots: (options) => ask(options?.key, (input, key) => input.listRoots({ key })),
    inputResponses: undefined,
    requestState: undefined,
    async startTask() {},
  };
}

/** One input call, put to the request-scoped input API under the task's key for it. */
type Question<T> = (input: Context, key: string) => Promise<T>;

/**
 * One input request from inside a task. The request-scoped input API (engine/input-requests.ts) already knows how
 * to turn `elicit(message, schema)` into a wire request and how to check and type an answer; rather than a second
 * copy of that, the question is put to it twice: once with no answer (it reports what it would ask), once with
 * the answer `tasks/update` delivered (it validates and returns it). An answer of the wrong kind asks again.
 */
async function askTheClient<T>(
  task: RunningTask,
  key: string,
  toolName: string,
  sealer: RequestStateSealer,
  question: Question<T>,
): Promise<T> {
  const call = { method: "tools/call" as const, name: toolName };
  let responses: Record<string, unknown> = {};
  for (;;) {
    const input = inputContext(responses);
    const outcome = await runHandler(input, call, sealer, () => question(input, key));
    if (outcome.kind === "returned") return outcome.value as T;
    if (outcome.kind === "threw") throw outcome.error;
    const request = outcome.result.inputRequests?.[key];
    if (request === undefined) throw new Error(`Input "${key}" produced no input request`);
    responses = { [key]: await task.waitForInput(key, request) };
  }
}

/** The request-scoped input API over a stand-in request that carries only `inputResponses`. */
function inputContext(inputResponses: Record<string, unknown>): Context {
  const request = {
    mcpReq: { inputResponses, requestState: () => undefined },
  } as unknown as ServerContext;
  return withInputApi({} as ContextWithoutInput, request);
}
