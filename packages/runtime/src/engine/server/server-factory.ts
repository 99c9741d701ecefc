import type { Server } from "@modelcontextprotocol/server";
import type { LogLevel } from "../../model/context.js";
import type { TransportKind } from "../../model/middleware.js";
import { protocolError, wireMessage } from "../../wire-errors.js";
import { complete } from "../completions.js";
import type { ConnectionState } from "../context.js";
import type { LiveModel } from "../live-model.js";
import { MiddlewareServer } from "../middleware/middleware-server.js";
import type { Serving } from "../middleware/server.js";
import { serves } from "../sdk/contract.js";
import type { TaskManager } from "../tasks/manager.js";
import { ConnectionServer } from "./connection-server.js";
import { MODEL_METHODS, modelHandlers } from "./handlers.js";
import { rememberHandlers, servedOptions } from "./served.js";

/**
 * Builds one SDK `Server` for one request (2026-07-28 and stateless legacy HTTP: the SDK asks for a fresh instance
 * per request), so this does no work proportional to the model: a handful of closures over the live model, whose
 * lists and lookups were compiled once. Every handler reads the model as it is when the request arrives.
 * With `tasks` (HTTP, where the tasks endpoint serves tasks/get & co.) it also offers the tasks extension.
 */
export function createServer(live: LiveModel, tasks?: TaskManager): Server {
  const { info, serverOptions } = live.current;
  return bind(new MiddlewareServer(info, servedOptions(serverOptions, tasks), serving(live, "http")), live, tasks);
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
  const server = new ConnectionServer(
    info,
    servedOptions(serverOptions, tasks),
    live.bus,
    era,
    serving(live, transport),
  );
  if (era === "legacy" && serverOptions.capabilities?.resources?.subscribe) {
    server.setRequestHandler("resources/subscribe", (request) => {
      const { uri } = request.params;
      if (server.subscriptions.size >= MAX_SUBSCRIPTIONS && !server.subscriptions.has(uri)) {
        throw protocolError(
          "INVALID_PARAMS",
          wireMessage("INVALID_PARAMS", `a connection subscribes to ${MAX_SUBSCRIPTIONS} resources at most`),
        );
      }
      server.subscriptions.add(uri);
      return {};
    });
    server.setRequestHandler("resources/unsubscribe", (request) => {
      server.subscriptions.delete(request.params.uri);
      return {};
    });
  }
  return bind(server, live, tasks);
}

/** How many resources one legacy connection may subscribe to (`resources/subscribe`). */
export const MAX_SUBSCRIPTIONS = 1_000;

function bind(server: Server, live: LiveModel, tasks?: TaskManager): Server {
  // The kinds this instance serves are fixed by the capabilities it advertised when it was built.
  const capabilities = live.current.serverOptions.capabilities ?? {};
  const connection: ConnectionState = {};
  const handlers = modelHandlers(live, tasks, connection, (result, outputSchema) =>
    server.projectCallToolResult(result, outputSchema),
  );
  rememberHandlers(server, handlers);
  for (const method of MODEL_METHODS) {
    if (!serves(capabilities, method)) continue;
    server.setRequestHandler(
      method as "tools/list",
      (request, ctx) => handlers[method]((request.params ?? {}) as Record<string, unknown>, ctx, server) as never,
    );
  }
  if (serves(capabilities, "completion/complete")) {
    server.setRequestHandler("completion/complete", (request) => complete(live.current, request.params));
  }
  // Replaces the SDK's handler: we only log to a legacy client once it has asked for a level.
  if (serves(capabilities, "logging/setLevel")) {
    server.setRequestHandler("logging/setLevel", (request) => {
      connection.logLevel = request.params.level as LogLevel;
      return {};
    });
  }
  return server;
}
