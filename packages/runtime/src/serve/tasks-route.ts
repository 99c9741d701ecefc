import {
  classifyInboundRequest,
  type Implementation,
  type JSONRPCRequest,
  ProtocolError,
} from "@modelcontextprotocol/server";
import { runOutsideServer, type Serving } from "../engine/middleware/server.js";
import { statusOf } from "../engine/sdk/contract.js";
import type { TaskManager } from "../engine/tasks/manager.js";
import { answerTaskMethod, TASK_METHODS, taskIdOf } from "../engine/tasks/methods.js";
import { principalOf } from "../model/auth.js";
import { echoedId, errorResponse, refusal, refusalResponse } from "../wire-errors.js";
import type { Step } from "./pipeline.js";

/**
 * Answers the tasks extension's methods (`tasks/get`, `tasks/update`, `tasks/cancel`) on 2026-07-28 requests, in
 * front of the SDK. The SDK cannot: these names are 2025-11-25 methods to it, which it refuses on the 2026-07-28
 * era before any handler runs. The same checks the SDK applies to its own methods apply here (envelope,
 * MCP-Protocol-Version and Mcp-Method against the body), plus the extension's: `Mcp-Name` must equal
 * `params.taskId` (HEADER_MISMATCH). Requests are told apart by their `Mcp-Method` header; everything else, and a
 * body that is not JSON, goes on unchanged. The middleware's `request` hooks run around each, as around the SDK's methods.
 */
export function tasksRoute(tasks: TaskManager, info: () => Implementation, serving: Serving): Step {
  return async (exchange, next) => {
    const { incoming, body, authInfo } = exchange;
    const method = incoming.header("mcp-method")?.trim();
    if (incoming.method !== "POST" || method === undefined || !TASK_METHODS.has(method) || body === undefined) {
      return next(exchange);
    }
    const classified = classifyInboundRequest({
      httpMethod: "POST",
      protocolVersionHeader: incoming.header("mcp-protocol-version"),
      mcpMethodHeader: method,
      body,
    });
    if (classified.kind === "reject") {
      const { code, message, data } = classified;
      const error = data === undefined ? { code, message } : { code, message, data };
      return refusalResponse(error, classified.httpStatus, { id: echoedId(body) });
    }
    if (classified.kind !== "modern" || classified.messageKind !== "request") return next(exchange);
    const message = classified.message as JSONRPCRequest;
    try {
      const mismatch = nameMismatch(message, incoming.header("mcp-name"));
      if (mismatch !== undefined) return refusal("HEADER_MISMATCH", { id: message.id, message: mismatch });
      const result = await runOutsideServer(
        serving,
        message,
        { signal: incoming.signal, headers: incoming.headers, authInfo },
        () => answerTaskMethod(message, tasks, principalOf(authInfo), info()),
      );
      return Response.json({ jsonrpc: "2.0", id: message.id, result });
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      // As the SDK answers an error thrown after dispatch: in band.
      return Response.json(errorResponse(message.id, error), { status: statusOf(error.code, "in-band") });
    }
  };
}

/**
 * SEP-2663 routing: `Mcp-Name` carries the task id, so a load balancer can send the request where the task runs.
 * Why the header does not do that, or undefined when it does. A request without a task id is INVALID_PARAMS.
 */
function nameMismatch(request: JSONRPCRequest, header: string | undefined): string | undefined {
  const taskId = taskIdOf(request);
  const name = header === undefined ? undefined : decodeHeaderValue(header.trim());
  if (name === taskId) return undefined;
  return name === undefined
    ? `${request.method} needs an Mcp-Name header equal to params.taskId`
    : `The Mcp-Name header (${name}) does not match params.taskId (${taskId})`;
}

/** SEP-2243 values may be sent base64-encoded as `=?base64?...?=`. */
function decodeHeaderValue(value: string): string {
  const encoded = /^=\?base64\?(.*)\?=$/i.exec(value);
  return encoded ? Buffer.from(encoded[1]!, "base64").toString("utf8") : value;
}
