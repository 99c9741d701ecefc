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
    prepare: (sql) => statement(db.prepare(sql)),
    close: () => void db.close(),
  };
}

function statement(prepared: BetterSqlite3.Statement): SqliteStatement {
  prepared.safeIntegers(true);
  return {
    reader: prepared.reader,
    readonly: prepared.readonly,
    columns: () => prepared.columns().map((column) => column.name),
    rows(values, limit) {
      prepared.raw(true);
      return firstRows(prepared.iterate(...values) as IterableIterator<unknown[]>, limit);
    },
    all(values) {
      prepared.raw(true);
      return prepared.all(...values) as unknown[][];
    },
    run(values) {
      const { changes, lastInsertRowid } = prepared.run(...values);
      return { changes, lastInsertRowid };
    },
  };
}
