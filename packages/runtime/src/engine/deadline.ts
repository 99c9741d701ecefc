/** Marks a run that ran out of time (see {@link Deadline.race}). */
export const TIMED_OUT: unique symbol = Symbol("mcpsmith.timedOut");

/**
 * A tool's time limit. Its `signal` goes into the handler's context (joined with the request's own) before the
 * handler starts; `race` starts the clock. When it runs out the signal aborts with a `TimeoutError`, and the race
 * settles as {@link TIMED_OUT} without waiting for the handler, which can only be asked to stop. `stop()` ends the
 * clock early: a task's handler, once it runs as a task (`ctx.startTask()`), is limited by the task's TTL instead.
 */
export class Deadline {
  readonly #controller = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #expire: (() => void) | undefined;

  constructor(readonly ms: number) {}

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  async race<T>(work: Promise<T>): Promise<T | typeof TIMED_OUT> {
    const expired = new Promise<typeof TIMED_OUT>((resolve) => {
      this.#expire = () => resolve(TIMED_OUT);
    });
    this.#timer = setTimeout(() => {
      this.#controller.abort(new DOMException(`The tool ran past its ${this.ms} ms timeout`, "TimeoutError"));
      this.#expire?.();
    }, this.ms);
    try {
      return await Promise.race([work, expired]);
    } finally {
      this.stop();
    }
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#expire = undefined;
  }
}
