/**
 * One pooled connection kept out of its pool for bounded reads (driver.ts's TransactionHint): the next bounded read
 * takes it as it is, without the pool's checkout and return (for pg-pool, a timer set and cleared at each, events
 * and a tick; a few hundredths of a 100-row read). A read that finds it taken, and every other transaction, uses
 * the pool as before.
 *
 * It is the connection the first bounded read was given, kept when that read succeeded. One that fails is dropped
 * by the driver (`forget`); one lost while kept (the server restarted) is closed at once, so the next read takes a
 * new one from the pool and does not fail, as the pool drops its own idle connections that die; one unused for
 * `idleMs` is closed as the pool closes its own. It never starves the pool (which may hold one connection): any
 * other transaction has it back first (`yieldTo`).
 */
export class KeptConnection<Connection> {
  #connection: Connection | undefined;
  #taken = false;
  #usedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #ended = false;
  /** Callers waiting on the pool (`fromPool`): while any does, a connection given back goes to the pool. */
  #waiting = 0;

  #unwatch: (() => void) | undefined;

  /**
   * `close` ends a connection for good (the pool forgets it); `watch` calls `lost` when a connection dies (its
   * error and end events) and returns what stops watching.
   */
  constructor(
    private readonly idleMs: number,
    private readonly close: (connection: Connection) => void,
    private readonly watch: (connection: Connection, lost: () => void) => () => void,
  ) {}

  /** The kept connection, now taken, or undefined when there is none or another read has it. */
  take(): Connection | undefined {
    if (this.#connection === undefined || this.#taken) return undefined;
    this.#taken = true;
    return this.#connection;
  }

  /**
   * After a bounded read that succeeded: whether `connection` is kept (it was the kept one, or none was). When it is
   * not, the caller gives it back to the pool.
   */
  keep(connection: Connection): boolean {
    if (this.#ended || this.#waiting > 0) {
      this.forget(connection);
      return false;
    }
    if (this.#connection === undefined) {
      this.#connection = connection;
      // Lost while a read has it, the read fails and the driver forgets it; lost while kept, it goes now.
      this.#unwatch = this.watch(connection, () => {
        if (!this.#taken && this.forget(connection)) this.close(connection);
      });
      // An idle time of 0 keeps connections open for good, as it does in the pools.
      if (this.idleMs > 0) this.#timer = this.#arm(this.idleMs);
    }
    if (this.#connection !== connection) return false;
    this.#taken = false;
    this.#usedAt = Date.now();
    return true;
  }

  /** A connection from the pool (`connect`), counted as waited for until it comes: see `keep`. */
  async fromPool(connect: () => Promise<Connection>): Promise<Connection> {
    this.#waiting++;
    try {
      return await connect();
    } finally {
      this.#waiting--;
    }
  }

  /**
   * Before a transaction other than a bounded read takes a connection from the pool: the kept connection, when no
   * read has it, for the caller to give back to the pool first (a read that has it gives it back after: the
   * transaction waits in `fromPool`).
   */
  yieldTo(): Connection | undefined {
    const connection = this.#connection;
    if (connection === undefined || this.#taken) return undefined;
    this.forget(connection);
    return connection;
  }

  /** Whether `connection` is the kept one; it no longer is (the caller closes it or gives it back). */
  forget(connection: Connection): boolean {
    if (this.#connection !== connection) return false;
    this.#connection = undefined;
    this.#taken = false;
    clearTimeout(this.#timer);
    this.#unwatch?.();
    this.#unwatch = undefined;
    return true;
  }

  /** Closes the kept connection, or lets the read that has it give it back to the pool (which then closes). */
  end(): void {
    this.#ended = true;
    const connection = this.#connection;
    if (connection !== undefined && !this.#taken && this.forget(connection)) this.close(connection);
  }

  /** One timer while a connection is kept, rather than one per read: it checks when the connection could be idle. */
  #arm(delayMs: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      const connection = this.#connection;
      if (connection === undefined) return;
      const idle = Date.now() - this.#usedAt;
      if (!this.#taken && idle >= this.idleMs) {
        this.forget(connection);
        this.close(connection);
      } else {
        this.#timer = this.#arm(this.#taken ? this.idleMs : this.idleMs - idle);
      }
    }, delayMs);
    // An idle connection is no reason to keep the process alive.
    timer.unref?.();
    return timer;
  }
}

/** Calls `lost` when a connection errs or ends: both drivers' connections are Node event emitters. */
export function watchEnd(connection: NodeJS.EventEmitter, lost: () => void): () => void {
  connection.on("error", lost);
  connection.on("end", lost);
  return () => {
    connection.off("error", lost);
    connection.off("end", lost);
  };
}
