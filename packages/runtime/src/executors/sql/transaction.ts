/**
 * The one transaction every driver runs, in the one order that keeps a connection from leaking, or from carrying
 * what a call set into the next call: a connection, cancellation watched, begin, the work, commit (a write) or roll
 * back (a read), and the connection given back whatever happened. A driver gives only the steps its engine takes.
 */
import type { RunSettings, Session, SqlDriver, TransactionHint } from "./driver.js";

export type TransactionMode = "read" | "write";

/** What a transaction of one engine does at each step; `Connection` is whatever the steps share. */
export interface TransactionSteps<Connection, EngineSession extends Session> {
  /**
   * A connection for this transaction alone (from a pool, or the engine's one connection once its turn comes).
   * `bounded`: it is for a bounded read (`autocommit` runs it).
   */
  acquire(settings: RunSettings, bounded: boolean): Promise<Connection> | Connection;
  /** Stops the statement running on `connection` when the call is cancelled; returns what stops watching. */
  cancelOn(connection: Connection, settings: RunSettings): () => void;
  /**
   * Begins the transaction and returns its session. `untrusted`: its statements include SQL a model wrote, so
   * nothing they set may reach another call.
   */
  begin(
    connection: Connection,
    mode: TransactionMode,
    settings: RunSettings,
    untrusted: boolean,
  ): Promise<EngineSession>;
  /**
   * A session without a transaction, for a bounded read (driver.ts's TransactionHint: one statement, which is its
   * own snapshot): what `begin` would set for it set on the connection once instead, so it costs one round trip
   * rather than three. Without it, bounded reads run as any other.
   */
  autocommit?(connection: Connection, settings: RunSettings): Promise<EngineSession>;
  /** After the work: commits a write, rolls a read back. */
  end(connection: Connection, session: EngineSession, mode: TransactionMode): Promise<void>;
  /** After a failure, the session begun or not: rolls back what can be. Its own failure is ignored. */
  abort(connection: Connection, session: EngineSession | undefined): Promise<void> | void;
  /**
   * Gives the connection back, or closes it: after a failure (`failure`, what was thrown), or after untrusted SQL,
   * it may hold anything. `bounded` as given to `acquire`.
   */
  release(connection: Connection, outcome: { failure: Error | undefined; untrusted: boolean; bounded: boolean }): void;
}

/**
 * A driver's transactions from its steps: `transaction` for the statements the executor writes, `untrustedRead` for
 * `query` text, which a model wrote: it runs read-only, and nothing it sets reaches another call.
 */
export function transactionsOf<Connection, EngineSession extends Session>(
  steps: TransactionSteps<Connection, EngineSession>,
): Pick<SqlDriver, "transaction"> & {
  untrustedRead<T>(settings: RunSettings, work: (session: Session) => Promise<T>): Promise<T>;
} {
  return {
    transaction: (mode, settings, work, hint) => runTransaction(steps, mode, settings, work, false, hint),
    untrustedRead: (settings, work) => runTransaction(steps, "read", settings, work, true),
  };
}

/** Runs `work` in one transaction of `mode`; the transaction has ended and the connection is back when it settles. */
async function runTransaction<Connection, EngineSession extends Session, T>(
  steps: TransactionSteps<Connection, EngineSession>,
  mode: TransactionMode,
  settings: RunSettings,
  work: (session: Session) => Promise<T>,
  untrusted: boolean,
  hint?: TransactionHint,
): Promise<T> {
  const autocommit = mode === "read" && hint?.bounded === true && !untrusted ? steps.autocommit : undefined;
  const connection = await steps.acquire(settings, autocommit !== undefined);
  // A bounded read ends before a cancel, sent from a connection of its own, could reach the server: it is not
  // watched, so the call neither follows its request's cancellation nor makes the request's signal.
  const stop = autocommit ? unwatched : steps.cancelOn(connection, settings);
  let session: EngineSession | undefined;
  let failure: Error | undefined;
  try {
    if (autocommit) return await work(await autocommit(connection, settings));
    session = await steps.begin(connection, mode, settings, untrusted);
    const result = await work(session);
    await steps.end(connection, session, mode);
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    if (!autocommit) {
      await Promise.resolve()
        .then(() => steps.abort(connection, session))
        .catch(() => {});
    }
    throw error;
  } finally {
    stop();
    steps.release(connection, { failure, untrusted, bounded: autocommit !== undefined });
  }
}

const unwatched = () => {};
