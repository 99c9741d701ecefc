/**
 * The SQLite engines mcpsmith runs on, behind one small interface: better-sqlite3 (a native module, installed) and
 * Node's own node:sqlite (Node 22.16 or later). The executor's worker runs statements through it, and codegen reads
 * a file's catalog through it, so both pick the engine by one rule (load-sqlite.ts).
 */
export type SqliteDriverName = "better-sqlite3" | "node:sqlite";

/** Which engine to run on: one of the two, or `auto` (the rule of load-sqlite.ts). */
export type SqliteDriverChoice = SqliteDriverName | "auto";

/** The file name of a database in memory, the one `open` creates. */
export const MEMORY = ":memory:";

export const SQLITE_DRIVER_CHOICES: readonly SqliteDriverChoice[] = ["auto", "better-sqlite3", "node:sqlite"];

export interface SqliteEngine {
  readonly name: SqliteDriverName;
  /** Opens a database file, which must exist, or a new empty database in memory ({@link MEMORY}). */
  open(filename: string, options: { readOnly: boolean }): SqliteConnection;
  /** SQLite's name of the result code of an error the engine threw (`SQLITE_CANTOPEN`), when it has one. */
  codeOf(error: unknown): string | undefined;
}

export interface SqliteConnection {
  /** Runs SQL the executor wrote (BEGIN, COMMIT, a schema), returning nothing. */
  exec(sql: string): void;
  /** The rows of a catalog read (pragmas), as objects, integers as numbers. */
  all(sql: string): unknown[];
  /** One statement; text after it is not run (better-sqlite3 refuses it, node:sqlite ignores it). */
  prepare(sql: string): SqliteStatement;
  close(): void;
}

export interface SqliteStatement {
  /** Whether it returns rows. */
  readonly reader: boolean;
  /**
   * Whether SQLite says it changes nothing; `undefined` where the engine cannot tell before it runs (node:sqlite):
   * there, a read-only connection refuses it when it tries.
   */
  readonly readonly: boolean | undefined;
  columns(): string[];
  /**
   * At most `limit` rows, each an array in column order; blobs as bytes; integers as BigInt, or, on a read-only
   * connection, as numbers while every one a page holds fits a number exactly (a read is cheaper without BigInts).
   */
  rows(values: unknown[], limit: number): unknown[][];
  /**
   * Every row, as `rows` reads them, in one call (faster than stepping through them): for a statement whose own
   * LIMIT bounds what it returns.
   */
  all(values: unknown[]): unknown[][];
  run(values: unknown[]): { changes: number; lastInsertRowid: unknown };
}

/** The first `limit` rows of a statement's rows, read no further: the rest of a large result is never read. */
export function firstRows(rows: Iterable<unknown[]>, limit: number): unknown[][] {
  const read: unknown[][] = [];
  for (const row of rows) {
    read.push(row);
    if (read.length >= limit) break;
  }
  return read;
}
