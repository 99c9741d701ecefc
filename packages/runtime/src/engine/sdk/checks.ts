import type {
  Implementation,
  JSONRPCRequest,
  Result,
  ServerContext,
  ServerOptions,
} from "@modelcontextprotocol/server";
import { Server } from "../../sdk.js";
import { FAST_REVISION } from "./contract.js";

/**
 * The SDK's own checks of a handler's answer on 2026-07-28, from a `Server` that serves no connection: the wrapper
 * its `_wrapHandler` puts around every handler (the seam the SDK offers subclasses), run on an answer the fast path
 * already has. For `tools/call` that is the request and result validation (whose parse also sets the order of a
 * content block's members), the contentless-result rule and the input-required checks; for `prompts/get` and
 * `resources/read` the input-required checks. So the fast path answers what the SDK would, errors included, without
 * restating those rules. The protected members it uses are listed in contract.ts.
 */
export interface SdkChecks extends Server {
  /** The answer as the SDK's wrapper hands it on, or what it throws. */
  check(method: string, request: JSONRPCRequest, ctx: ServerContext, result: Result): Promise<Result>;
}

// Defined at the first use, once the SDK is loaded (src/sdk.ts): a class cannot extend `Server` before.
let SdkChecksServer: (new (info: Implementation, options: ServerOptions) => SdkChecks) | undefined;

export function sdkChecks(info: Implementation, options: ServerOptions): SdkChecks {
  SdkChecksServer ??= class extends Server implements SdkChecks {
    constructor(info: Implementation, options: ServerOptions) {
      super(info, options);
      // What the SDK's serving entries set on every instance that serves 2026-07-28.
      this._negotiatedProtocolVersion = FAST_REVISION;
    }

    check(method: string, request: JSONRPCRequest, ctx: ServerContext, result: Result): Promise<Result> {
      return this._wrapHandler(method, async () => result)(request, ctx);
    }
  };
  return new SdkChecksServer(info, options);
}

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's checks of an answer on a connection's own server (one initialised on a 2025 revision): the wrapper its
 * base `_wrapHandler` puts around a handler, without the middleware's (the legacy fast path runs the hooks around
 * the whole answer). The handler's first run gives back the answer at hand; the SDK's legacy shim, which fulfils an
 * input-required answer with real requests to the client and runs the handler again, gets `again` for later rounds.
 */
export function checkOnServer(
  server: Server,
  method: string,
  request: JSONRPCRequest,
  ctx: ServerContext,
  result: Result,
  again: Handler,
): Promise<Result> {
  let first = true;
  const replay: Handler = (request, ctx) => {
    if (!first) return again(request, ctx);
    first = false;
    return Promise.resolve(result);
  };
  const wrap = (Server.prototype as unknown as { _wrapHandler(method: string, handler: Handler): Handler })
    ._wrapHandler;
  return wrap.call(server, method, replay)(request, ctx);
}
