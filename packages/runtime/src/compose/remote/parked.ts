import { randomUUID } from "node:crypto";
import type { InputRequest } from "@modelcontextprotocol/server";
import type { Context, LogLevel } from "../../model/context.js";
import { protocolError } from "../../wire-errors.js";

/** What a parked call waits for next: the remote's answer, or one more input request of the remote's. */
export type Step<T> =
  | { kind: "answer"; answer: T }
  | { kind: "failed"; error: unknown }
  | { kind: "input"; key: string; request: InputRequest };

/** How long a parked call waits for its caller's next round; the proxy's own `requestState` lasts as long. */
const PARKED_MS = 10 * 60_000;
/** Calls parked at once per remote: past this, a new input round is refused rather than held. */
const MAX_PARKED = 1000;

/**
 * A call to a legacy remote that asked for input (`elicitation/create`, `sampling/createMessage`, `roots/list`)
 * while it ran. The remote's request is open on its connection, so the call cannot be sent again: it is kept
 * here, in the process that made it, until the caller's next round brings the answer (or it expires).
 */
export class ParkedCall<T> {
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
    call(this.abort.signal, this).then(
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

/** The calls of one remote that are running (and may ask for input) or parked between rounds. */
export class ParkedCalls {
  readonly #running = new Set<ParkedCall<unknown>>();
  readonly #parked = new Map<string, { call: ParkedCall<unknown>; timer: ReturnType<typeof setTimeout> }>();

  start<T>(call: (signal: AbortSignal, parked: ParkedCall<T>) => Promise<T>): ParkedCall<T> {
    const parked = new ParkedCall(call);
    this.#running.add(parked as ParkedCall<unknown>);
    return parked;
  }

  /**
   * The call a remote's input request belongs to: the one call running on that remote. With several running,
   * the request cannot be told apart (legacy stdio carries no link to the call), and it is refused rather than
   * shown to the wrong caller.
   */
  asking(): ParkedCall<unknown> | undefined {
    const candidates = [...this.#running].filter((call) => call.pending === undefined);
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  /**
   * A legacy remote's log message goes to the caller of the one call running on it (sent only if that caller asked
   * for logs at that level); with none or several running, it cannot be placed and is left out.
   */
  log(message: { level: LogLevel; data?: unknown; logger?: string }): void {
    const running = [...this.#running];
    if (running.length === 1) void running[0]!.relay.log(message.level, message.data, message.logger);
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
