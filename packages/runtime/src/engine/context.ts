import type { Server, ServerContext } from "@modelcontextprotocol/server";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "../meta-keys.js";
import { type AuthContext, authContextOf } from "../model/auth.js";
import type { ClientInfo, Context, LogLevel } from "../model/context.js";
import { type ContextWithoutInput, withInputApi } from "./input-requests.js";
import { sharedAccessor } from "./shared-accessor.js";

const SEVERITY: Record<LogLevel, number> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/** What one connection remembers between requests: only the log level a legacy client set. */
export interface ConnectionState {
  logLevel?: LogLevel;
}

/**
 * The handler-facing view of an SDK request context. Client details are read lazily: most handlers never
 * look at them, and the hot path should not pay for building them.
 *
 * The lazy members are accessors shared by every context (`LAZY_MEMBERS`, engine/shared-accessor.ts says why),
 * reading the request from the context itself.
 */
export function makeContext(
  sdk: ServerContext,
  server: Server | undefined,
  connection: ConnectionState,
  live: Pick<Context, "server" | "notify">,
  signal?: AbortSignal,
): Context {
  const envelope = sdk.mcpReq.envelope as Record<string, unknown> | undefined;
  const state: RequestState = {
    sdk,
    server,
    connection,
    modern: envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined,
    signal,
    client: undefined,
    auth: undefined,
  };
  const context = {
    [REQUEST]: state,
    requestId: sdk.mcpReq.id,
    server: live.server,
    notify: live.notify,
    // Only a task-capable tools/call replaces this (engine/tasks/call.ts); everywhere else the call stays inline.
    startTask: async () => {},
    async progress(done: number, total?: number, message?: string) {
      const progressToken = sdk.mcpReq._meta?.progressToken;
      if (progressToken === undefined) return;
      await sdk.mcpReq.notify({
        method: "notifications/progress",
        params: {
          progressToken,
          progress: done,
          ...(total !== undefined && { total }),
          ...(message !== undefined && { message }),
        },
      });
    },
    async log(level: LogLevel, data: unknown, logger?: string) {
      // Spec: no notifications/message unless the client asked for a level (per request on 2026-07-28,
      // with logging/setLevel on legacy connections).
      const threshold = logLevelOf(state);
      if (threshold === undefined || SEVERITY[level] < SEVERITY[threshold]) return;
      await sdk.mcpReq.notify({
        method: "notifications/message",
        params: { level, data, ...(logger !== undefined && { logger }) },
      });
    },
  };
  return withInputApi(Object.defineProperties(context, LAZY_MEMBERS) as unknown as ContextWithoutInput, sdk);
}

/** What a context's shared accessors read: the request it serves, and what they made of it so far. */
interface RequestState {
  readonly sdk: ServerContext;
  readonly server: Server | undefined;
  readonly connection: ConnectionState;
  readonly modern: boolean;
  signal: AbortSignal | undefined;
  client: ClientInfo | undefined;
  auth: AuthContext | undefined;
}

const REQUEST = Symbol("the request a context serves");

type WithRequest = { readonly [REQUEST]: RequestState };

function logLevelOf(state: RequestState): LogLevel | undefined {
  const envelope = state.sdk.mcpReq.envelope as Record<string, unknown> | undefined;
  return state.modern ? (envelope?.[LOG_LEVEL_META_KEY] as LogLevel | undefined) : state.connection.logLevel;
}

const lazy = <Value>(read: (state: RequestState) => Value) => sharedAccessor(REQUEST, read);

const LAZY_MEMBERS: PropertyDescriptorMap = {
  // Read when a handler asks: on the fast path the request's signal is made only then (serve/node-exchange.ts).
  signal: {
    ...lazy((state) => (state.signal ??= state.sdk.mcpReq.signal)),
    // A call that becomes a task is given the task's signal instead (engine/tasks/call.ts).
    set(this: WithRequest, replacement: AbortSignal) {
      this[REQUEST].signal = replacement;
    },
  },
  headers: lazy((state) => state.sdk.http?.req?.headers),
  client: lazy((state) => (state.client ??= clientInfoOf(state.sdk, state.server))),
  auth: lazy((state) => (state.auth ??= authContextOf(state.sdk.http?.authInfo))),
  logLevel: lazy(logLevelOf),
};

/**
 * Who sent a request: from its `_meta` envelope on 2026-07-28, from the `initialize` handshake on legacy (which
 * only the connection's server knows; a request served without one is always a 2026-07-28 one).
 */
export function clientInfoOf(sdk: ServerContext, server: Server | undefined): ClientInfo {
  const envelope = sdk.mcpReq.envelope as Record<string, unknown> | undefined;
  if (envelope?.[PROTOCOL_VERSION_META_KEY] !== undefined || server === undefined) return modernClient(envelope ?? {});
  return legacyClient(server);
}

/** The client a 2026-07-28 request's `_meta` envelope names. */
export function modernClient(envelope: Record<string, unknown>): ClientInfo {
  const info = envelope[CLIENT_INFO_META_KEY] as { name?: string; version?: string } | undefined;
  return {
    era: "modern",
    protocolVersion: envelope[PROTOCOL_VERSION_META_KEY] as string,
    ...(info?.name !== undefined && { name: info.name }),
    ...(info?.version !== undefined && { version: info.version }),
    capabilities: (envelope[CLIENT_CAPABILITIES_META_KEY] as Record<string, unknown> | undefined) ?? {},
  };
}

function legacyClient(server: Server): ClientInfo {
  const info = server.getClientVersion();
  const protocolVersion = server.getNegotiatedProtocolVersion();
  return {
    era: "legacy",
    ...(protocolVersion !== undefined && { protocolVersion }),
    ...(info?.name !== undefined && { name: info.name }),
    ...(info?.version !== undefined && { version: info.version }),
    capabilities: (server.getClientCapabilities() as Record<string, unknown> | undefined) ?? {},
  };
}
