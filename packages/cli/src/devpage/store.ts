import type {
  CallEntry,
  Catalogue,
  DevEvent,
  PageState,
  PageUpdate,
  PendingInput,
  ServerStatus,
  SpanView,
} from "./model.js";

/** The calls the page keeps; older ones are dropped (and so are the spans of their traces). */
export const MAX_CALLS = 300;
/** The events (restarts, list changes, start-up errors) the page keeps. */
export const MAX_EVENTS = 200;
/** Spans kept under one call: a call that runs a thousand statements shows the first ones and says so. */
export const MAX_SPANS_PER_CALL = 200;

type Listener = (update: PageUpdate) => void;

/**
 * Everything the page shows, in bounded collections, and whoever listens to it (each open page's event stream).
 * Every change is sent to the listeners as it is made; a page that connects gets the whole state first.
 */
export class PageStore {
  #server: ServerStatus;
  #catalogue: Catalogue | undefined;
  readonly #calls = new Map<string, CallEntry>();
  /** Calls by trace id, so an arriving span finds its call. */
  readonly #byTrace = new Map<string, CallEntry>();
  readonly #events: DevEvent[] = [];
  #inputs: PendingInput[] = [];
  #eventIds = 0;
  readonly #listeners = new Set<Listener>();

  constructor(server: ServerStatus) {
    this.#server = server;
  }

  get server(): ServerStatus {
    return this.#server;
  }

  get catalogue(): Catalogue | undefined {
    return this.#catalogue;
  }

  state(): PageState {
    return {
      server: this.#server,
      ...(this.#catalogue && { catalogue: this.#catalogue }),
      calls: [...this.#calls.values()],
      events: [...this.#events],
      inputs: [...this.#inputs],
    };
  }

  /** Listens to every change from now on; returns what stops listening. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  setServer(change: Partial<ServerStatus>): void {
    this.#server = { ...this.#server, ...change };
    this.#send({ type: "server", server: this.#server });
  }

  setCatalogue(catalogue: Catalogue): void {
    this.#catalogue = catalogue;
    this.#send({ type: "catalogue", catalogue });
  }

  addEvent(event: Omit<DevEvent, "id" | "at">): void {
    const full: DevEvent = { id: ++this.#eventIds, at: Date.now(), ...event };
    this.#events.push(full);
    if (this.#events.length > MAX_EVENTS) this.#events.shift();
    this.#send({ type: "event", event: full });
  }

  setInputs(inputs: PendingInput[]): void {
    this.#inputs = inputs;
    this.#send({ type: "inputs", inputs });
  }

  call(id: string): CallEntry | undefined {
    return this.#calls.get(id);
  }

  /** Adds a call, dropping the oldest beyond {@link MAX_CALLS}. */
  addCall(call: CallEntry): void {
    this.#calls.set(call.id, call);
    if (call.traceId) this.#byTrace.set(call.traceId, call);
    if (this.#calls.size > MAX_CALLS) {
      const [oldest] = this.#calls.values();
      if (oldest) this.#drop(oldest);
    }
    this.#send({ type: "call", call });
  }

  /** Sends a call again after it changed (answered, a round, progress, spans). */
  updated(call: CallEntry): void {
    if (this.#calls.get(call.id) === call) this.#send({ type: "call", call });
  }

  /** Files spans under the calls of their traces; spans of traces no call made are not kept. */
  addSpans(spans: readonly SpanView[]): void {
    const changed = new Set<CallEntry>();
    for (const span of spans) {
      const call = this.#byTrace.get(span.traceId);
      if (!call || call.spans.length >= MAX_SPANS_PER_CALL) continue;
      if (call.spans.some((kept) => kept.spanId === span.spanId)) continue;
      call.spans.push(span);
      changed.add(call);
    }
    for (const call of changed) {
      call.spans.sort((a, b) => a.start - b.start);
      this.updated(call);
    }
  }

  #drop(call: CallEntry): void {
    this.#calls.delete(call.id);
    if (call.traceId && this.#byTrace.get(call.traceId) === call) this.#byTrace.delete(call.traceId);
  }

  #send(update: PageUpdate): void {
    for (const listener of this.#listeners) listener(update);
  }
}
