import type { Server, ServerOptions } from "@modelcontextprotocol/server";
import { withTasksExtension } from "../tasks/call.js";
import type { TaskManager } from "../tasks/manager.js";
import type { ModelHandler, ModelMethod } from "./handlers.js";

// What the fast paths need of the servers server-factory.ts builds, apart from it: building a `Server` needs the SDK,
// and the fast paths must not load it (src/sdk.ts).

/** The options a served `Server` is built with: the model's, and the tasks extension where tasks are served. */
export function servedOptions(options: ServerOptions, tasks: TaskManager | undefined): ServerOptions {
  return tasks ? withTasksExtension(options) : options;
}

/** The model's handlers bound to a connection's server: the legacy fast path calls these, sharing its state. */
const bound = new WeakMap<Server, Record<ModelMethod, ModelHandler>>();

/** Called by server-factory.ts for each server it binds the model's handlers to. */
export function rememberHandlers(server: Server, handlers: Record<ModelMethod, ModelHandler>): void {
  bound.set(server, handlers);
}

/**
 * The handlers a connection's server registered (its log level, its client's identity and its projection of tool
 * results go with them), for the legacy fast path to call (engine/fast/legacy-fast-path.ts).
 */
export function boundHandlers(server: Server): Record<ModelMethod, ModelHandler> | undefined {
  return bound.get(server);
}
