import type { Implementation, JSONRPCRequest } from "@modelcontextprotocol/server";
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY, SERVER_INFO_META_KEY } from "../../meta-keys.js";
import { MissingRequiredClientCapabilityError } from "../../sdk.js";
import { protocolError } from "../../wire-errors.js";
import { TASKS_EXTENSION } from "./call.js";
import type { TaskManager } from "./manager.js";
import type { StoredTask } from "./store.js";

/** The extension's methods. `tasks/list` and `tasks/result` are not among them (SEP-2663 removed both). */
export const TASK_METHODS: ReadonlySet<string> = new Set(["tasks/get", "tasks/update", "tasks/cancel"]);

const MODERN_REVISION = "2026-07-28";

/**
 * The result of one `tasks/get`, `tasks/update` or `tasks/cancel` request (2026-07-28, envelope already checked
 * by the transport), or a `ProtocolError`: the request must declare the extension (MISSING_CLIENT_CAPABILITY); an
 * unknown, expired or someone else's task is INVALID_PARAMS. Every answer is `resultType: "complete"`: the updates
 * and cancels are empty acks, and the task's state is read with the next `tasks/get`.
 */
export async function answerTaskMethod(
  request: JSONRPCRequest,
  tasks: TaskManager,
  owner: string | undefined,
  info: Implementation,
): Promise<Record<string, unknown>> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  const version = meta[PROTOCOL_VERSION_META_KEY];
  if (version !== MODERN_REVISION) {
    throw protocolError("UNSUPPORTED_PROTOCOL_VERSION", `Unsupported protocol version: ${version}`, {
      supported: [MODERN_REVISION],
      requested: version,
    });
  }
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  if (capabilities?.extensions?.[TASKS_EXTENSION] === undefined) {
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `${request.method} needs the ${TASKS_EXTENSION} extension declared in the request's clientCapabilities`,
    );
  }
  const taskId = taskIdOf(request);
  let result: Record<string, unknown> = {};
  if (request.method === "tasks/get") {
    result = detailedTask(await tasks.get(taskId, owner));
  } else if (request.method === "tasks/update") {
    const responses = params.inputResponses;
    if (typeof responses !== "object" || responses === null || Array.isArray(responses)) {
      throw protocolError("INVALID_PARAMS", "tasks/update needs params.inputResponses (an object)");
    }
    await tasks.update(taskId, owner, responses as Record<string, unknown>);
  } else {
    await tasks.cancel(taskId, owner);
  }
  return { ...result, resultType: "complete", _meta: { [SERVER_INFO_META_KEY]: info } };
}

/** `params.taskId`, which every task method carries. */
export function taskIdOf(request: JSONRPCRequest): string {
  const taskId = (request.params as { taskId?: unknown } | undefined)?.taskId;
  if (typeof taskId !== "string" || taskId.length === 0) {
    throw protocolError("INVALID_PARAMS", `${request.method} needs params.taskId (a string)`);
  }
  return taskId;
}

/** `tasks/get`'s DetailedTask: the task's fields, with its result, error or pending input inlined. */
function detailedTask(task: StoredTask): Record<string, unknown> {
  const { expiresAt: _expiresAt, owner: _owner, ...wire } = task;
  return wire;
}
