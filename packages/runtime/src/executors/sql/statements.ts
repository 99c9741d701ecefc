import { ToolError } from "../../results/tool-error.js";
import { toSql } from "./codecs.js";
import { type Statement, StatementWriter } from "./dialect.js";
import { whereClause } from "./filters.js";
import type { ListShape } from "./list-shape.js";
import type { SqlColumn, SqlDialect, SqlEmbed, SqlTable } from "./model.js";
import { columnOf, qualifiedName, writableColumns } from "./tables.js";

/**
 * A `list_` page's statement: the shape's fixed text (list-shape.ts), the filter and the condition after a cursor's
 * row (each bound here, in that order), and one more row than the limit.
 */
export function listStatement(
  dialect: SqlDialect,
  shape: ListShape,
  where: unknown,
  after: ((w: StatementWriter) => string) | undefined,
  limit: number,
): Statement {
  const w = new StatementWriter(dialect);
  const conditions = [whereClause(where, shape.table, w), after?.(w)].filter(Boolean);
  const text =
    shape.head +
    (conditions.length > 0 ? ` WHERE ${conditions.join(" AND ")}` : "") +
    shape.orderBy +
    // One more row than asked says whether there is a next page; the number is an integer the executor checked.
    ` LIMIT ${limit + 1}`;
  return w.finish(text);
}

export function countStatement(dialect: SqlDialect, table: SqlTable, where: unknown, estimated: boolean): Statement {
  const w = new StatementWriter(dialect);
  const condition = whereClause(where, table, w);
  const from = `FROM ${w.table(table)}${condition ? ` WHERE ${condition}` : ""}`;
  // PostgreSQL's planner estimates the rows without reading them; the other engines count.
  if (estimated && dialect === "postgres") return w.finish(`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`);
  return w.finish(`SELECT COUNT(*) AS ${w.name("count")} ${from}`);
}

/** The key columns' values from the arguments, converted for the driver, in key order. */
export function keyValues(table: SqlTable, args: Record<string, unknown>, dialect: SqlDialect, where: string) {
  const key = table.primaryKey ?? [];
  if (key.length === 0) throw new ToolError(`${qualifiedName(table)} has no primary key.`);
  return key.map((name) => {
    const column = columnOf(table, name, where);
    const value = args[name];
    if (value === undefined || value === null)
      throw new ToolError(`${where}: "${name}" is required (part of the key).`);
    return { column, value: toSql(value, column.codec, dialect, name) };
  });
}

function keyCondition(w: StatementWriter, key: { column: SqlColumn; value: unknown }[]): string {
  return key.map((k) => `${w.name(k.column.name)} = ${w.typed(k.value, k.column.codec)}`).join(" AND ");
}

function allColumns(w: StatementWriter, table: SqlTable): string {
  return table.columns.map((c) => w.selected(c)).join(", ");
}

export function getStatement(dialect: SqlDialect, table: SqlTable, key: { column: SqlColumn; value: unknown }[]) {
  const w = new StatementWriter(dialect);
  return w.finish(`SELECT ${allColumns(w, table)} FROM ${w.table(table)} WHERE ${keyCondition(w, key)}`);
}

/** The rows an embedding shows, given the raw values of the row it hangs from. */
export function embedStatement(
  dialect: SqlDialect,
  embed: SqlEmbed,
  other: SqlTable,
  row: Record<string, unknown>,
  limit: number,
) {
  const w = new StatementWriter(dialect);
  const on = embed.on.map(
    (pair) => `${w.name(columnOf(other, pair.otherColumn, embed.property).name)} = ${w.value(row[pair.column])}`,
  );
  return w.finish(`SELECT ${allColumns(w, other)} FROM ${w.table(other)} WHERE ${on.join(" AND ")} LIMIT ${limit + 1}`);
}

/** Values of writable columns from the arguments, converted; unknown or read-only names are refused. */
export function columnValues(
  table: SqlTable,
  values: Record<string, unknown>,
  dialect: SqlDialect,
  where: string,
  skip: string[] = [],
) {
  const writable = writableColumns(table);
  return Object.entries(values).map(([name, value]) => {
    const column = writable.find((c) => c.name === name);
    if (column === undefined || skip.includes(name)) {
      throw new ToolError(`${where}: "${name}" is not a column ${qualifiedName(table)} lets this tool write.`);
    }
    return { column, value: toSql(value, column.codec, dialect, name) };
  });
}

/** Where the engine can return what it wrote (PostgreSQL, SQLite, and MariaDB for INSERT and DELETE). */
function returning(w: StatementWriter, table: SqlTable, supported: boolean): string {
  return supported ? ` RETURNING ${allColumns(w, table)}` : "";
}

export function insertStatement(
  dialect: SqlDialect,
  table: SqlTable,
  values: { column: SqlColumn; value: unknown }[],
  withReturning: boolean,
) {
  const w = new StatementWriter(dialect);
  const into = `INSERT INTO ${w.table(table)}`;
  if (values.length === 0) {
    return w.finish(
      dialect === "mysql" ? `${into} () VALUES ()` : `${into} DEFAULT VALUES${returning(w, table, withReturning)}`,
    );
  }
  const names = values.map((v) => w.name(v.column.name)).join(", ");
  const placeholders = values.map((v) => w.typed(v.value, v.column.codec)).join(", ");
  return w.finish(`${into} (${names}) VALUES (${placeholders})${returning(w, table, withReturning)}`);
}

export function updateStatement(
  dialect: SqlDialect,
  table: SqlTable,
  key: { column: SqlColumn; value: unknown }[],
  values: { column: SqlColumn; value: unknown }[],
  withReturning: boolean,
) {
  const w = new StatementWriter(dialect);
  const set = values.map((v) => `${w.name(v.column.name)} = ${w.typed(v.value, v.column.codec)}`).join(", ");
  return w.finish(
    `UPDATE ${w.table(table)} SET ${set} WHERE ${keyCondition(w, key)}${returning(w, table, withReturning)}`,
  );
}

export function deleteStatement(
  dialect: SqlDialect,
  table: SqlTable,
  key: { column: SqlColumn; value: unknown }[],
  withReturning: boolean,
) {
  const w = new StatementWriter(dialect);
  return w.finish(`DELETE FROM ${w.table(table)} WHERE ${keyCondition(w, key)}${returning(w, table, withReturning)}`);
}

/** MySQL without RETURNING: the row is read in the same transaction, locked before a delete. */
export function lockedRowStatement(
  dialect: SqlDialect,
  table: SqlTable,
  key: { column: SqlColumn; value: unknown }[],
  lock: boolean,
) {
  const w = new StatementWriter(dialect);
  return w.finish(
    `SELECT ${allColumns(w, table)} FROM ${w.table(table)} WHERE ${keyCondition(w, key)}${lock ? " FOR UPDATE" : ""}`,
  );
}
