import type { McpHandlerRequestOptions } from "@modelcontextprotocol/server";
import { LiveModel } from "../engine/live-model.js";
import type { LiveServer, Notifier } from "../model/context.js";
import { type ServeTarget, toModel } from "../model/resolve.js";
import { telemetryReady } from "../telemetry/api.js";
import { createEndpoint } from "./endpoint.js";
import type { EndpointOptions, TargetServingOptions } from "./options.js";

export interface FetchHandlerOptions extends TargetServingOptions, EndpointOptions {}

/** A web-standard MCP endpoint: `(Request) => Promise<Response>`, for Workers, Deno, Bun or any fetch router. */
export interface FetchHandler {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
  close(): Promise<void>;
  /** Change the served model while it runs (the same API handlers get as `ctx.server`). */
  server: LiveServer;
  /** Announce changes the model cannot see (the same API handlers get as `ctx.notify`). */
  notify: Notifier;
}

/**
 * Serves a target as one MCP endpoint answering 2026-07-28 and legacy (2025-era) clients alike (endpoint.ts).
 * Legacy sessions are off unless asked for: serverless instances share no memory.
 */
export function toFetchHandler(target: ServeTarget, options: FetchHandlerOptions = {}): FetchHandler {
  const live = new LiveModel(toModel(target, options), options.bus);
  const endpoint = createEndpoint(live, options, { taskOptions: options.tasks });
  // The handler is made synchronously: a provider registered before it is waited for at its first request.
  let ready: Promise<void> | undefined = telemetryReady();
  const fetch: FetchHandler["fetch"] = async (...args) => {
    if (ready !== undefined) {
      await ready;
      ready = undefined;
    }
    return endpoint.fetch(...args);
  };
  return { fetch, close: endpoint.close, server: live.server, notify: live.notify };
}
