import {
  CLIENT_CAPABILITIES_META_KEY,
  classifyInboundRequest,
  type createMcpHandler,
  type Implementation,
  type JSONRPCRequest,
  type McpHandlerRequestOptions,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  SERVER_INFO_META_KEY,
} from "@modelcontextprotocol/server";
import { TASKS_EXTENSION } from "../engine/tasks/call.js";
import type { TaskManager } from "../engine/tasks/manager.js";
import type { StoredTask } from "../engine/tasks/store.js";

type McpHandler = ReturnType<typeof createMcpHandler>;

const TASK_METHODS = new Set(["tasks/get", "tasks/update", "tasks/cancel"]);
const MODERN_REVISION = "2026-07-28";
/** SEP-2243 HeaderMismatch: a routing header that is missing or disagrees with the body. */
const HEADER_MISMATCH = -32020;

/**
 * Serves the tasks extension's methods (`tasks/get`, `tasks/update`, `tasks/cancel`) on 2026-07-28 requests, in
 * front of the SDK. The SDK cannot: these names are 2025-11-25 methods to it, which it refuses on the 2026-07-28
 * era before any handler runs. The same checks the SDK applies to its own methods apply here (envelope,
 * MCP-Protocol-Version and Mcp-Method against the body), plus the extension's: `Mcp-Name` must equal
 * `params.taskId`, and the request must declare the extension (-32021). Everything else goes to the SDK as is;
 * requests are told apart by their `Mcp-Method` header, so other traffic is never read here.
 */
export function withTasksEndpoint(handler: McpHandler, tasks: TaskManager, info: () => Implementation): McpHandler {
  return {
    ...handler,
    // Running tasks end (failed: the server shut down) before the SDK's handler closes.
    async close() {
      await tasks.close();
      await handler.close();
    },
    async fetch(request: Request, options?: McpHandlerRequestOptions) {
      const method = request.headers.get("mcp-method")?.trim();
      if (request.method !== "POST" || method === undefined || !TASK_METHODS.has(method)) {
        return handler.fetch(request, options);
      }
      let body = options?.parsedBody;
      if (body === undefined) {
        const text = await request.text();
        try {
          body = JSON.parse(text);
        } catch {
          return handler.fetch(new Request(request, { body: text }), options);
        }
      }
      const classified = classifyInboundRequest({
        httpMethod: "POST",
        protocolVersionHeader: request.headers.get("mcp-protocol-version") ?? undefined,
        mcpMethodHeader: method,
        body,
      });
      if (classified.kind === "reject") {
        return errorResponse(idOf(body), classified.httpStatus, classified.code, classified.message, classified.data);
      }
      if (classified.kind !== "modern" || classified.messageKind !== "request") {
        return handler.fetch(request, { ...options, parsedBody: body });
      }
      const message = classified.message as JSONRPCRequest;
      try {
        const result = await answer(message, request.headers.get("mcp-name"), tasks, options?.authInfo?.clientId);
        return Response.json({
          jsonrpc: "2.0",
          id: message.id,
          result: { ...result, resultType: "complete", _meta: { [SERVER_INFO_META_KEY]: info() } },
        });
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        const status =
          error.code === ProtocolErrorCode.InvalidParams || error.code === ProtocolErrorCode.InternalError ? 200 : 400;
        return errorResponse(message.id, status, error.code, error.message, error.data);
      }
    },
  };
}

async function answer(
  request: JSONRPCRequest,
  nameHeader: string | null,
  tasks: TaskManager,
  owner: string | undefined,
): Promise<Record<string, unknown>> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const meta = params._meta as Record<string, unknown>;
  const version = meta["io.modelcontextprotocol/protocolVersion"];
  if (version !== MODERN_REVISION) {
    throw new ProtocolError(ProtocolErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${version}`, {
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
  const { taskId } = params;
  if (typeof taskId !== "string" || taskId.length === 0) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${request.method} needs params.taskId (a string)`);
  }
  const name = nameHeader === null ? undefined : decodeHeaderValue(nameHeader.trim());
  if (name !== taskId) {
    throw new ProtocolError(
      HEADER_MISMATCH,
      name === undefined
        ? `${request.method} needs an Mcp-Name header equal to params.taskId`
        : `The Mcp-Name header (${name}) does not match params.taskId (${taskId})`,
    );
  }
  switch (request.method) {
    case "tasks/get":
      return detailedTask(await tasks.get(taskId, owner));
    case "tasks/update": {
      const responses = params.inputResponses;
      if (typeof responses !== "object" || responses === null || Array.isArray(responses)) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          "tasks/update needs params.inputResponses (an object)",
        );
      }
      await tasks.update(taskId, owner, responses as Record<string, unknown>);
      return {};
    }
    default:
      await tasks.cancel(taskId, owner);
      return {};
  }
}

/** `tasks/get`'s DetailedTask: the task's fields, with its result, error or pending input inlined. */
function detailedTask(task: StoredTask): Record<string, unknown> {
  const { expiresAt: _expiresAt, owner: _owner, ...wire } = task;
  return wire;
}

/** SEP-2243 values may be sent base64-encoded as `=?base64?...?=`. */
function decodeHeaderValue(value: string): string {
  const encoded = /^=\?base64\?(.*)\?=$/i.exec(value);
  return encoded ? Buffer.from(encoded[1]!, "base64").toString("utf8") : value;
}

function idOf(body: unknown): unknown {
  return typeof body === "object" && body !== null && "id" in body ? (body as { id: unknown }).id : null;
}

function errorResponse(id: unknown, status: number, code: number, message: string, data?: unknown): Response {
  return Response.json(
    { jsonrpc: "2.0", id: id ?? null, error: { code, message, ...(data !== undefined && { data }) } },
    { status },
  );
}
