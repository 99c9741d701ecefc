import type { AuthInfo, McpHandlerRequestOptions } from "@modelcontextprotocol/server";
import type { FastReply } from "./fast-answer.js";
import { requestFollowing } from "./follow-signal.js";
import type { Incoming } from "./incoming.js";

/** What the steps have learnt of a request so far. */
export interface Known {
  /** A POST's body parsed as JSON (undefined when there is none, or when it is not JSON). */
  readonly body?: unknown;
  /** A POST's body as text when it is not JSON: the SDK reads it from the request, and answers it as malformed. */
  readonly text?: string;
  /** Verified credentials, handed through to the SDK and to handlers; never derived from headers by the pipeline. */
  readonly authInfo?: AuthInfo;
}

/** One HTTP request on its way through the endpoint's steps. */
export interface Exchange extends Known {
  /** The request as its front handed it in. Its body is the body step's to read; every later step reads `body`. */
  readonly incoming: Incoming;
  /** The request as the SDK reads it, made on first read (with the body's text when that is not JSON). */
  readonly request: Request;
}

/** An exchange of a request; its web `Request` is made only if a step reads it. */
export function exchangeOf(incoming: Incoming, known: Known = {}): Exchange {
  return new LazyExchange(incoming, known);
}

/** The exchange with more known of it (a step hands this to the next, never a copy by spreading). */
export function enrich(exchange: Exchange, more: Known): Exchange {
  return new LazyExchange(exchange.incoming, { ...known(exchange), ...more });
}

class LazyExchange implements Exchange {
  readonly incoming: Incoming;
  readonly body?: unknown;
  readonly text?: string;
  readonly authInfo?: AuthInfo;
  #request: Request | undefined;

  constructor(incoming: Incoming, given: Known) {
    this.incoming = incoming;
    if (given.body !== undefined) this.body = given.body;
    if (given.text !== undefined) this.text = given.text;
    if (given.authInfo !== undefined) this.authInfo = given.authInfo;
  }

  get request(): Request {
    this.#request ??=
      this.text === undefined ? this.incoming.request : requestFollowing(this.incoming.request, { body: this.text });
    return this.#request;
  }
}

function known(exchange: Exchange): Known {
  return {
    ...(exchange.body !== undefined && { body: exchange.body }),
    ...(exchange.text !== undefined && { text: exchange.text }),
    ...(exchange.authInfo !== undefined && { authInfo: exchange.authInfo }),
  };
}

/**
 * What a step answers: a web `Response`, or an answer of the fast path not yet written (fast-answer.ts), which the
 * front writes to its own response, and anything that needs a `Response` turns into one.
 */
export type Reply = Response | FastReply;

export type Next = (exchange: Exchange) => Promise<Reply>;

/** A stage of the endpoint: answers the request itself, or hands it (enriched or as is) to the next stage. */
export type Step = (exchange: Exchange, next: Next) => Promise<Reply>;

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
