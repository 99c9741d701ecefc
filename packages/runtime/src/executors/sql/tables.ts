import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import type { SqlColumn, SqlDatabase, SqlTable, SqlTableName } from "./model.js";

/** How tools and messages name a table: `schema.name`, or `name` where there is no schema (SQLite). */
export function qualifiedName(table: SqlTableName): string {
  return table.schema === undefined ? table.name : `${table.schema}.${table.name}`;
}

/** The table a binding names. A binding naming a table the database lacks is a bug in whoever built it. */
export function tableOf(database: SqlDatabase, name: SqlTableName): SqlTable {
  const table = database.tables.find((t) => t.name === name.name && t.schema === name.schema);
  if (table === undefined) {
    throw new McpsmithError(
      "E_BINDING_INVALID",
      `The SQL tool names the table "${qualifiedName(name)}", which database "${database.name}" lacks.`,
    );
  }
  return table;
}

/**
 * The table a model named in its arguments (`describe`, `list_rows`): `schema.name`, or a bare name when only one
 * schema has a table of that name. Refused with the words the model needs to try again.
 */
export function tableNamed(database: SqlDatabase, text: string): SqlTable {
  const exact = database.tables.find((t) => qualifiedName(t) === text);
  if (exact !== undefined) return exact;
  const bare = database.tables.filter((t) => t.name === text);
  if (bare.length === 1) return bare[0]!;
  if (bare.length > 1) {
    throw new ToolError(
      `"${text}" names tables in several schemas: say which (${bare.map(qualifiedName).join(", ")}).`,
    );
  }
  throw new ToolError(`There is no table or view "${text}" in database "${database.name}" (find_tables lists them).`);
}

/** A column the arguments named, checked against the table: the only way a name reaches a statement. */
export function columnOf(table: SqlTable, name: unknown, where: string): SqlColumn {
  const column = typeof name === "string" ? table.columns.find((c) => c.name === name) : undefined;
  if (column === undefined) {
    throw new ToolError(`${where}: "${String(name)}" is not a column of ${qualifiedName(table)}.`);
  }
  return column;
}

/**
 * The columns that order rows uniquely, for keyset paging: the primary key, else the first unique key whose columns
 * are all NOT NULL. Tables and views without either are paged by limit only (no cursor).
 */
export function pagingKey(table: SqlTable): string[] | undefined {
  if (table.primaryKey && table.primaryKey.length > 0) return table.primaryKey;
  return table.uniqueKeys.find((key) => key.length > 0);
}

/** Columns that may be written: generated and identity-always columns are the database's to fill. */
export function writableColumns(table: SqlTable): SqlColumn[] {
  return table.columns.filter((c) => !c.readOnly);
}
