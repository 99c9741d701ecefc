/**
 * SQLite through better-sqlite3 (12.x). Its native module loads when the first database opens, so the engine opens
 * one in memory first: a module built for another Node, or not built at all, fails here and not at the first call.
 */
import type BetterSqlite3 from "better-sqlite3";
import { importOptional } from "./load-driver.js";
import { firstRows, MEMORY, type SqliteConnection, type SqliteEngine, type SqliteStatement } from "./sqlite-engine.js";

type Database = BetterSqlite3.Database;

export async function betterSqlite3Engine(): Promise<SqliteEngine> {
  const module = await importOptional<{ default: typeof BetterSqlite3 }>("better-sqlite3");
  const Database = module.default;
  new Database(":memory:").close();
  return {
    name: "better-sqlite3",
    open: (filename, { readOnly }) =>
      connection(new Database(filename, { readonly: readOnly, fileMustExist: filename !== MEMORY })),
    // better-sqlite3 names its errors by SQLite's result codes already.
    codeOf: (error) => (error as { code?: string } | null)?.code,
  };
}

function connection(db: Database): SqliteConnection {
  return {
    exec: (sql) => void db.exec(sql),
    all: (sql) => db.prepare(sql).all(),
    prepare: (sql) => statement(db.prepare(sql), db.readonly),
    close: () => void db.close(),
  };
}

/**
 * SQLite's integers are 64-bit: read as bigints, none loses a digit. On a read-only connection a statement first
 * reads them as numbers, as on node:sqlite (sqlite-node.ts), which takes a tenth less of a 100-row page. Unlike
 * node:sqlite, better-sqlite3 then rounds an integer a number cannot hold instead of refusing it, so the page is
 * looked over: a number past the safe range (a rounded integer, or a real that large) has the statement run again
 * reading bigints, as it does from then on. Elsewhere a statement may write (RETURNING), so it runs once, reading
 * bigints.
 */
function statement(prepared: BetterSqlite3.Statement, readOnly: boolean): SqliteStatement {
  let bigInts = !readOnly;
  prepared.safeIntegers(bigInts);
  if (prepared.reader) prepared.raw(true);
  const read = (run: () => unknown[][]): unknown[][] => {
    if (bigInts) return run();
    const rows = run();
    if (!holdsUnsafeNumber(rows)) return rows;
    bigInts = true;
    prepared.safeIntegers(true);
    return run();
  };
  return {
    reader: prepared.reader,
    readonly: prepared.readonly,
    columns: () => prepared.columns().map((column) => column.name),
    rows: (values, limit) => read(() => firstRows(prepared.iterate(...values) as IterableIterator<unknown[]>, limit)),
    all: (values) => read(() => prepared.all(...values) as unknown[][]),
    run(values) {
      const { changes, lastInsertRowid } = prepared.run(...values);
      return { changes, lastInsertRowid };
    },
  };
}

/** Whether a number in `rows` lies past the safe integers: an integer read as one may have lost digits. */
function holdsUnsafeNumber(rows: unknown[][]): boolean {
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      if (typeof value === "number" && (value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER))
        return true;
    }
  }
  return false;
}
