import {
  type Implementation,
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerContext,
  type ServerOptions,
} from "@modelcontextprotocol/server";
import type { RequestInfo, TransportKind } from "../../model/middleware.js";
import { clientInfoOf, modernClient } from "../context.js";
import type { Hook } from "../hooks.js";
import { runChain } from "./chain.js";

/** How a server instance is reached, and the request hooks it runs (none: nothing is wrapped at run time). */
export interface Serving {
  readonly transport: TransportKind;
  readonly hooks: readonly Hook<RequestInfo, Result>[];
}

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * An SDK `Server` whose every request handler runs inside the `request` hooks: the ones mcpsmith sets and the ones
 * the SDK installs itself (`initialize`, `ping`, `server/discover`), in both eras, on every transport. The SDK's
 * `_wrapHandler` is the seam it offers role classes for exactly this ("wrap a registered request handler"); the
 * hooks go outside the SDK's own wrapping, so they see requests it refuses (invalid params) as errors too.
 */
export class MiddlewareServer extends Server {
  // Read when a request arrives, never while the SDK's constructor registers its handlers (before this is set).
  #serving: Serving = { transport: "http", hooks: [] };

  constructor(info: Implementation, options: ServerOptions, serving: Serving) {
    super(info, options);
    this.#serving = serving;
  }

  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    return (request, ctx) => {
      const { hooks, transport } = this.#serving;
      if (hooks.length === 0) return wrapped(request, ctx);
      return runChain(hooks, requestInfo(request, ctx, transport, this), () => wrapped(request, ctx));
    };
  }
}

function requestInfo(request: JSONRPCRequest, sdk: ServerContext, transport: TransportKind, server: Server) {
  let client: RequestInfo["client"] | undefined;
  let state: Map<unknown, unknown> | undefined;
  const info: RequestInfo = {
    method: request.method,
    id: request.id,
    params: request.params as RequestInfo["params"],
    transport,
    signal: sdk.mcpReq.signal,
    headers: sdk.http?.req?.headers,
    get client() {
      client ??= clientInfoOf(sdk, server);
      return client;
    },
    get state() {
      state ??= new Map();
      return state;
    },
  };
  return info;
}

/**
 * Runs a 2026-07-28 request answered outside any `Server` (the tasks extension's methods, which the SDK would refuse)
 * inside the same request hooks, so they see every request.
 */
export function runOutsideServer(
  serving: Serving,
  request: JSONRPCRequest,
  context: { signal: AbortSignal; headers?: Headers },
  answer: () => Promise<Result>,
): Promise<Result> {
  if (serving.hooks.length === 0) return answer();
  const params = request.params as Record<string, unknown> | undefined;
  const envelope = (params?._meta ?? {}) as Record<string, unknown>;
  let state: Map<unknown, unknown> | undefined;
  const info: RequestInfo = {
    method: request.method,
    id: request.id,
    params,
    transport: serving.transport,
    signal: context.signal,
    headers: context.headers,
    client: modernClient(envelope),
    get state() {
      state ??= new Map();
      return state;
    },
  };
  return runChain(serving.hooks, info, answer);
}
