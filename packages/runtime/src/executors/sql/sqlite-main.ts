/**
 * Bounded reads (driver.ts's TransactionHint) on the main thread, on a read-only connection of its own. A read sent
 * to the worker costs a message each way (each a wake-up of the other thread) and a copy of its rows, more than a
 * page read through the primary key costs SQLite; such a read cannot outrun its time, so it needs no worker to be
 * stopped in. Anything else the main thread meets (a lock held by a writer, an error, a connection that could not
 * open) sends the read to the worker as before, where it is answered, or fails, as it always did.
 */
import { type ResultSet, resultSet, type Session, uniqueNames } from "./driver.js";
import { loadSqliteEngine } from "./load-sqlite.js";
import type { SqliteConnection, SqliteDriverName, SqliteStatement } from "./sqlite-engine.js";

/** Thrown by a main-thread session when the worker must answer instead. */
class ToWorker extends Error {}

/** Prepared statements kept per text: the executor writes few distinct ones per table. */
const KEPT_STATEMENTS = 200;

export class MainThreadReader {
  #opening: Promise<SqliteConnection | undefined> | undefined;
  #connection: SqliteConnection | undefined;
  readonly #statements = new Map<string, { statement: SqliteStatement; columns: string[] }>();
  /** A read's work is running (it awaits): another read goes to the worker meanwhile. */
  #inUse = false;
  #closed = false;

  constructor(readonly filename: string) {}

  /**
   * `work`, one read statement, on the main thread, or `undefined` when the worker must run it (nothing of it is
   * then left behind: it ran nothing, or one read).
   */
  async read<T>(engine: SqliteDriverName, work: (session: Session) => Promise<T>): Promise<{ value: T } | undefined> {
    const connection = this.#connection ?? (await this.#open(engine));
    if (connection === undefined || this.#inUse || this.#closed) return undefined;
    this.#inUse = true;
    // A bounded read is one statement (driver.ts), its own snapshot without BEGIN and ROLLBACK (two calls into
    // SQLite a read); should a second come, the worker runs the whole work in one transaction instead.
    let ran = false;
    const session: Session = {
      run: async (statement, maxRows) => {
        if (ran) throw new ToWorker("one statement a main-thread read");
        ran = true;
        try {
          return this.#run(connection, statement.text, statement.values, maxRows);
        } catch (error) {
          throw error instanceof ToWorker ? error : new ToWorker("the worker answers this read", { cause: error });
        }
      },
      affected: 0,
      insertId: undefined,
    };
    try {
      return { value: await work(session) };
    } catch (error) {
      if (error instanceof ToWorker) return undefined;
      throw error;
    } finally {
      this.#inUse = false;
    }
  }

  #run(connection: SqliteConnection, text: string, values: unknown[], maxRows: number): ResultSet {
    let prepared = this.#statements.get(text);
    if (prepared === undefined) {
      const statement = connection.prepare(text);
      // What the worker would refuse or run as a write is the worker's to answer.
      if (statement.readonly === false || !statement.reader) throw new ToWorker("not a read");
      if (this.#statements.size >= KEPT_STATEMENTS) this.#statements.clear();
      // The executor's statements name their columns: a statement's result columns do not change.
      prepared = { statement, columns: uniqueNames(statement.columns()) };
      this.#statements.set(text, prepared);
    }
    // A bounded statement's LIMIT bounds its rows (driver.ts): read in one call.
    const rows = prepared.statement.all(values);
    return resultSet(prepared.columns, rows, maxRows);
  }

  #open(name: SqliteDriverName): Promise<SqliteConnection | undefined> {
    this.#opening ??= loadSqliteEngine(name).then(
      (engine) => {
        let connection: SqliteConnection;
        try {
          connection = engine.open(this.filename, { readOnly: true });
        } catch {
          return undefined;
        }
        try {
          // A lock held by a writer is not waited for here, where waiting would stop the event loop: the worker
          // waits instead.
          connection.exec("PRAGMA busy_timeout = 0");
          connection.exec("PRAGMA query_only = 1");
        } catch {
          connection.close();
          return undefined;
        }
        if (this.#closed) {
          connection.close();
          return undefined;
        }
        this.#connection = connection;
        return connection;
      },
      () => undefined,
    );
    return this.#opening;
  }

  close(): void {
    this.#closed = true;
    this.#statements.clear();
    this.#connection?.close();
    this.#connection = undefined;
  }
}
