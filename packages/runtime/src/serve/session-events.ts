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

/**
 * What one legacy session sent on its SSE streams, so that a client whose stream closed can resume it with
 * `Last-Event-ID` and receive what it missed. Both writers of a session's streams record here: the SDK's transport
 * (as its `eventStore`) and the session's fast path (`openStream`). Ids count up per session, and the oldest events
 * go first whatever their stream, so a stream keeps the newest part of itself: an id still held has every later
 * event of its stream held too, and a resume after an id no longer held is refused rather than replayed with a gap.
 * It belongs to the session, and is emptied when the session ends.
 *
 * Because ids count up and only the oldest go, the events held are always one run of ids: they are kept in two
 * arrays (each event's stream and its text) from the oldest held on, so that recording one (every answer records
 * two, its priming event and itself) stores two references and drops the oldest with an index, with no entry
 * object or map.
 */
export class SessionEvents implements EventStore {
  /** The stream and the text of each event held, oldest first, from index `#start`: the message as JSON, "" for a priming event. */
  #streams: StreamId[] = [];
  #texts: string[] = [];
  #start = 0;
  /** The id of the oldest event held (of `#streams[#start]`); the next id when none is. */
  #oldest = 1;
  #next = 1;
  /** The fast path's streams still being answered, by stream id: a resume follows them live. */
  readonly #open = new Map<StreamId, FastStream>();
  /** Numbers the fast path's streams (the SDK's are UUIDs, and its standalone stream `_GET_stream`). */
  #streamCount = 0;
  readonly #maxEvents: number;
  readonly #maxBytes: number;
  #bytes = 0;
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
    if (this.#closed) {
      this.#oldest = this.#next;
      return String(id);
    }
    this.#streams.push(stream);
    this.#texts.push(text);
    this.#bytes += text.length;
    while (this.#next - this.#oldest > this.#maxEvents || this.#bytes > this.#maxBytes) this.#dropOldest();
    return String(id);
  }

  #dropOldest(): void {
    const start = this.#start;
    this.#bytes -= this.#texts[start]!.length;
    this.#oldest++;
    // What was dropped is let go of in batches: the arrays are cut when their dropped head is as long as what is held.
    if (start + 1 >= this.#texts.length - start - 1 && start >= 64) {
      this.#streams = this.#streams.slice(start + 1);
      this.#texts = this.#texts.slice(start + 1);
      this.#start = 0;
    } else {
      this.#streams[start] = "";
      this.#texts[start] = "";
      this.#start = start + 1;
    }
  }

  /** The index in the arrays of event `id`, if it is held. */
  #indexOf(id: number): number | undefined {
    return id >= this.#oldest && id < this.#next ? this.#start + (id - this.#oldest) : undefined;
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
    const at = this.#indexOf(idOf(lastEventId));
    if (at === undefined) throw new Error(`event ${lastEventId} is not held`);
    const stream = this.#streams[at]!;
    for (const [id, text] of this.#after(idOf(lastEventId), stream)) await send(id, JSON.parse(text));
    return stream;
  }

  status(eventId: string): EventStatus {
    const id = idOf(eventId);
    if (this.#indexOf(id) !== undefined) return "held";
    return id >= 1 && id < this.#next ? "dropped" : "unknown";
  }

  /** The fast path's stream that event `eventId` belongs to, while it is still being answered. */
  liveStream(eventId: string): FastStream | undefined {
    const at = this.#indexOf(idOf(eventId));
    return at === undefined ? undefined : this.#open.get(this.#streams[at]!);
  }

  /** A stream the fast path writes (it answers one request): its frames are recorded here as they are written. */
  openStream(primes: boolean): FastStream {
    const stream = new FastStream(this, `fast-${++this.#streamCount}`, primes);
    this.#open.set(stream.id, stream);
    return stream;
  }

  /** A stream of `openStream` has ended: a resume of it is the SDK transport's replay from here on. */
  ended(stream: FastStream): void {
    this.#open.delete(stream.id);
  }

  /** The session ended: everything kept goes, and streams resumed from here end. */
  close(): void {
    this.#closed = true;
    this.#streams = [];
    this.#texts = [];
    this.#start = 0;
    this.#oldest = this.#next;
    this.#bytes = 0;
    for (const stream of [...this.#open.values()]) stream.end();
  }

  /** The messages of `stream` after event `after`, with their ids (priming events carry none). */
  *#after(after: number, stream: StreamId): Generator<[EventId, string]> {
    // Listed first: sending may record more, which belong to the live stream, not to the replay.
    const found: [EventId, string][] = [];
    const first = Math.max(after + 1, this.#oldest);
    for (let at = this.#start + (first - this.#oldest), id = first; at < this.#texts.length; at++, id++) {
      const text = this.#texts[at]!;
      if (this.#streams[at] === stream && text !== "") found.push([String(id), text]);
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
  ) {}

  record(text: string): string {
    const eventId = this.events.record(this.id, text);
    if (text !== "") this.#follower?.write(frame(text, eventId));
    return eventId;
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.events.ended(this);
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
