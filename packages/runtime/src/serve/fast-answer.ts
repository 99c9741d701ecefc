import type { AuthInfo, Notification } from "@modelcontextprotocol/server";
import { atExpiry } from "../auth/expiry.js";
import type { FastAnswer, FastExchange } from "../engine/fast/fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import type { Incoming } from "./incoming.js";

/** How the endpoint answers: `auto` streams only once a handler sends progress or logs; `json` never; `sse` always. */
export type ResponseMode = "auto" | "json" | "sse";

/**
 * A request the fast path answers (fast-step.ts), not yet answered: the front that received it writes the answer to
 * its own response (`writeFastAnswer`), and anything that needs a web `Response` (a hook, a fetch handler) makes one
 * (`fastResponse`). Either way the answer is written by the one writer below.
 */
export class FastReply {
  constructor(
    readonly fast: Answerer,
    readonly request: FastRequest,
    readonly incoming: Incoming,
    readonly authInfo: AuthInfo | undefined,
    readonly mode: ResponseMode,
    /** When the caller's credential expires (seconds since the epoch): a stream of this answer ends then. */
    readonly expiresAt?: number,
    /** The headers of an event stream of this answer: the SDK's own, and a legacy session's id after them. */
    readonly streamHead: readonly string[] = STREAM_HEAD,
    /** Where its event stream's frames are kept for a client that resumes it (a legacy session's events). */
    readonly journal?: Journal,
  ) {}

  /** The same answer, its stream ending when the caller's credential does (serve/auth.ts). */
  endingAt(expiresAt: number | undefined): FastReply {
    if (expiresAt === undefined) return this;
    const { fast, request, incoming, authInfo, mode, streamHead, journal } = this;
    return new FastReply(fast, request, incoming, authInfo, mode, expiresAt, streamHead, journal);
  }
}

/**
 * Where a resumable event stream's frames are kept, with ids the client can resume from (`Last-Event-ID`): each is
 * recorded whether or not its client is still there, until the stream ends.
 */
export interface Journal {
  /** Whether the stream opens with a priming event (an id and no message), as the SDK's does for 2025-11-25 clients. */
  readonly primes: boolean;
  /** Keeps a frame's message ("" for the priming event) and answers its event id. */
  record(text: string): string;
  /** Nothing more will be recorded. */
  end(): void;
}

/**
 * What answers a `FastReply`: the fast path (engine/fast/fast-path.ts), or a legacy session's (legacy-sessions.ts).
 * No answer at all is the SDK's way with a request it gave up (an event stream then ends with none).
 */
export interface Answerer {
  answer(request: FastRequest, exchange: FastExchange): Promise<FastAnswer | undefined>;
}

/** Where a fast-path answer is written: a front's own response (node-adapter.ts), or a web `Response`. */
export interface AnswerSink {
  /** Whether the client has gone away: nothing more is written to it. */
  readonly gone: boolean;
  /** The whole answer as one JSON body, with its status and `headers` (name, value, name, value). */
  json(answer: FastAnswer, headers: readonly string[]): void;
  /** Starts an event stream (200, `headers`); `onGone` runs if the client goes away while it is open. */
  open(headers: readonly string[], onGone: () => void): void;
  write(chunk: string): void;
  /** Ends the stream, after `last` when given (with nothing written before it, a front may send it whole). */
  end(last?: string): void;
}

/** The SDK's JSON answer header. */
const JSON_HEAD = ["content-type", "application/json"];
/** The SDK's event-stream answer headers, in the order its `Response` lists them. */
export const STREAM_HEAD = [
  "cache-control",
  "no-cache, no-transform",
  "connection",
  "keep-alive",
  "content-type",
  "text/event-stream",
  "x-accel-buffering",
  "no",
];
/** The SDK's keep-alive comment interval on an answer that streams (its `DEFAULT_SSE_KEEP_ALIVE_MS`). */
export const KEEP_ALIVE_MS = 15_000;

/**
 * Writes the fast path's answer as the SDK's per-request transport does: one JSON body, or (once the handler sends
 * progress or logs, in `auto`; always, in `sse`) an event stream of `event: message` frames, a keep-alive comment
 * while it is quiet, ending with the answer. A client that goes away aborts the request's signal (the front's
 * `incoming.signal`), and is written nothing more.
 */
export async function writeFastAnswer(reply: FastReply, sink: AnswerSink): Promise<void> {
  const { mode, incoming, authInfo } = reply;
  // A resumable stream goes on being recorded after its client went: the client may come back for the rest.
  const journal = mode === "json" ? undefined : reply.journal;
  let stream: EventStream | undefined;
  const open = () => {
    stream ??= new EventStream(sink, reply.expiresAt, reply.streamHead, journal);
    return stream;
  };
  if (mode === "sse") open();
  const exchange: FastExchange = {
    ...(authInfo !== undefined && { authInfo }),
    headers: () => incoming.headers,
    signal: () => incoming.signal,
    notify: async (notification: Notification) => {
      if (mode !== "json" && (journal || !sink.gone))
        open().message(JSON.stringify({ jsonrpc: "2.0", ...notification }));
    },
    relay: (message: object) => {
      if (mode !== "json" && (journal || !sink.gone)) open().message(JSON.stringify(message));
    },
  };
  const answer = await reply.fast.answer(reply.request, exchange);
  if (sink.gone && journal === undefined) return;
  if (answer === undefined) open().end();
  else if (stream === undefined) sink.json(answer, JSON_HEAD);
  else stream.end(answer.text);
}

/**
 * An answer's event stream: its frames, its keep-alive, and its end (with the answer, the client, or the credential).
 * With a journal, every frame is recorded under an id until the answer, even once the client has gone.
 */
class EventStream {
  readonly #sink: AnswerSink;
  readonly #expiry: (() => void) | undefined;
  readonly #journal: Journal | undefined;
  #keepAlive: ReturnType<typeof setInterval> | undefined;
  #stopped = false;
  #ended = false;

  constructor(sink: AnswerSink, expiresAt: number | undefined, headers: readonly string[], journal?: Journal) {
    this.#sink = sink;
    this.#journal = journal;
    sink.open(headers, () => this.#stop());
    if (journal?.primes) sink.write(`id: ${journal.record("")}\ndata: \n\n`);
    // Armed at the next tick, and only if the stream is still open then: an answer finished by then (the fronts write
    // in a microtask, so that is every answer finished within the turn; most are) never needed one, and a timer made
    // and cleared per answer was a cost of its own.
    process.nextTick(() => this.#armKeepAlive());
    this.#expiry = expiresAt === undefined ? undefined : atExpiry(expiresAt, () => this.#stop());
  }

  message(text: string): void {
    if (this.#ended) return;
    const id = this.#journal?.record(text);
    if (!this.#stopped) this.#sink.write(frame(text, id));
  }

  /** Ends the stream, with the answer (none when the request was given up). */
  end(text?: string): void {
    if (this.#ended) return;
    this.#ended = true;
    // The answer is recorded like any frame, and written with the stream's end: one write when nothing preceded it.
    const last = text === undefined ? undefined : frame(text, this.#journal?.record(text));
    this.#journal?.end();
    this.#stop(last);
  }

  #armKeepAlive(): void {
    if (this.#stopped) return;
    const sink = this.#sink;
    this.#keepAlive = setInterval(() => sink.write(": keepalive\n\n"), KEEP_ALIVE_MS);
    this.#keepAlive.unref?.();
  }

  #stop(last?: string): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#keepAlive);
    this.#expiry?.();
    this.#sink.end(last);
  }
}

/** One message as the SDK's transport frames it, with its event id on a resumable stream. */
export function frame(message: string, id?: string): string {
  return id === undefined ? `event: message\ndata: ${message}\n\n` : `event: message\nid: ${id}\ndata: ${message}\n\n`;
}

/** A reply as a web `Response` (a fast-path answer written into one). */
export function asResponse(reply: Response | FastReply): Promise<Response> | Response {
  return reply instanceof FastReply ? fastResponse(reply) : reply;
}

/** The fast path's answer as a web `Response`: JSON, or a body that streams its frames as they come. */
export function fastResponse(reply: FastReply): Promise<Response> {
  return new Promise((resolve, reject) => {
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let cancelled = false;
    const sink: AnswerSink = {
      // Gone once its stream is cancelled. Until then the Response is made whatever happens, so that whoever waits
      // for it (a hook, the front) is never left waiting: one for a client that went away reaches nobody.
      get gone() {
        return cancelled;
      },
      json(answer, headers) {
        resolve(new Response(answer.text, { status: answer.status, headers: pairs(headers) }));
      },
      open(headers, onGone) {
        const body = new ReadableStream<Uint8Array>({
          start: (opened) => {
            controller = opened;
          },
          cancel: () => {
            cancelled = true;
            onGone();
          },
        });
        resolve(new Response(body, { status: 200, headers: pairs(headers) }));
      },
      write(chunk) {
        if (!cancelled) controller?.enqueue(encoder.encode(chunk));
      },
      end(last) {
        // Closed already when the client cancelled it.
        if (cancelled) return;
        if (last !== undefined) controller?.enqueue(encoder.encode(last));
        controller?.close();
      },
    };
    writeFastAnswer(reply, sink).catch(reject);
  });
}

/** `[name, value, name, value]` as header pairs. */
export function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}
