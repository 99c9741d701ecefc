import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { principalOf } from "../../model/auth.js";
import type { Context, LogLevel } from "../../model/context.js";
import type { TransportKind } from "../../model/middleware.js";
import type { CompiledTool } from "../compiled.js";
import { complete } from "../completions.js";
import { type ConnectionState, makeContext } from "../context.js";
import { Deadline } from "../deadline.js";
import type { LiveModel } from "../live-model.js";
import { runChain } from "../middleware/chain.js";
import { MiddlewareServer, type Serving } from "../middleware/server.js";
import { type Page, pageOf } from "../pagination.js";
import { getPrompt } from "../prompts.js";
import { readResource } from "../resources.js";
import { dispatchToolCall, withTasksExtension } from "../tasks/call.js";
import type { TaskManager } from "../tasks/manager.js";
import { callTool } from "../tools.js";
import { visibleTo } from "../visibility.js";
import { ConnectionServer } from "./connection-server.js";

/**
 * Builds one SDK `Server` for one request (2026-07-28 and stateless legacy HTTP: the SDK asks for a fresh instance
 * per request), so this does no work proportional to the model: a handful of closures over the live model, whose
 * lists and lookups were compiled once. Every handler reads the model as it is when the request arrives.
 * With `tasks` (HTTP, where the tasks endpoint serves tasks/get & co.) it also offers the tasks extension.
 */
export function createServer(live: LiveModel, tasks?: TaskManager): Server {
  const { info, serverOptions } = live.current;
  const options = tasks ? withTasksExtension(serverOptions) : serverOptions;
  return bind(new MiddlewareServer(info, options, serving(live, "http")), live, tasks);
}

function serving(live: LiveModel, transport: TransportKind): Serving {
  return { transport, hooks: live.middleware.request };
}

/**
 * Builds the `Server` of one whole connection (stdio, a legacy HTTP session): it also passes change notifications
 * to its client and, on legacy connections, keeps the client's `resources/subscribe` subscriptions.
 */
export function createConnectionServer(
  live: LiveModel,
  era: "legacy" | "modern",
  transport: TransportKind,
  tasks?: TaskManager,
): Server {
  const { info, serverOptions } = live.current;
  const options = tasks ? withTasksExtension(serverOptions) : serverOptions;
  const server = new ConnectionServer(info, options, live.bus, era, serving(live, transport));
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
    server.setRequestHandler("tools/list", (request, ctx) => {
      const { tools, toolList } = live.current;
      const list = visibleTo(ctx.http?.authInfo, toolList, (tool) => tools.get(tool.name)?.scopes);
      const page = pageOf(list, (tool) => tool.name, request.params?.cursor, pageSize);
      return { tools: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("tools/call", (request, ctx) => {
      const tool = live.current.tools.get(request.params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return toolCall(tool, request.params.arguments, ctx, server, connection, live, tasks) as never;
    });
  }
  if (capabilities.resources) {
    server.setRequestHandler("resources/list", (request, ctx) => {
      const { resources, resourceList } = live.current;
      const list = visibleTo(ctx.http?.authInfo, resourceList, (resource) => resources.get(resource.uri)?.scopes);
      const page = pageOf(list, (resource) => resource.uri, request.params?.cursor, pageSize);
      return { resources: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("resources/templates/list", (request, ctx) => {
      const { templates, templateList } = live.current;
      const authInfo = ctx.http?.authInfo;
      const list =
        authInfo === undefined
          ? templateList
          : visibleTo(authInfo, templates, (template) => template.model.scopes).map((template) => template.wire);
      const page = pageOf(list, (template) => template.uriTemplate, request.params?.cursor, pageSize);
      return { resourceTemplates: page.items as never[], ...nextCursor(page) };
    });
    server.setRequestHandler("resources/read", (request, ctx) =>
      readResource(live.current, request.params.uri, makeContext(ctx, server, connection, live)),
    );
  }
  if (capabilities.prompts) {
    server.setRequestHandler("prompts/list", (request, ctx) => {
      const { prompts, promptList } = live.current;
      const list = visibleTo(ctx.http?.authInfo, promptList, (prompt) => prompts.get(prompt.name)?.model.scopes);
      const page = pageOf(list, (prompt) => prompt.name, request.params?.cursor, pageSize);
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

/**
 * One call of a known tool: its context (with the tool's deadline in its signal, when it has a timeout), the
 * `tool` hooks around the call, and the result projected for the client's era last, so hooks see one shape in
 * both eras. A task-capable tool may become a task (engine/tasks/call.ts); its hooks then settle with the task.
 */
function toolCall(
  tool: CompiledTool,
  args: Record<string, unknown> | undefined,
  sdk: ServerContext,
  server: Server,
  connection: ConnectionState,
  live: LiveModel,
  tasks: TaskManager | undefined,
) {
  const { maxResultTokens, requestState } = live.current;
  const deadline = tool.timeout === undefined ? undefined : new Deadline(tool.timeout);
  const signal = deadline ? AbortSignal.any([sdk.mcpReq.signal, deadline.signal]) : sdk.mcpReq.signal;
  const context: Context = makeContext(sdk, server, connection, live, signal);
  const hooks = live.middleware.tool;
  const run = () => {
    const call = { name: tool.name, arguments: args ?? {}, ctx: context };
    const called = runChain(hooks, call, () =>
      callTool(tool, call.arguments, context, maxResultTokens, requestState, deadline),
    );
    // The SDK's per-era projection: on 2025 revisions a non-object structuredContent is wrapped as { result }.
    return called.then((result) =>
      isInputRequiredResult(result) ? result : server.projectCallToolResult(result, tool.wire.outputSchema),
    );
  };
  const owner = principalOf(sdk.http?.authInfo);
  // Once the call runs as a task, the task's TTL limits it, not the tool's timeout.
  const started = () => deadline?.stop();
  return dispatchToolCall(tool.task, context, tasks, owner, tool.name, requestState, run, started);
}
