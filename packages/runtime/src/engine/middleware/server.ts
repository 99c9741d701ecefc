import type { AuthInfo, JSONRPCRequest, Result, Server, ServerContext } from "@modelcontextprotocol/server";
import { type AuthContext, authContextOf } from "../../model/auth.js";
import type { ClientInfo } from "../../model/context.js";
import type { RequestInfo, TransportKind } from "../../model/middleware.js";
import { activeTelemetry } from "../../telemetry/active.js";
import { type RequestFacts, traced } from "../../telemetry/request-span.js";
import { clientInfoOf, modernClient } from "../context.js";
import type { Hook } from "../hooks.js";
import { FAST_REVISION } from "../sdk/contract.js";
import { sharedAccessor } from "../shared-accessor.js";
import { runChain } from "./chain.js";

/** How a server instance is reached, and the request hooks it runs (none: nothing is wrapped at run time). */
export interface Serving {
  readonly transport: TransportKind;
  readonly hooks: readonly Hook<RequestInfo, Result>[];
}

/**
 * Runs a request of a connection's server inside its server span and the request hooks, as that server runs its
 * own: what the legacy fast path answers for the connection goes through the same span and hooks
 * (engine/fast/legacy-fast-path.ts).
 */
export function runOnServer(
  server: Server,
  serving: Serving,
  request: JSONRPCRequest,
  ctx: ServerContext,
  answer: () => Promise<Result>,
): Promise<Result> {
  const telemetry = activeTelemetry();
  if (telemetry === undefined) return runHooksOnServer(server, serving, request, ctx, answer);
  return traced(telemetry, serverFacts(server, serving, request, ctx), () =>
    runHooksOnServer(server, serving, request, ctx, answer),
  );
}

function runHooksOnServer(
  server: Server,
  serving: Serving,
  request: JSONRPCRequest,
  ctx: ServerContext,
  answer: () => Promise<Result>,
): Promise<Result> {
  const { hooks, transport } = serving;
  if (hooks.length === 0) return answer();
  const context = { signal: ctx.mcpReq.signal, headers: ctx.http?.req?.headers, authInfo: ctx.http?.authInfo };
  const info = requestInfo(request, transport, context, () => clientInfoOf(ctx, server));
  return runChain(hooks, info, answer);
}

/** What a request's span records of a request a connection's server answers. */
function serverFacts(server: Server, serving: Serving, request: JSONRPCRequest, ctx: ServerContext): RequestFacts {
  const params = request.params as Record<string, unknown> | undefined;
  const protocolVersion =
    request.method === "initialize" ? server.getNegotiatedProtocolVersion() : clientInfoOf(ctx, server).protocolVersion;
  return {
    method: request.method,
    id: request.id,
    params,
    meta: ctx.mcpReq._meta ?? params?._meta,
    transport: serving.transport,
    headers: ctx.http?.req?.headers,
    sessionId: ctx.sessionId,
    protocolVersion,
  };
}

/** Where a request came from: its cancellation, and on HTTP its headers and verified credentials. */
interface RequestContext {
  signal: AbortSignal;
  headers?: Headers | undefined;
  authInfo?: AuthInfo | undefined;
  /** The request's 2026-07-28 envelope, when it has been lifted out of its `_meta` already. */
  envelope?: Record<string, unknown>;
}

/**
 * What the request hooks see of a request. The client and the caller are worked out only if a hook asks, by
 * accessors shared by every request (`LAZY_FACTS`, engine/shared-accessor.ts says why).
 */
function requestInfo(
  request: JSONRPCRequest,
  transport: TransportKind,
  context: RequestContext,
  clientOf: () => ClientInfo,
): RequestInfo {
  const lazy: LazyFacts = {
    clientOf,
    authInfo: context.authInfo,
    client: undefined,
    auth: undefined,
    state: undefined,
  };
  const info = {
    [LAZY]: lazy,
    method: request.method,
    id: request.id,
    params: request.params as RequestInfo["params"],
    transport,
    signal: context.signal,
    headers: context.headers,
  };
  return Object.defineProperties(info, LAZY_FACTS) as unknown as RequestInfo;
}

interface LazyFacts {
  readonly clientOf: () => ClientInfo;
  readonly authInfo: AuthInfo | undefined;
  client: ClientInfo | undefined;
  auth: AuthContext | undefined;
  state: Map<unknown, unknown> | undefined;
}

const LAZY = Symbol("what a request's hooks may ask for");

const LAZY_FACTS: PropertyDescriptorMap = {
  client: sharedAccessor(LAZY, (lazy: LazyFacts) => (lazy.client ??= lazy.clientOf())),
  auth: sharedAccessor(LAZY, (lazy: LazyFacts) => (lazy.auth ??= authContextOf(lazy.authInfo))),
  state: sharedAccessor(LAZY, (lazy: LazyFacts) => (lazy.state ??= new Map())),
};

/**
 * Runs a 2026-07-28 request answered outside any `Server` (the tasks extension's methods, which the SDK would refuse)
 * inside the same server span and request hooks, so they see every request.
 */
export function runOutsideServer(
  serving: Serving,
  request: JSONRPCRequest,
  context: RequestContext,
  answer: () => Promise<Result>,
): Promise<Result> {
  const telemetry = activeTelemetry();
  if (telemetry === undefined) return runHooksOutsideServer(serving, request, context, answer);
  const params = request.params as Record<string, unknown> | undefined;
  const facts = modernFacts(request, params?._meta, serving.transport, context.headers);
  return traced(telemetry, facts, () => runHooksOutsideServer(serving, request, context, answer));
}

/** What the span of a 2026-07-28 request says of it, from the request alone (the era has no session). */
export function modernFacts(
  request: { method: string; id: string | number; params?: unknown },
  meta: unknown,
  transport: TransportKind,
  headers: Headers | undefined,
): RequestFacts {
  return {
    method: request.method,
    id: request.id,
    params: request.params as Record<string, unknown> | undefined,
    meta,
    transport,
    headers,
    sessionId: undefined,
    protocolVersion: FAST_REVISION,
  };
}

/** The request hooks alone around a request answered outside any `Server` (its span, if any, already open). */
export function runHooksOutsideServer(
  serving: Serving,
  request: JSONRPCRequest,
  context: RequestContext,
  answer: () => Promise<Result>,
): Promise<Result> {
  if (serving.hooks.length === 0) return answer();
  const envelope =
    context.envelope ?? (((request.params as { _meta?: unknown } | undefined)?._meta ?? {}) as Record<string, unknown>);
  const info = requestInfo(request, serving.transport, context, () => modernClient(envelope));
  return runChain(serving.hooks, info, answer);
}
