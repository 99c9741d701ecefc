import { isJsonContentType, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { FastExchange } from "../engine/fast/fast-path.js";
import type { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import { servedAsLegacy } from "../engine/sdk/contract.js";
import { type Answerer, FastReply, type Journal, STREAM_HEAD } from "./fast-answer.js";
import type { Exchange, Step } from "./pipeline.js";

/**
 * Legacy requests answered on a legacy fast path (engine/fast/legacy-fast-path.ts) as the SDK's transport answers
 * them: always an event stream, with what the server sends about the request (its progress, logs and requests to the
 * client) ahead of the answer. Made once per legacy session, and once for the requests outside any session, so that
 * what is the same for all their answers (the stream's headers, how its journal opens) is made once.
 */
export class LegacyReplies implements Answerer {
  readonly #fast: LegacyFastPath;
  readonly #streamHead: readonly string[];
  readonly #journal: (() => Journal) | undefined;

  /**
   * `streamHeaders`: what an answer's event stream carries besides the SDK's own headers (a session's id);
   * `journal`: opens the resumable stream each answer's frames are recorded to, under event ids (a session's events).
   */
  constructor(fast: LegacyFastPath, streamHeaders: readonly string[] = [], journal?: () => Journal) {
    this.#fast = fast;
    this.#streamHead = [...STREAM_HEAD, ...streamHeaders];
    this.#journal = journal;
  }

  /**
   * The request's answer, when the SDK's transport would hand it to its server as one request (both media types
   * accepted, a JSON body, not a batch) once the connection is initialised, and the legacy fast path takes it;
   * undefined for the SDK's transport.
   */
  reply(exchange: Exchange): FastReply | undefined {
    const request = takes(this.#fast, exchange);
    if (request === undefined) return undefined;
    const { incoming, authInfo } = exchange;
    return new FastReply(this, request, incoming, authInfo, "sse", undefined, this.#streamHead, this.#journal?.());
  }

  async answer(request: FastRequest, exchange: FastExchange) {
    const text = await this.#fast.answer(request, exchange);
    return text === undefined ? undefined : { status: 200, text };
  }
}

/**
 * The endpoint's step for legacy requests outside any session (a stateless `LegacyFastPath`): what the SDK's
 * stateless fallback would serve with a fresh server per request is answered as it answers, an event stream with
 * no session. Everything else goes on.
 */
export function statelessLegacyStep(fast: LegacyFastPath): Step {
  const replies = new LegacyReplies(fast);
  return async (exchange, next) => {
    const { incoming } = exchange;
    if (incoming.header("mcp-session-id") !== undefined || incoming.target.includes("?")) return next(exchange);
    if (!servedAsLegacy(incoming.header("mcp-protocol-version"))) return next(exchange);
    return replies.reply(exchange) ?? next(exchange);
  };
}

/** The request, when the SDK's transport would hand it to its server as one and the legacy fast path takes it. */
function takes(fast: LegacyFastPath, exchange: Exchange): FastRequest | undefined {
  const { incoming, body } = exchange;
  if (incoming.method !== "POST" || body === undefined || !fast.ready) return undefined;
  const accept = incoming.header("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (!isJsonContentType(incoming.header("content-type") ?? "")) return undefined;
  const version = incoming.header("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  return fast.recognise(body);
}
