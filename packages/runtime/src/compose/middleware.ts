import type { Middleware, ToolCall } from "../model/middleware.js";

/**
 * A source's middleware in the composed server. Its `tool` hook runs only around the source's own tools, and sees
 * them by the names the source gave them; its `request` and `http` hooks see every request of the server, as
 * they would in front of anything else (docs/compose.md).
 */
export function scopedMiddleware(middleware: Middleware, ownNames: ReadonlyMap<string, string>): Middleware {
  const { tool } = middleware;
  if (tool === undefined) return middleware;
  return {
    ...middleware,
    tool(call, next) {
      const own = ownNames.get(call.name);
      if (own === undefined) return next();
      const seen: ToolCall = {
        name: own,
        get arguments() {
          return call.arguments;
        },
        set arguments(value) {
          call.arguments = value;
        },
        ctx: call.ctx,
      };
      return tool.call(middleware, seen, next);
    },
  };
}
