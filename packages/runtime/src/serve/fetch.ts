import { createMcpHandler, type McpHandlerRequestOptions, type ServerEventBus } from "@modelcontextprotocol/server";
import { LiveModel } from "../engine/live-model.js";
import { createConnectionServer, createServer } from "../engine/server/server-factory.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import type { LiveServer, Notifier } from "../model/context.js";
import { type ServeTarget, type TargetOptions, toModel } from "../model/resolve.js";
import { requestFollowing } from "./follow-signal.js";
import {
  type GuardOptions,
  type Refusal,
  type ResolvedGuards,
  refusalJson,
  refuseHostOrOrigin,
  resolveGuards,
  tooLarge,
} from "./guards.js";
import { type LegacySessionLimits, sessionLimits, withLegacySessions } from "./legacy-sessions.js";
import { withTasksEndpoint } from "./tasks-endpoint.js";

export interface FetchHandlerOptions extends TargetOptions, GuardOptions {
  /** `auto` (default) streams only when a handler sends progress or logs; `json` never streams; `sse` always. */
  responseMode?: "auto" | "json" | "sse";
  /** Reports errors the SDK handled out of band (rejected requests, failed exchanges). Default: stderr. */
  onError?: (error: Error) => void;
  /**
   * Give legacy (2025-era) clients a session kept in this process, so they can cancel calls. Default false:
   * on serverless platforms consecutive requests may reach different instances, which would lose the session.
   * Enable it when one long-lived process answers (Deno, Bun, a Node server of your own).
   */
  legacySessions?: boolean | LegacySessionLimits;
  /**
   * Where change notifications travel. Default: an in-memory bus, which reaches the clients of this process only;
   * give every replica the same shared bus (the SDK's `ServerEventBus` interface) to reach all of them.
   */
  bus?: ServerEventBus;
  /** Task state and timing for tools declared with `task` (docs/runtime.md, "Long-running tools: tasks"). */
  tasks?: TaskOptions;
}

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
 * Serves a target as one MCP endpoint answering 2026-07-28 and legacy (2025-era) clients alike.
 * The model is compiled here, once; every request only builds a `Server` bound to it.
 * Host and Origin are checked (403), bodies are capped (413), before the SDK sees anything.
 */
export function toFetchHandler(target: ServeTarget, options: FetchHandlerOptions = {}): FetchHandler {
  const live = new LiveModel(toModel(target, options), options.bus);
  const guards = resolveGuards(options);
  const tasks = new TaskManager(options.tasks);
  const mcp = createMcpHandler(() => createServer(live, tasks), {
    bus: live.bus,
    onerror: options.onError ?? (() => {}),
    // The SDK has its own cap (4 MiB by default); without this, a larger maxBodyBytes would be silently ignored.
    maxRequestBodySize: guards.maxBodyBytes,
    ...(options.responseMode && { responseMode: options.responseMode }),
  });
  const sessionServer = () => createConnectionServer(live, "legacy");
  const handler = guardedHandler(
    withTasksEndpoint(
      options.legacySessions
        ? withLegacySessions(mcp, sessionServer, {
            maxBodyBytes: guards.maxBodyBytes,
            ...sessionLimits(options.legacySessions),
          })
        : mcp,
      tasks,
      () => live.current.info,
    ),
    guards,
  );
  return { ...handler, server: live.server, notify: live.notify };
}

export function guardedHandler(
  handler: ReturnType<typeof createMcpHandler>,
  guards: ResolvedGuards,
): Pick<FetchHandler, "fetch" | "close"> {
  return {
    close: () => handler.close(),
    async fetch(request, requestOptions) {
      // A Request built in code (createTestClient, a fetch router, some edge runtimes) may carry no Host header;
      // its URL then names the host the client addressed, which is what a DNS-rebinding page would have to forge.
      const host = request.headers.get("host") ?? new URL(request.url).host;
      const refused =
        refuseHostOrOrigin(host, request.headers.get("origin"), guards) ??
        (Number(request.headers.get("content-length")) > guards.maxBodyBytes
          ? tooLarge(guards.maxBodyBytes)
          : undefined);
      if (refused) return refusalResponse(refused);
      const bounded = await boundBody(request, guards.maxBodyBytes);
      return bounded instanceof Response ? bounded : handler.fetch(bounded, requestOptions);
    },
  };
}

function refusalResponse(refusal: Refusal): Response {
  return new Response(refusalJson(refusal), {
    status: refusal.status,
    headers: { "content-type": "application/json", ...(refusal.status === 413 && { connection: "close" }) },
  });
}

/** A body without Content-Length (chunked) is read up to the limit, so a liar cannot stream gigabytes. */
async function boundBody(request: Request, limit: number): Promise<Request | Response> {
  if (!request.body || request.headers.has("content-length")) return request;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return refusalResponse(tooLarge(limit));
    }
    chunks.push(value);
  }
  return requestFollowing(request, { body: Buffer.concat(chunks) });
}
