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
  const answer = (): Promise<unknown> => {
    switch (request.method) {
      case "tools/call":
        return client.callTool(request.params, { ...given, ...(request.tool && { toolDefinition: request.tool }) });
      case "resources/read":
        return client.readResource(request.params, fresh);
      case "prompts/get":
        return client.getPrompt(request.params, given);
      case "completion/complete":
        return client.complete(request.params, given);
      case "tools/list":
        return client.listTools(undefined, fresh);
      case "resources/list":
        return client.listResources(undefined, fresh);
      case "resources/templates/list":
        return client.listResourceTemplates(undefined, fresh);
      case "prompts/list":
        return client.listPrompts(undefined, fresh);
    }
  };
  return answer() as Promise<RemoteAnswers[R["method"]]>;
}
