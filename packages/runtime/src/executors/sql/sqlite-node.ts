/**
 * SQLite through Node's own node:sqlite, where better-sqlite3 is not installed (or not built for this Node). It
 * needs Node 22.16 or later: unflagged since 22.13, rows as arrays and result columns since 22.16, which is what the
 * executor reads (a result may name a column twice). This Node's types may not know the module: the little of it
 * used here is declared below, and it is imported by a computed name so that no bundler tries to resolve it.
 */
import { existsSync } from "node:fs";
import { firstRows, MEMORY, type SqliteConnection, type SqliteEngine, type SqliteStatement } from "./sqlite-engine.js";

/** The Node versions whose node:sqlite this runs on. */
export const NODE_SQLITE_SINCE = "22.16";

interface NodeStatement {
  columns(): { name: string }[];
  iterate(...values: unknown[]): IterableIterator<unknown[]>;
  all(...values: unknown[]): unknown[];
  run(...values: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  setReadBigInts(enabled: boolean): void;
  setReturnArrays(enabled: boolean): void;
}

interface NodeDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeStatement;
  close(): void;
}

interface NodeSqlite {
  DatabaseSync: new (location: string, options: { readOnly: boolean; timeout: number }) => NodeDatabase;
  StatementSync: { prototype: Partial<NodeStatement> };
}

/** How long a statement waits for another connection's lock, as better-sqlite3 waits by default. */
const BUSY_TIMEOUT_MS = 5_000;

/** SQLite's primary result codes, by number: node:sqlite gives the number, better-sqlite3 the name. */
const RESULT_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  26: "SQLITE_NOTADB",
};

/** The engine, or `undefined` where this Node has no node:sqlite the executor can run on. */
export async function nodeSqliteEngine(): Promise<SqliteEngine | undefined> {
  const sqlite = await importQuietly("node:sqlite").catch(() => undefined);
  const statements = sqlite?.StatementSync.prototype;
  if (typeof statements?.setReturnArrays !== "function" || typeof statements.columns !== "function") return undefined;
  const { DatabaseSync } = sqlite!;
  return {
    name: "node:sqlite",
    open(filename, { readOnly }) {
      // Opened for writing, SQLite would create a missing file; better-sqlite3's `fileMustExist` refuses, as here.
      if (filename !== MEMORY && !existsSync(filename)) {
        throw Object.assign(new Error("unable to open database file"), { code: "SQLITE_CANTOPEN" });
      }
      return connection(new DatabaseSync(filename, { readOnly, timeout: BUSY_TIMEOUT_MS }), readOnly);
    },
    codeOf(error) {
      const { code, errcode } = (error ?? {}) as { code?: string; errcode?: number };
      // Extended result codes keep the primary one in their low byte (1555, a primary key, is 19, a constraint).
      return typeof errcode === "number" ? (RESULT_CODES[errcode & 0xff] ?? code) : code;
    },
  };
}

function connection(db: NodeDatabase, readOnly: boolean): SqliteConnection {
  return {
    exec: (sql) => db.exec(sql),
    all: (sql) => db.prepare(sql).all(),
    prepare: (sql) => statement(db.prepare(sql), readOnly),
    close: () => db.close(),
  };
}

/**
 * SQLite's integers are 64-bit: read as bigints, none loses a digit. On a read-only connection a statement first
 * reads them as numbers, which takes 15-20% less of a 100-row page: node:sqlite refuses (ERR_OUT_OF_RANGE) an integer
 * a number cannot hold, and the statement, a read there, then runs again reading bigints, as it does from then on.
 * Elsewhere a statement may write (RETURNING), so it runs once, reading bigints.
 */
function statement(prepared: NodeStatement, readOnly: boolean): SqliteStatement {
  let bigInts = !readOnly;
  prepared.setReadBigInts(bigInts);
  prepared.setReturnArrays(true);
  const read = <T>(run: () => T): T => {
    if (bigInts) return run();
    try {
      return run();
    } catch (error) {
      if ((error as { code?: string } | null)?.code !== "ERR_OUT_OF_RANGE") throw error;
      bigInts = true;
      prepared.setReadBigInts(true);
      return run();
    }
  };
  const columns = prepared.columns().map((column) => column.name);
  return {
    reader: columns.length > 0,
    readonly: undefined,
    columns: () => columns,
    rows: (values, limit) => read(() => firstRows(prepared.iterate(...values), limit)),
    all: (values) => read(() => prepared.all(...values) as unknown[][]),
    run(values) {
      const { changes, lastInsertRowid } = prepared.run(...values);
      return { changes: Number(changes), lastInsertRowid };
    },
  };
}

/**
 * The module, without the warning Node prints when it first loads ("SQLite is an experimental feature"): mcpsmith
 * chose the engine, not the user, and a stdio server's stderr is its host's log.
 */
async function importQuietly(specifier: string): Promise<NodeSqlite> {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes("SQLite is an experimental feature")) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return (await import(specifier)) as NodeSqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
}
