import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import type { LogLevel } from "../../model/context.js";
import { complete } from "../completions.js";
import { type ConnectionState, makeContext } from "../context.js";
import type { LiveModel } from "../live-model.js";
import { type Page, pageOf } from "../pagination.js";
import { getPrompt } from "../prompts.js";
import { readResource } from "../resources.js";
import { dispatchToolCall, withTasksExtension } from "../tasks/call.js";
import type { TaskManager } from "../tasks/manager.js";
import { callTool } from "../tools.js";
import { ConnectionServer } from "./connection-server.js";

/**
 * Builds one SDK `Server` for one request (2026-07-28 and stateless legacy HTTP: the SDK asks for a fresh instance
 * per request), so this does no work proportional to the model: a handful of closures over the live model, whose
 * lists and lookups were compiled once. Every handler reads the model as it is when the request arrives.
 * With `tasks` (HTTP, where the tasks endpoint serves tasks/get & co.) it also offers the tasks extension.
 */
export function createServer(live: LiveModel, tasks?: TaskManager): Server {
  const { info, serverOptions } = live.current;
  return bind(new Server(info, tasks ? withTasksExtension(serverOptions) : serverOptions), live, tasks);
}

/**
 * Builds the `Server` of one whole connection (stdio, a legacy HTTP session): it also passes change notifications
 * to its client and, on legacy connections, keeps the client's `resources/subscribe` subscriptions.
 */
export function createConnectionServer(live: LiveModel, era: "legacy" | "modern", tasks?: TaskManager): Server {
  const { info, serverOptions } = live.current;
  const server = new ConnectionServer(info, tasks ? withTasksExtension(serverOptions) : serverOptions, live.bus, era);
  if (era === "legacy" && serverOptions.capabilities?.resources?.subscribe) {
    server.setRequestHandler("resources/subscribe", (request) => {
      server.subscriptions.add(request.params.uri);
      return {};
    });
    server.setRequestHandler("resources/unsubscribe", (request) => {
      server.subscriptions.delete(request.params.uri);
      return {};
    });
  }
  return bind(server, live, tasks);
}

function nextCursor(page: Page<unknown>): { nextCursor?: string } {
  return page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor };
}

function bind(server: Server, live: LiveModel, tasks?: TaskManager): Server {
  const connection: ConnectionState = {};
  // The kinds this instance serves are fixed by the capabilities it advertised when it was built.
  const capabilities = live.current.serverOptions.capabilities ?? {};
  const { pageSize } = live;

  if (capabilities.tools) {
    server.setRequestHandler("tools/list", (request) => {
      const page = pageOf(live.current.toolList, (tool) => tool.name, request.params?.cursor, pageSize);
      return { tools: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("tools/call", (request, ctx) => {
      const compiled = live.current;
      const tool = compiled.tools.get(request.params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      const context = makeContext(ctx, server, connection, live);
      const { maxResultTokens, requestState } = compiled;
      return dispatchToolCall(tool.task, context, tasks, ctx.http?.authInfo?.clientId, tool.name, requestState, () =>
        callTool(tool, request.params.arguments, context, server, maxResultTokens, requestState),
      ) as never;
    });
  }
  if (capabilities.resources) {
    server.setRequestHandler("resources/list", (request) => {
      const page = pageOf(live.current.resourceList, (resource) => resource.uri, request.params?.cursor, pageSize);
      return { resources: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("resources/templates/list", (request) => {
      const list = live.current.templateList;
      const page = pageOf(list, (template) => template.uriTemplate, request.params?.cursor, pageSize);
      return { resourceTemplates: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("resources/read", (request, ctx) =>
      readResource(live.current, request.params.uri, makeContext(ctx, server, connection, live)),
    );
  }
  if (capabilities.prompts) {
    server.setRequestHandler("prompts/list", (request) => {
      const page = pageOf(live.current.promptList, (prompt) => prompt.name, request.params?.cursor, pageSize);
      return { prompts: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("prompts/get", (request, ctx) =>
      getPrompt(
        live.current,
        request.params.name,
        request.params.arguments,
        makeContext(ctx, server, connection, live),
      ),
    );
  }
  if (capabilities.completions) {
    server.setRequestHandler("completion/complete", (request) => complete(live.current, request.params));
  }
  // Replaces the SDK's handler: we only log to a legacy client once it has asked for a level.
  server.setRequestHandler("logging/setLevel", (request) => {
    connection.logLevel = request.params.level as LogLevel;
    return {};
  });
  return server;
}
