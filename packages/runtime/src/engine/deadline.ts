/** Marks a run that ran out of time (see {@link Deadline.run}). */
export const TIMED_OUT: unique symbol = Symbol("mcpsmith.timedOut");

/**
 * A tool's time limit. Its `signal` goes into the handler's context (joined with the request's own) before the
 * handler starts; `run` starts the clock, then the handler. When the clock runs out the signal aborts with a
 * `TimeoutError`, and the run settles as {@link TIMED_OUT} without waiting for the handler, which can only be asked
 * to stop. `stop()` ends the clock early, for good: a task's handler, once it runs as a task (`ctx.startTask()`,
 * which may come before the handler's first `await`), is limited by the task's TTL instead.
 */
export class Deadline {
  readonly #controller = new AbortController();
  readonly #expired: Promise<typeof TIMED_OUT>;
  /** The promise's own resolve function, not an arrow made around it (legacy-fast-path.ts, `untilGivenUp`, says why). */
  #expire: (timedOut: typeof TIMED_OUT) => void = () => {};
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(readonly ms: number) {
    this.#expired = new Promise((resolve) => {
      this.#expire = resolve;
    });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  async run<T>(work: () => Promise<T>): Promise<T | typeof TIMED_OUT> {
    if (!this.#stopped) {
      this.#timer = setTimeout(() => {
        this.#controller.abort(new DOMException(`The tool ran past its ${this.ms} ms timeout`, "TimeoutError"));
        this.#expire(TIMED_OUT);
      }, this.ms);
    }
    try {
      return await Promise.race([work(), this.#expired]);
    } finally {
      this.stop();
    }
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}
