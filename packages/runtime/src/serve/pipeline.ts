import type { AuthInfo, McpHandlerRequestOptions } from "@modelcontextprotocol/server";

/** One HTTP request on its way through the endpoint's steps. */
export interface Exchange {
  /**
   * The request as the server received it. Once the body step has run, its body stream is spent: every later
   * step reads `body` instead.
   */
  readonly request: Request;
  /** A POST's body parsed as JSON (undefined when there is none, or when it is not JSON). */
  readonly body?: unknown;
  /** Verified credentials, handed through to the SDK and to handlers; never derived from headers by the pipeline. */
  readonly authInfo?: AuthInfo;
  /**
   * Reads the body from where the server holds it, when that is not the request's own stream (Node's request
   * stream, read directly, costs less than through a web stream).
   */
  readonly readBody?: BodyReader;
  /** The client's IP address, when the server knows it (Node's socket; a fetch runtime does not say). */
  readonly remoteAddress?: string;
  /**
   * The credential's verification, when a front already ran it (serve/fast-http.ts): the authenticate step takes
   * its outcome rather than verifying again (an introspection verifier would ask its authorization server twice).
   */
  readonly verified?: Promise<AuthInfo | undefined>;
}

/** The body as text, or undefined as soon as it is longer than `limit` bytes (the rest is left unread). */
export type BodyReader = (limit: number) => Promise<string | undefined>;

export type Next = (exchange: Exchange) => Promise<Response>;

/** A stage of the endpoint: answers the request itself, or hands it (enriched or as is) to the next stage. */
export type Step = (exchange: Exchange, next: Next) => Promise<Response>;

/** Chains the steps once, at start-up, in front of the handler that answers whatever they all pass on. */
export function pipeline(steps: readonly Step[], last: Next): Next {
  return steps.reduceRight<Next>((next, step) => (exchange) => step(exchange, next), last);
}

/** What the SDK's handlers and transports are given with the request: the parsed body, so none reads it again. */
export function handlerOptions(exchange: Exchange): McpHandlerRequestOptions {
  return {
    ...(exchange.body !== undefined && { parsedBody: exchange.body }),
    ...(exchange.authInfo !== undefined && { authInfo: exchange.authInfo }),
  };
}
