import { createMcpHandler, type McpHandlerRequestOptions } from "@modelcontextprotocol/server";
import { FastPath } from "../engine/fast/fast-path.js";
import { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { LiveModel } from "../engine/live-model.js";
import { createConnectionServer, createServer } from "../engine/server/server-factory.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import { refusal } from "../wire-errors.js";
import { authSteps } from "./auth.js";
import { parseBody } from "./body.js";
import { asResponse } from "./fast-answer.js";
import { fastStep } from "./fast-step.js";
import { checkHostAndOrigin, internalError, resolveGuards } from "./guards.js";
import { httpHookStep } from "./http-hooks.js";
import { incomingOf, UnrepresentableRequest } from "./incoming.js";
import { legacySessions, sessionLimits } from "./legacy-sessions.js";
import type { EndpointOptions } from "./options.js";
import { type Exchange, exchangeOf, handlerOptions, pipeline, type Reply, type Step } from "./pipeline.js";
import { statelessLegacyStep } from "./session-fast-path.js";
import { tasksRoute } from "./tasks-route.js";

/**
 * The MCP endpoint, web-standard: one `Request` in, one `Response` out (`fetch`: `toFetchHandler()` is this endpoint
 * as is). A front that receives requests some other way hands each in as an `Incoming` (incoming.ts) and writes the
 * `Reply` to its own response: the Node server (node-adapter.ts) does, so that neither a web `Request` nor a web
 * `Response` is made for a request answered on the fast path.
 */
export interface Endpoint {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
  /** One request from a front: a `Response`, or a fast-path answer the front writes (fast-answer.ts). */
  handle(exchange: Exchange): Promise<Reply>;
  /** Paths this endpoint answers besides its own (the OAuth Protected Resource Metadata, with `auth`). */
  readonly paths: readonly string[];
  /** Ends running tasks, legacy sessions and open streams. */
  close(): Promise<void>;
}

/** How the endpoint is served, besides its options. */
export interface EndpointServing {
  readonly taskOptions?: TaskOptions;
  /** Where it is reached: the resource its credentials are for, unless `auth.resource` says. */
  readonly defaultResource?: URL;
  /** Answer the hot stateless 2026-07-28 requests on the fast path (fast-step.ts). */
  readonly fastPath?: boolean;
}

/**
 * One endpoint for 2026-07-28 and legacy (2025-era) clients alike, as a list of steps in front of the SDK:
 *
 *   Host/Origin (403) -> [auth: metadata | credential (401)] -> body, read once (413, deep JSON 400) -> [auth:
 *   scopes (403)] -> middleware `http` hooks (a 429, say) -> [fast path] -> tasks extension | legacy sessions |
 *   the SDK's handler
 *
 * The guards come first and need only headers, so a refused request costs nothing. The middleware's `http` hooks
 * see every exchange that passed them, parsed, whatever era it speaks (docs/middleware.md). The routes each answer what
 * they own and pass the rest on; the SDK's handler answers everything else, per request: 2026-07-28 traffic
 * statelessly, and legacy traffic without a session in its stateless fallback. The model is compiled before
 * (LiveModel); a request only builds a `Server` bound to it.
 */
export function createEndpoint(live: LiveModel, options: EndpointOptions, serving: EndpointServing = {}): Endpoint {
  const guards = resolveGuards(options);
  const tasks = new TaskManager(serving.taskOptions);
  const onError = options.onError ?? (() => {});
  const mcp = createMcpHandler(() => createServer(live, tasks), {
    // 2026-07-28 `subscriptions/listen` streams read change events from here.
    bus: live.bus,
    onerror: onError,
    // The SDK has its own cap (4 MiB by default); without this, a larger maxBodyBytes would be refused by it.
    maxRequestBodySize: guards.maxBodyBytes,
    ...(options.responseMode && { responseMode: options.responseMode }),
  });
  const sessions = options.legacySessions
    ? legacySessions(() => createConnectionServer(live, "legacy", "http"), {
        maxBodyBytes: guards.maxBodyBytes,
        ...(serving.fastPath && { fastPath: (server) => new LegacyFastPath(live, server, "http") }),
        ...sessionLimits(options.legacySessions),
      })
    : undefined;
  const auth = options.auth ? authSteps(options.auth, live, onError, serving.defaultResource) : undefined;

  const steps: Step[] = [
    checkHostAndOrigin(guards),
    // A request without a good credential is refused before its body is read (docs/auth.md); the caller it
    // verified travels on as `authInfo`, to the middleware, the routes, the SDK and the handlers.
    ...(auth ? [auth.metadata, auth.authenticate] : []),
    parseBody(guards.maxBodyBytes),
    ...(auth ? [auth.authorize] : []),
    ...live.middleware.http.map(httpHookStep),
    // What it does not take goes on: the routes and the SDK answer it as if this step were not there.
    ...(serving.fastPath ? [fastStep(new FastPath(live, "http", tasks), options.responseMode ?? "auto")] : []),
    tasksRoute(tasks, () => live.current.info, { transport: "http", hooks: live.middleware.request }),
    ...(sessions ? [sessions.route] : []),
    // Legacy requests outside a session, which the SDK would serve statelessly (session-fast-path.ts).
    ...(serving.fastPath ? [statelessLegacyStep(statelessLegacy(live))] : []),
  ];
  const run = pipeline(steps, (exchange) => mcp.fetch(exchange.request, handlerOptions(exchange)));
  const handle = async (exchange: Exchange): Promise<Reply> => {
    try {
      return await run(exchange);
    } catch (error) {
      if (error instanceof UnrepresentableRequest) return refusal("BAD_REQUEST", { detail: error.message });
      onError(error instanceof Error ? error : new Error(String(error)));
      return internalError();
    }
  };

  return {
    handle,
    paths: auth?.paths ?? [],
    fetch: async (request, requestOptions) => {
      const known = {
        ...(requestOptions?.parsedBody !== undefined && { body: requestOptions.parsedBody }),
        ...(requestOptions?.authInfo !== undefined && { authInfo: requestOptions.authInfo }),
      };
      return asResponse(await handle(exchangeOf(incomingOf(request), known)));
    },
    // Running tasks end (failed: the server shut down) before the sessions and the SDK's handler close.
    async close() {
      await tasks.close();
      sessions?.close();
      await mcp.close();
    },
  };
}

/** The legacy fast path of requests outside a session: a server of the model that never connects stands for the
 * fresh one the SDK makes per request. */
function statelessLegacy(live: LiveModel): LegacyFastPath {
  return new LegacyFastPath(live, createConnectionServer(live, "legacy", "http"), "http", true);
}
