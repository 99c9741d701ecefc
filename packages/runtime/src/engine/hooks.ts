import type { Result } from "@modelcontextprotocol/server";
import type { HttpExchange, Middleware, RequestInfo, ToolCall, ToolCallResult } from "../model/middleware.js";

/** One layer of an onion: `(ctx, next)`, the shape of every hook. */
export type Hook<C, R> = (ctx: C, next: () => Promise<R>) => Promise<R>;

/** The hooks of a server's middleware, by kind, outermost first: sorted once, at start-up. */
export interface MiddlewareHooks {
  readonly http: readonly Hook<HttpExchange, Response>[];
  readonly request: readonly Hook<RequestInfo, Result>[];
  readonly tool: readonly Hook<ToolCall, ToolCallResult>[];
}

export const NO_MIDDLEWARE: MiddlewareHooks = { http: [], request: [], tool: [] };

/** Each middleware's hooks, bound to it (a hook may use `this`), in registration order. */
export function middlewareHooks(list: readonly Middleware[] | undefined): MiddlewareHooks {
  if (list === undefined || list.length === 0) return NO_MIDDLEWARE;
  const bound = <K extends keyof MiddlewareHooks>(kind: K) =>
    list.flatMap((middleware) => {
      const hook = middleware[kind];
      return typeof hook === "function" ? [hook.bind(middleware) as MiddlewareHooks[K][number]] : [];
    });
  return { http: bound("http"), request: bound("request"), tool: bound("tool") };
}
