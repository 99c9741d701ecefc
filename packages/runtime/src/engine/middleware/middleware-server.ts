import {
  type Implementation,
  type JSONRPCRequest,
  type Result,
  Server,
  type ServerContext,
  type ServerOptions,
} from "@modelcontextprotocol/server";
import { runOnServer, type Serving } from "./server.js";

// Behind the lazy boundary (src/sdk.ts): a class extending the SDK's `Server` needs the SDK when its module is
// evaluated, so it lives apart from the request-running helpers the fast paths use (server.ts).

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * An SDK `Server` whose every request handler runs inside its server span (when a tracer or meter provider is
 * registered, telemetry/) and the `request` hooks: the ones mcpsmith sets and the ones the SDK installs itself
 * (`initialize`, `ping`, `server/discover`), in both eras, on every transport. The SDK's `_wrapHandler` is the seam
 * it offers role classes for exactly this ("wrap a registered request handler"); the span and the hooks go outside
 * the SDK's own wrapping, so they see requests it refuses (invalid params) as errors too.
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
    return (request, ctx) => runOnServer(this, this.#serving, request, ctx, () => wrapped(request, ctx));
  }
}
