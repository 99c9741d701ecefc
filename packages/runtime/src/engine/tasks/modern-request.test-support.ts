import { TASKS_EXTENSION } from "./call.js";

// Raw 2026-07-28 requests for the tasks extension's tests: the official v2 client has no tasks API for this
// revision (tasks/get & co. are 2025-11-25 methods to it). One builder for the runtime's tests and the replica tests.

export const MODERN = "2026-07-28";
/** What a client that takes part in tasks (and answers elicitations) declares. */
export const WITH_TASKS = { extensions: { [TASKS_EXTENSION]: {} }, elicitation: {} };

export interface ModernRequestOptions {
  /** The `Mcp-Name` header; default: the params' `taskId` or `name`. */
  name?: string;
  capabilities?: object;
  clientName?: string;
}

let nextId = 1;

/** A 2026-07-28 JSON-RPC request, headers and `_meta` included, as `fetch`'s init. */
export function modernRequest(method: string, params: object, options: ModernRequestOptions = {}): RequestInit {
  const named = params as { taskId?: unknown; name?: unknown };
  const name = options.name ?? named.taskId ?? named.name;
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(typeof name === "string" && { "mcp-name": name }),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": MODERN,
          "io.modelcontextprotocol/clientCapabilities": options.capabilities ?? WITH_TASKS,
          "io.modelcontextprotocol/clientInfo": { name: options.clientName ?? "tasks-test", version: "1.0.0" },
        },
      },
    }),
  };
}

/** The JSON-RPC message answering a request: the body itself, or the last event of an SSE stream. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
export async function answerOf(response: Response): Promise<any> {
  const text = await response.text();
  if (text.startsWith("{")) return JSON.parse(text);
  const last = text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .pop();
  return JSON.parse(last?.slice(5) ?? "null");
}
