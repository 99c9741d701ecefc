import type { Implementation, JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { runOutsideServer, type Serving } from "../engine/middleware/server.js";
import { reportFailure } from "../engine/report.js";
import type { TaskManager } from "../engine/tasks/manager.js";
import { answerTaskMethod, TASK_METHODS } from "../engine/tasks/methods.js";
import { PROTOCOL_VERSION_META_KEY } from "../meta-keys.js";
import { isJSONRPCRequest, ProtocolError } from "../sdk.js";
import { errorResponse, wireError } from "../wire-errors.js";

/**
 * Answers the tasks extension's methods on a stdio connection before the SDK sees them: to the SDK they are
 * 2025-11-25 methods, refused on the 2026-07-28 era before any handler runs (serve/tasks-route.ts does the same
 * for HTTP). Only requests carrying the 2026-07-28 envelope are taken; anything else reaches the SDK unchanged.
 * Whatever the SDK installs as the transport's `onmessage` is kept and called for every other message. The
 * middleware's `request` hooks run around each, as around the SDK's methods.
 */
export function answerTaskMethodsOn(
  transport: Transport,
  tasks: TaskManager,
  info: () => Implementation,
  serving: Serving,
): void {
  let inner: Transport["onmessage"];
  const onmessage: NonNullable<Transport["onmessage"]> = (message, extra) => {
    if (isModernTaskRequest(message)) {
      void answer(message, transport, tasks, info(), serving);
      return;
    }
    inner?.(message, extra);
  };
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => onmessage,
    set: (handler: Transport["onmessage"]) => {
      inner = handler;
    },
  });
}

function isModernTaskRequest(
  message: JSONRPCMessage,
): message is Extract<JSONRPCMessage, { method: string; id: unknown }> {
  if (!isJSONRPCRequest(message) || !TASK_METHODS.has(message.method)) return false;
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return meta?.[PROTOCOL_VERSION_META_KEY] !== undefined;
}

async function answer(
  message: Extract<JSONRPCMessage, { method: string; id: unknown }>,
  transport: Transport,
  tasks: TaskManager,
  info: Implementation,
  serving: Serving,
): Promise<void> {
  let reply: JSONRPCMessage;
  try {
    // stdio has no authentication: tasks have no owner here.
    // stdio cannot cancel a tasks/* request: it answers at once.
    const signal = new AbortController().signal;
    const result = await runOutsideServer(serving, message, { signal }, () =>
      answerTaskMethod(message, tasks, undefined, info),
    );
    reply = { jsonrpc: "2.0", id: message.id, result };
  } catch (error) {
    // As the SDK's stdio entry answers a request it failed to serve: the cause goes to stderr only.
    if (!(error instanceof ProtocolError)) reportFailure(`answering ${message.method} failed`, error);
    reply = errorResponse(message.id, error instanceof ProtocolError ? error : wireError("INTERNAL_SERVER_ERROR"));
  }
  await transport.send(reply).catch(() => {});
}
