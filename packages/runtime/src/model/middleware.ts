// What `use()` takes: hooks around HTTP exchanges, JSON-RPC requests and tool calls. The types live with the model
// (a server's middleware is part of what it serves, whichever way it is served); engine/middleware runs them, and
// serve/ runs the HTTP hooks in its pipeline. docs/middleware.md is the guide.
import type { CallToolResult, InputRequiredResult, Result } from "@modelcontextprotocol/server";
import type { AuthContext } from "./auth.js";
import type { ClientInfo, Context } from "./context.js";

/** How a request reached the server: stdio, HTTP (`serve({ http })`, `toFetchHandler`), or an in-memory pair. */
export type TransportKind = "stdio" | "http" | "memory";

/** One HTTP exchange, as an `http` hook sees it: after the Host/Origin checks and the body read, before routing. */
export interface HttpExchange {
  /** The request as received; its body stream is spent (read `body`). */
  readonly request: Request;
  /** The body parsed as JSON (undefined when there is none, or when it is not JSON). */
  readonly body: unknown;
  /** The client's IP address, when the server knows it (`serve({ http })` does; a fetch runtime does not say). */
  readonly remoteAddress: string | undefined;
  /** The verified caller, when the server authenticates (`http.auth`, docs/auth.md); undefined otherwise. */
  readonly auth: AuthContext | undefined;
}

/** One JSON-RPC request, as a `request` hook sees it: the same on every transport, in both protocol eras. */
export interface RequestInfo {
  readonly method: string;
  readonly id: string | number;
  /** The request's params as received. Read them; rewrite tool arguments in a `tool` hook instead. */
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly transport: TransportKind;
  /** Who is calling: era, protocol version, name, capabilities (read lazily). */
  readonly client: ClientInfo;
  /** The verified caller (HTTP with `auth` configured, docs/auth.md); undefined otherwise. */
  readonly auth: AuthContext | undefined;
  /** Aborted when the client cancels the request or goes away. */
  readonly signal: AbortSignal;
  /** The HTTP request's headers (HTTP only). */
  readonly headers: Headers | undefined;
  /** Values hooks of this request share with each other (a start time, a span). */
  readonly state: Map<unknown, unknown>;
}

/** One `tools/call` of a known tool, as a `tool` hook sees it, before its arguments are validated. */
export interface ToolCall {
  /** The tool's name. */
  readonly name: string;
  /** The arguments as sent. Assign a new object before calling `next()` to rewrite them (they are validated after). */
  arguments: Record<string, unknown>;
  /** The context the handler gets: client, signal, requestId, log, progress. */
  readonly ctx: Context;
}

/**
 * What a tool call ends in: a result (check `isError`), or, while a handler waits for `ctx.elicit` & co. on
 * 2026-07-28, an `input_required` round (`resultType: "input_required"`), best passed through untouched.
 */
export type ToolCallResult = CallToolResult | InputRequiredResult;

/**
 * Middleware for `use()`: any of three hooks, each an onion layer `(ctx, next)` (Koa, Hono). Code before `await
 * next()` runs on the way in, code after on the way out, a `try`/`catch` around it sees errors; returning without
 * calling `next()` short-circuits everything inside. The first middleware registered is the outermost. See
 * docs/middleware.md.
 */
export interface Middleware {
  /** Shown in start-up errors and logs. */
  readonly name?: string;
  /**
   * Around each HTTP exchange (HTTP only): answer with your own `Response` (a 429, a 401) or pass it on. Runs
   * once per POST, GET or DELETE, whatever JSON-RPC it carries.
   */
  http?(exchange: HttpExchange, next: () => Promise<Response>): Promise<Response>;
  /**
   * Around every JSON-RPC request the server answers (`initialize`, `tools/list`, `tools/call`, `ping` ...), on
   * stdio and HTTP, in both eras. Resolves to the method's result; throw a `ProtocolError` to answer with a JSON-RPC
   * error. Notifications and `subscriptions/listen` streams pass outside it.
   */
  request?(request: RequestInfo, next: () => Promise<Result>): Promise<Result>;
  /**
   * Around each call of a known tool, inside the `request` hooks: rewrite `call.arguments` before `next()`, shape
   * the result after it. A `task` tool's hook settles when the task's handler does.
   */
  tool?(call: ToolCall, next: () => Promise<ToolCallResult>): Promise<ToolCallResult>;
}

/** Whether a value is middleware for `use()` rather than a decorated object. */
export function isMiddleware(value: unknown): value is Middleware {
  if (typeof value !== "object" || value === null) return false;
  const hooks = value as Record<string, unknown>;
  const has = (name: string) => typeof hooks[name] === "function";
  return Object.getPrototypeOf(value) === Object.prototype && (has("http") || has("request") || has("tool"));
}
