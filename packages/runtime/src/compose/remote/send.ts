import type {
  CallToolRequest,
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  GetPromptRequest,
  GetPromptResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  ReadResourceRequest,
  ReadResourceResult,
  RequestOptions,
  Tool,
} from "@modelcontextprotocol/client";
import { traceRemoteCall } from "../../telemetry/client-spans.js";
import type { RemoteConnection } from "./connection.js";

/** Every request the proxy makes of a remote server, and what it answers. */
export type RemoteRequest =
  | { method: "tools/call"; params: CallToolRequest["params"]; tool?: Tool }
  | { method: "resources/read"; params: ReadResourceRequest["params"] }
  | { method: "prompts/get"; params: GetPromptRequest["params"] }
  | { method: "completion/complete"; params: CompleteRequest["params"] }
  | { method: "tools/list" }
  | { method: "resources/list" }
  | { method: "resources/templates/list" }
  | { method: "prompts/list" };

export interface RemoteAnswers {
  "tools/call": CallToolResult;
  "resources/read": ReadResourceResult;
  "prompts/get": GetPromptResult;
  "completion/complete": CompleteResult;
  "tools/list": ListToolsResult;
  "resources/list": ListResourcesResult;
  "resources/templates/list": ListResourceTemplatesResult;
  "prompts/list": ListPromptsResult;
}

/**
 * Sends one request to a remote server with the official client: the one place where the proxy talks to a remote,
 * so that whatever wraps a remote call (tracing, metering) wraps this function. Lists are always fetched anew
 * (the proxy lists a remote when it changed, never to serve a client). `options` carry the caller's cancellation
 * and progress, and `allowInputRequired` for a 2026-07-28 remote's input rounds.
 */
export function sendToRemote<R extends RemoteRequest>(
  remote: RemoteConnection,
  request: R,
  options: RequestOptions = {},
): Promise<RemoteAnswers[R["method"]]> {
  const client = remote.client();
  const given: RequestOptions = { timeout: remote.timeout, resetTimeoutOnProgress: true, ...options };
  const fresh = { ...given, cacheMode: "bypass" as const };
  // With a tracer provider registered, a client span, whose context the request carries in `_meta.traceparent`.
  const send = (traced: RemoteRequest): Promise<unknown> => {
    switch (traced.method) {
      case "tools/call":
        return client.callTool(traced.params, { ...given, ...(traced.tool && { toolDefinition: traced.tool }) });
      case "resources/read":
        return client.readResource(traced.params, fresh);
      case "prompts/get":
        return client.getPrompt(traced.params, given);
      case "completion/complete":
        return client.complete(traced.params, given);
      case "tools/list":
        return client.listTools(listParams(traced), fresh);
      case "resources/list":
        return client.listResources(listParams(traced), fresh);
      case "resources/templates/list":
        return client.listResourceTemplates(listParams(traced), fresh);
      case "prompts/list":
        return client.listPrompts(listParams(traced), fresh);
    }
  };
  return traceRemoteCall<RemoteRequest, unknown>(request, send) as Promise<RemoteAnswers[R["method"]]>;
}

/** A list request's `_meta` (the trace context, when there is one): lists take no other parameter here. */
function listParams(request: RemoteRequest): { _meta: Record<string, unknown> } | undefined {
  const meta = (request as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  return meta === undefined ? undefined : { _meta: meta };
}
