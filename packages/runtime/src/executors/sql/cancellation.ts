/**
 * What stops one call of the SQL executor: the client's cancellation, or the backstop past the time limit. The
 * drivers listen to it to stop the statement on the server; once stopped, the call's promise rejects at once.
 *
 * A list of callbacks rather than an AbortController: a call made an AbortSignal, a listener on the request's
 * signal, one on its own for the rejection and one per driver, about a twentieth of a 100-row read's CPU. The
 * backstops share one timer (`Backstops`), where each call had a timer of its own.
 */
export class Cancellation {
  #listeners: (() => void)[] = [];
  #reason: unknown;
  #stopped = false;
  #reject: ((reason: unknown) => void) | undefined;
  /** The client's cancellation of the request the call serves, asked for when first followed. */
  readonly #request: (() => AbortSignal | undefined) | undefined;
  #followed = false;
  #unfollow: (() => void) | undefined;

  /**
   * `request` gives the signal of the request the call serves. It is followed only once something can be stopped
   * (a listener is added): a read SQLite answers on the main thread never can, and there a request's signal, made
   * when first asked for, and its listener cost more than the rest of the cancellation did.
   */
  constructor(request?: () => AbortSignal | undefined) {
    this.#request = request;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  get reason(): unknown {
    return this.#reason;
  }

  /** Calls `listener` when the call is stopped (at once if it is); the function returned stops listening. */
  onStop(listener: () => void): () => void {
    this.#follow();
    if (this.#stopped) {
      listener();
      return () => {};
    }
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }

  /** `work`, or a rejection with the reason as soon as the call is stopped (the work is left to settle alone). */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#reason);
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      work.then(resolve, reject);
    });
  }

  /** The call is over: its request is no longer followed. */
  end(): void {
    this.#unfollow?.();
    this.#unfollow = undefined;
  }

  stop(reason: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
    this.#reject?.(reason);
  }

  /** Stops the call when its request is cancelled (at once, if it already is). */
  #follow(): void {
    if (this.#followed) return;
    this.#followed = true;
    const signal = this.#request?.();
    if (signal === undefined) return;
    if (signal.aborted) {
      this.stop(signal.reason);
      return;
    }
    const cancelled = () => this.stop(signal.reason);
    signal.addEventListener("abort", cancelled, { once: true });
    this.#unfollow = () => signal.removeEventListener("abort", cancelled);
  }
}

/**
 * Backstops of running calls, checked by one timer that runs while any call does. A call past its deadline is
 * stopped at the next check: the deadline is late by at most `periodMs`, which is why it is a backstop's (twice the
 * statement timeout and a grace), never the statement timeout the server enforces.
 */
export class Backstops {
  readonly #deadlines = new Map<Cancellation, { at: number; onExpiry: () => void }>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly periodMs: number) {}

  /** Stops `cancellation` with `onExpiry`'s side effect once `afterMs` have passed; the function returned forgets it. */
  watch(cancellation: Cancellation, afterMs: number, onExpiry: () => void): () => void {
    this.#deadlines.set(cancellation, { at: Date.now() + afterMs, onExpiry });
    this.#timer ??= this.#arm();
    return () => {
      this.#deadlines.delete(cancellation);
    };
  }

  #arm(): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => this.#check(), this.periodMs);
    // Nothing waits on a backstop alone: a process with no other work may exit.
    timer.unref?.();
    return timer;
  }

  #check(): void {
    const now = Date.now();
    for (const [cancellation, { at, onExpiry }] of this.#deadlines) {
      if (at > now) continue;
      this.#deadlines.delete(cancellation);
      onExpiry();
    }
    this.#timer = this.#deadlines.size > 0 ? this.#arm() : undefined;
  }
}
