import type { Cancellation } from "./cancellation.js";
import type { Statement } from "./dialect.js";

/** Rows as a driver read them (values not yet converted by codec), in column order. */
export interface ResultSet {
  columns: string[];
  /** The rows as objects keyed by `columns`, made when first asked for. */
  readonly rows: Record<string, unknown>[];
  /**
   * The rows as the driver read them, arrays in `columns` order: a page encoded straight from them (rows.ts) makes
   * one object a row instead of two.
   */
  readonly arrays: unknown[][];
  /** More rows were there than the limit the statement ran with. */
  truncated: boolean;
}

export interface RunSettings {
  timeoutMs: number;
  /** Stops the call: the driver stops its statement on the server when it is. */
  cancellation?: Cancellation;
}

/** Statements run inside one transaction, on one connection. */
export interface Session {
  /** Runs one statement and reads at most `maxRows` rows (one more tells `truncated`). */
  run(statement: Statement, maxRows: number): Promise<ResultSet>;
  /** Rows changed by the last write statement (MySQL, without RETURNING). */
  readonly affected: number;
  /** The key the last insert generated (MySQL AUTO_INCREMENT). */
  readonly insertId: unknown;
}

/**
 * What the caller knows of a transaction's work. `bounded`: it runs one read statement, which reads at most its row
 * limit, found through the table's primary key (no filter, ordered by the key): its time grows with the rows it
 * returns, never with the table. A driver may then run it where it cannot be stopped mid-statement (SQLite's main
 * thread), outside a transaction (one statement is its own snapshot), and without stopping it on the server when the
 * call is cancelled (it ends before a cancel sent from another connection would reach the server).
 */
export interface TransactionHint {
  bounded?: boolean;
}

/** What the start-up check found: whether the configured role could write, and how it knows. */
export interface WriteAccess {
  canWrite: boolean;
  detail: string;
}

/**
 * One engine behind the executor. Connections are made lazily and remade after the database comes back; every
 * failure is an error the executor turns into an `isError` result.
 */
export interface SqlDriver {
  /** `read` runs in a read-only transaction, `write` in an ordinary one; both end before the promise settles. */
  transaction<T>(
    mode: "read" | "write",
    settings: RunSettings,
    work: (session: Session) => Promise<T>,
    hint?: TransactionHint,
  ): Promise<T>;
  /** SQL text from the `query` tool, checked by the engine's guard and run read-only. */
  query(sql: string, settings: RunSettings, maxRows: number): Promise<ResultSet>;
  /** Whether the connection's role can change data (for the start-up warning). */
  writeAccess(): Promise<WriteAccess>;
  /** MariaDB can return rows from INSERT and DELETE; MySQL cannot. PostgreSQL and SQLite always can. */
  returning(kind: "insert" | "update" | "delete"): Promise<boolean>;
  close(): Promise<void>;
}

/** Columns named twice in a result (`SELECT a.id, b.id`) keep both: the later ones get `_2`, `_3`, ... */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}_${count}`;
  });
}

/** Rows read as arrays (one past the limit, when there were more), as a result set of at most `maxRows` rows. */
export function resultSet(columns: string[], rows: unknown[][], maxRows: number): ResultSet {
  return rows.length > maxRows
    ? new ReadRows(columns, rows.slice(0, maxRows), true)
    : new ReadRows(columns, rows, false);
}

/** A class, not an object literal with a getter: each such literal would have a shape of its own. */
class ReadRows implements ResultSet {
  #objects: Record<string, unknown>[] | undefined;

  constructor(
    readonly columns: string[],
    readonly arrays: unknown[][],
    public truncated: boolean,
  ) {}

  get rows(): Record<string, unknown>[] {
    this.#objects ??= toObjects(this.columns, this.arrays);
    return this.#objects;
  }
}

/** Rows read as arrays, as objects keyed by (unique) column names. */
export function toObjects(columns: string[], rows: unknown[][]): Record<string, unknown>[] {
  if (!assignable(columns)) return rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
  const count = columns.length;
  return rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) object[columns[i]!] = row[i];
    return object;
  });
}

/**
 * Whether objects keyed by `names` can be built by assignment, which is several times faster than
 * `Object.fromEntries` on every row of a page: not when a column is named `__proto__`, whose assignment would set
 * the object's prototype instead of adding a property (`fromEntries` defines it as an own property).
 */
export function assignable(names: readonly string[]): boolean {
  return !names.includes("__proto__");
}
