import type { EventId, EventStore, JSONRPCMessage, StreamId } from "@modelcontextprotocol/server";
import type { Journal } from "./fast-answer.js";
import { frame, KEEP_ALIVE_MS } from "./fast-answer.js";

/** How much of what a legacy session sent its client is kept for a client that resumes a stream (`Last-Event-ID`). */
export interface SessionEventLimits {
  /** Events kept per session, across its streams; the oldest is dropped first. Default 1,000. */
  maxEvents?: number;
  /** Bytes of messages kept per session (their JSON length); the oldest is dropped first. Default 256 KiB. */
  maxEventBytes?: number;
}

export const DEFAULT_MAX_EVENTS = 1_000;
export const DEFAULT_MAX_EVENT_BYTES = 256 * 1024;

/** What a session says of a `Last-Event-ID`: held (the stream resumes after it), dropped by the bound, or never sent. */
export type EventStatus = "held" | "dropped" | "unknown";

interface StoredEvent {
  readonly stream: StreamId;
  /** The message as JSON; empty for a priming event (an id with no message, replayed as nothing). */
  readonly text: string;
}

/**
 * What one legacy session sent on its SSE streams, so that a client whose stream closed can resume it with
 * `Last-Event-ID` and receive what it missed. Both writers of a session's streams record here: the SDK's transport
 * (as its `eventStore`) and the session's fast path (`openStream`). Ids count up per session, and the oldest events
 * go first whatever their stream, so a stream keeps the newest part of itself: an id still held has every later
 * event of its stream held too, and a resume after an id no longer held is refused rather than replayed with a gap.
 * It belongs to the session, and is emptied when the session ends.
 */
export class SessionEvents implements EventStore {
  readonly #events = new Map<number, StoredEvent>();
  /** The fast path's streams still being answered, by stream id: a resume follows them live. */
  readonly #open = new Map<StreamId, FastStream>();
  readonly #maxEvents: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #next = 1;
  #closed = false;

  constructor(limits: SessionEventLimits = {}) {
    this.#maxEvents = limits.maxEvents ?? DEFAULT_MAX_EVENTS;
    this.#maxBytes = limits.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  }

  async storeEvent(stream: StreamId, message: JSONRPCMessage): Promise<EventId> {
    // The SDK primes each stream with an empty message: an id the client can resume from before anything else came.
    return this.record(stream, Object.keys(message).length === 0 ? "" : JSON.stringify(message));
  }

  /** Keeps one message (JSON, or "" for a priming event) sent on `stream`, and answers its event id. */
  record(stream: StreamId, text: string): EventId {
    const id = this.#next++;
    if (this.#closed) return String(id);
    this.#events.set(id, { stream, text });
    this.#bytes += text.length;
    while (this.#events.size > this.#maxEvents || this.#bytes > this.#maxBytes) {
      const [oldest, event] = this.#events.entries().next().value as [number, StoredEvent];
      this.#events.delete(oldest);
      this.#bytes -= event.text.length;
    }
    return String(id);
  }

  // No `getStreamIdForEventId`: given one, the SDK's transport answers 409 to a resume while it still holds the
  // stream's first connection, which it does until it sees that connection close (on a network reset, much later
  // than the client's retries). Without it, the resume takes the stream over, as the fast path's streams do: a
  // client resumes a stream only once it has lost it. Event ids the session does not hold are refused before the
  // transport sees them (legacy-sessions.ts).

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const stream = this.#events.get(idOf(lastEventId))?.stream;
    if (stream === undefined) throw new Error(`event ${lastEventId} is not held`);
    for (const [id, text] of this.#after(idOf(lastEventId), stream)) await send(id, JSON.parse(text));
    return stream;
  }

  status(eventId: string): EventStatus {
    const id = idOf(eventId);
    if (this.#events.has(id)) return "held";
    return id >= 1 && id < this.#next ? "dropped" : "unknown";
  }

  /** The fast path's stream that event `eventId` belongs to, while it is still being answered. */
  liveStream(eventId: string): FastStream | undefined {
    const event = this.#events.get(idOf(eventId));
    return event && this.#open.get(event.stream);
  }

  /** A stream the fast path writes (it answers one request): its frames are recorded here as they are written. */
  openStream(primes: boolean): FastStream {
    const stream = new FastStream(this, crypto.randomUUID(), primes, (ended) => this.#open.delete(ended.id));
    this.#open.set(stream.id, stream);
    return stream;
  }

  /** The session ended: everything kept goes, and streams resumed from here end. */
  close(): void {
    this.#closed = true;
    this.#events.clear();
    this.#bytes = 0;
    for (const stream of [...this.#open.values()]) stream.end();
  }

  /** The messages of `stream` after event `after`, with their ids (priming events carry none). */
  *#after(after: number, stream: StreamId): Generator<[EventId, string]> {
    // Listed first: sending may record more, which belong to the live stream, not to the replay.
    const found: [EventId, string][] = [];
    for (const [id, event] of this.#events) {
      if (id > after && event.stream === stream && event.text !== "") found.push([String(id), event.text]);
    }
    yield* found;
  }

  /** What `#after` yields, for the fast path's own resumes. */
  framesAfter(eventId: string, stream: StreamId): string[] {
    return [...this.#after(idOf(eventId), stream)].map(([id, text]) => frame(text, id));
  }
}

function idOf(eventId: string): number {
  return /^\d{1,15}$/.test(eventId) ? Number(eventId) : 0;
}

/** Where a resumed stream is written: a client that came back with `Last-Event-ID`. */
interface Follower {
  write(chunk: string): void;
  end(): void;
}

/**
 * One answer of the session's fast path as a resumable stream (the `Journal` its event stream records to): its
 * frames are kept in the session's events, and a client that resumes it while it is still being answered follows it
 * live from there, as the SDK's transport lets a resumed stream carry the rest of its request.
 */
export class FastStream implements Journal {
  #follower: Follower | undefined;
  #ended = false;

  constructor(
    private readonly events: SessionEvents,
    readonly id: StreamId,
    readonly primes: boolean,
    private readonly onEnd: (stream: FastStream) => void,
  ) {}

  record(text: string): string {
    const eventId = this.events.record(this.id, text);
    if (text !== "") this.#follower?.write(frame(text, eventId));
    return eventId;
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.onEnd(this);
    this.#follower?.end();
    this.#follower = undefined;
  }

  /**
   * The stream again, for a client that last received event `lastEventId`: what came after it, then the rest live.
   * A stream resumed twice goes on in the newer connection, and the older one ends.
   */
  resume(lastEventId: string, headers: [string, string][]): Response {
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    let follower: Follower | undefined;
    let open = true;
    const encoder = new TextEncoder();
    const stop = () => {
      open = false;
      clearInterval(keepAlive);
      if (this.#follower === follower) this.#follower = undefined;
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        follower = {
          write: (chunk) => {
            if (open) controller.enqueue(encoder.encode(chunk));
          },
          end: () => {
            if (!open) return;
            stop();
            controller.close();
          },
        };
        for (const chunk of this.events.framesAfter(lastEventId, this.id)) follower.write(chunk);
        if (this.#ended) return follower.end();
        this.#follower?.end();
        this.#follower = follower;
        keepAlive = setInterval(() => follower?.write(": keepalive\n\n"), KEEP_ALIVE_MS);
        keepAlive.unref?.();
      },
      cancel: stop,
    });
    return new Response(body, { status: 200, headers });
  }
}
