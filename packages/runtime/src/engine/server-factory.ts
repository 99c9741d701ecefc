import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import type { LogLevel } from "../model/context.js";
import type { CompiledModel } from "./compiled.js";
import { complete } from "./completions.js";
import { type ConnectionState, makeContext } from "./context.js";
import { getPrompt } from "./prompts.js";
import { readResource } from "./resources.js";
import { callTool } from "./tools.js";

/** Lists are served whole; a cursor can only come from a confused or malicious client. */
function refuseCursor(params: { cursor?: string } | undefined): void {
  if (params?.cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
}

/**
 * Builds one SDK `Server` bound to a compiled model. The SDK asks for a fresh instance per HTTP request (and per
 * stdio connection), so this does no work proportional to the model: a handful of closures over lookups
 * and lists that were resolved once by `compileModel`.
 */
export function createServer(compiled: CompiledModel): Server {
  const server = new Server(compiled.info, compiled.serverOptions);
  const connection: ConnectionState = {};
  const capabilities = compiled.serverOptions.capabilities ?? {};

  if (capabilities.tools) {
    server.setRequestHandler("tools/list", (request) => {
      refuseCursor(request.params);
      return { tools: compiled.toolList as never[] };
    });
    server.setRequestHandler("tools/call", (request, ctx) => {
      const tool = compiled.tools.get(request.params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return callTool(
        tool,
        request.params.arguments,
        makeContext(ctx, server, connection),
        server,
        compiled.maxResultTokens,
        compiled.requestState,
      );
    });
  }
  if (capabilities.resources) {
    server.setRequestHandler("resources/list", (request) => {
      refuseCursor(request.params);
      return { resources: compiled.resourceList as never[] };
    });
    server.setRequestHandler("resources/templates/list", (request) => {
      refuseCursor(request.params);
      return { resourceTemplates: compiled.templateList as never[] };
    });
    server.setRequestHandler("resources/read", (request, ctx) =>
      readResource(compiled, request.params.uri, makeContext(ctx, server, connection)),
    );
  }
  if (capabilities.prompts) {
    server.setRequestHandler("prompts/list", (request) => {
      refuseCursor(request.params);
      return { prompts: compiled.promptList as never[] };
    });
    server.setRequestHandler("prompts/get", (request, ctx) =>
      getPrompt(compiled, request.params.name, request.params.arguments, makeContext(ctx, server, connection)),
    );
  }
  if (capabilities.completions) {
    server.setRequestHandler("completion/complete", (request) => complete(compiled, request.params));
  }
  // Replaces the SDK's handler: we only log to a legacy client once it has asked for a level.
  server.setRequestHandler("logging/setLevel", (request) => {
    connection.logLevel = request.params.level as LogLevel;
    return {};
  });
  return server;
}
