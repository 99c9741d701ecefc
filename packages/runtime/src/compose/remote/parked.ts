import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { InputRequest } from "@modelcontextprotocol/server";
import type { Context, LogLevel } from "../../model/context.js";
import { protocolError } from "../../wire-errors.js";

/** What a parked call waits for next: the remote's answer, or one more input request of the remote's. */
export type Step<T> =
  | { kind: "answer"; answer: T }
  | { kind: "failed"; error: unknown }
  | { kind: "input"; key: string; request: InputRequest };

/** A call running on a remote: where that remote's log messages for it go. */
export interface RunningCall {
  relay: Pick<Context, "progress" | "log">;
}

/**
 * The call whose request a remote's message came with. Over HTTP a remote sends what belongs to a request (its
 * logs, a legacy remote's input requests) on that request's own response stream, which the official client reads
 * in the context of the call that sent it, so the call is known; stdio, and a legacy remote's stream outside any
 * request, carry no link to a call, and leave it unknown.
 */
const calling = new AsyncLocalStorage<RunningCall>();

/** Runs `work` outside any call: what it starts (a reconnect's streams) belongs to no caller. */
export function outsideCalls<T>(work: () => T): T {
  return calling.exit(work);
}

/** How long a parked call waits for its caller's next round; the proxy's own `requestState` lasts as long. */
const PARKED_MS = 10 * 60_000;
/** Calls parked at once per remote: past this, a new input round is refused rather than held. */
const MAX_PARKED = 1000;

/**
 * A call to a legacy remote that asked for input (`elicitation/create`, `sampling/createMessage`, `roots/list`)
 * while it ran. The remote's request is open on its connection, so the call cannot be sent again: it is kept
 * here, in the process that made it, until the caller's next round brings the answer (or it expires).
 */
export class ParkedCall<T> implements RunningCall {
  readonly id = randomUUID();
  readonly abort = new AbortController();
  #steps: Step<T>[] = [];
  #wake: (() => void) | undefined;
  #asked = 0;
  /** The input request the remote is waiting on, and how to answer it. */
  pending:
    | { key: string; request: InputRequest; respond(result: unknown): void; refuse(error: Error): void }
    | undefined;
  /** Where the remote's progress and logs go: the caller's round that is running now. */
  relay: Pick<Context, "progress" | "log"> = { progress: async () => {}, log: async () => {} };

  constructor(call: (signal: AbortSignal, parked: ParkedCall<T>) => Promise<T>) {
    calling
      .run(this, () => call(this.abort.signal, this))
      .then(
        (answer) => this.#push({ kind: "answer", answer }),
        (error: unknown) => this.#push({ kind: "failed", error }),
      );
  }

  /** The remote asks: recorded as this call's next step, answered when the caller's next round arrives. */
  ask(request: InputRequest): Promise<unknown> {
    return new Promise((respond, refuse) => {
      const key = `remote-${this.#asked++}`;
      this.pending = { key, request, respond, refuse };
      this.#push({ kind: "input", key, request });
    });
  }

  answer(result: unknown): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.respond(result);
  }

  async next(): Promise<Step<T>> {
    while (this.#steps.length === 0) await new Promise<void>((wake) => (this.#wake = wake));
    return this.#steps.shift()!;
  }

  cancel(reason: string): void {
    this.pending?.refuse(protocolError("INTERNAL_ERROR", reason));
    this.pending = undefined;
    this.abort.abort(new Error(reason));
  }

  #push(step: Step<T>): void {
    this.#steps.push(step);
    this.#wake?.();
    this.#wake = undefined;
  }
}

/** The calls of one remote that are running (and may ask for input or log) or parked between rounds. */
export class ParkedCalls {
  readonly #running = new Set<RunningCall>();
  readonly #parked = new Map<string, { call: ParkedCall<unknown>; timer: ReturnType<typeof setTimeout> }>();

  start<T>(call: (signal: AbortSignal, parked: ParkedCall<T>) => Promise<T>): ParkedCall<T> {
    const parked = new ParkedCall(call);
    this.#running.add(parked as ParkedCall<unknown>);
    return parked;
  }

  /** Runs a request that cannot ask for input (a 2026-07-28 remote's) as a call its log messages can reach. */
  track<T>(relay: RunningCall["relay"], send: () => Promise<T>): Promise<T> {
    const call: RunningCall = { relay };
    this.#running.add(call);
    return calling.run(call, send).finally(() => this.#running.delete(call));
  }

  /** The running call a message of the remote came with, known (HTTP) or, failing that, the only one running. */
  #owner(only: (call: RunningCall) => boolean): RunningCall | undefined {
    const own = calling.getStore();
    if (own !== undefined && this.#running.has(own)) return own;
    let found: RunningCall | undefined;
    for (const call of this.#running) {
      if (!only(call)) continue;
      if (found !== undefined) return undefined;
      found = call;
    }
    return found;
  }

  /**
   * The call a legacy remote's input request belongs to: the call whose request stream it came on (HTTP), else the
   * one call running on that remote and not already waiting for an answer. A request that cannot be placed (stdio,
   * with several calls running) is refused rather than shown to the wrong caller; so is a second question of a call
   * that is still waiting on its first.
   */
  asking(): ParkedCall<unknown> | undefined {
    const call = this.#owner((candidate) => candidate instanceof ParkedCall && candidate.pending === undefined);
    return call instanceof ParkedCall && call.pending === undefined ? call : undefined;
  }

  /**
   * A remote's log message goes to the caller of the call it came with (sent only if that caller asked for logs at
   * that level); without a link, to the caller of the one call running on it; with several, it cannot be placed and
   * is left out.
   */
  log(message: { level: LogLevel; data?: unknown; logger?: string }): void {
    const call = this.#owner(() => true);
    if (call !== undefined) void call.relay.log(message.level, message.data, message.logger);
  }

  park(call: ParkedCall<unknown>): boolean {
    if (this.#parked.size >= MAX_PARKED) return false;
    const timer = setTimeout(() => {
      this.#parked.delete(call.id);
      this.end(call);
      call.cancel("the caller did not answer the remote server's input request in time");
    }, PARKED_MS);
    timer.unref?.();
    this.#parked.set(call.id, { call, timer });
    return true;
  }

  /** The parked call a round resumes: taken out of the waiting list while it runs. */
  resume(id: string): ParkedCall<unknown> | undefined {
    const entry = this.#parked.get(id);
    if (entry === undefined) return undefined;
    clearTimeout(entry.timer);
    this.#parked.delete(id);
    return entry.call;
  }

  isParked(call: ParkedCall<unknown>): boolean {
    return this.#parked.has(call.id);
  }

  end(call: ParkedCall<unknown>): void {
    this.#running.delete(call);
  }

  /** The remote went away or the proxy closes: every call waiting on it ends. */
  cancelAll(reason: string): void {
    for (const { call, timer } of this.#parked.values()) {
      clearTimeout(timer);
      call.cancel(reason);
    }
    this.#parked.clear();
    this.#running.clear();
  }
}
