import { ToolError } from "../../results/tool-error.js";
import { toSql } from "./codecs.js";
import { type ResultSet, resultSet, type Session } from "./driver.js";
import type { SqlColumn, SqlDatabase, SqlTable } from "./model.js";
import { describeKey } from "./read-tools.js";
import { rowEncoder } from "./rows.js";
import {
  columnValues,
  deleteStatement,
  insertStatement,
  keyValues,
  lockedRowStatement,
  updateStatement,
} from "./statements.js";
import { qualifiedName } from "./tables.js";
import type { SqlToolCall } from "./tool-call.js";

type Key = { column: SqlColumn; value: unknown }[];

/**
 * `insert_`, `update_` and `delete_<table>`: one row by primary key, in a transaction, returning the row as written
 * (or, for a delete, as it was). Engines with RETURNING answer in the same statement; MySQL reads the row in the
 * same transaction instead (locked before a delete).
 */
export async function writeRow(
  call: SqlToolCall,
  kind: "insert" | "update" | "delete",
  table: SqlTable,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { database, settings } = call;
  const { dialect } = database;
  const driver = await call.driver();
  const returning = await driver.returning(kind);
  const written = await driver.transaction("write", settings, async (session) => {
    if (kind === "insert") {
      const values = columnValues(table, args, dialect, "insert");
      const result = await session.run(insertStatement(dialect, table, values, returning), 1);
      if (returning) return result;
      return reread(session, database, table, insertedKey(table, args, session.insertId), false);
    }
    const keyArgs = (kind === "update" ? args.key : args) as Record<string, unknown> | undefined;
    if (typeof keyArgs !== "object" || keyArgs === null) throw new ToolError(`${kind}: takes the row's key.`);
    const key = keyValues(table, keyArgs, dialect, kind === "update" ? "key" : "delete");
    let rows: ResultSet;
    if (kind === "update") {
      const set = args.set;
      if (typeof set !== "object" || set === null || Object.keys(set).length === 0) {
        throw new ToolError("set: takes the columns to change and their new values.");
      }
      const values = columnValues(table, set as Record<string, unknown>, dialect, "set", table.primaryKey);
      const result = await session.run(updateStatement(dialect, table, key, values, returning), 1);
      rows = returning ? result : await reread(session, database, table, key, false);
    } else {
      const before = returning ? undefined : await reread(session, database, table, key, true);
      const result = await session.run(deleteStatement(dialect, table, key, returning), 1);
      // Without RETURNING the row is the one read before, if the delete found it.
      rows = before === undefined ? result : session.affected > 0 ? before : NO_ROWS;
    }
    if (rows.arrays.length === 0)
      throw new ToolError(`No row of ${qualifiedName(table)} has ${describeKey(table, keyArgs)}.`);
    return rows;
  });
  return { rows: written.arrays.map(rowEncoder(table.columns, written.columns)) };
}

/** What a delete that found no row to delete answers (without RETURNING, the row read before is not it). */
const NO_ROWS = resultSet([], [], 0);

function reread(session: Session, database: SqlDatabase, table: SqlTable, key: Key, lock: boolean) {
  return session.run(lockedRowStatement(database.dialect, table, key, lock), 1);
}

/** The key of a row just inserted in MySQL: from the arguments, or the AUTO_INCREMENT value the server chose. */
function insertedKey(table: SqlTable, args: Record<string, unknown>, insertId: unknown): Key {
  const key = table.primaryKey ?? [];
  return key.map((name) => {
    const column = table.columns.find((c) => c.name === name)!;
    const given = args[name];
    if (given !== undefined && given !== null) return { column, value: toSql(given, column.codec, "mysql", name) };
    if (key.length === 1 && insertId !== undefined && insertId !== 0) return { column, value: insertId };
    throw new ToolError(`insert: "${name}" is needed to read the row back (it is part of the key).`);
  });
}
