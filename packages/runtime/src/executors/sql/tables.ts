import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import type { SqlColumn, SqlDatabase, SqlTable, SqlTableName } from "./model.js";

/** How tools and messages name a table: `schema.name`, or `name` where there is no schema (SQLite). */
export function qualifiedName(table: SqlTableName): string {
  return table.schema === undefined ? table.name : `${table.schema}.${table.name}`;
}

/** The table a binding names. A binding naming a table the database lacks is a bug in whoever built it. */
export function tableOf(database: SqlDatabase, name: SqlTableName): SqlTable {
  const table = indexOf(database.tables).byName.get(nameKey(name));
  if (table === undefined) {
    throw new McpsmithError(
      "E_BINDING_INVALID",
      `The SQL tool names the table "${qualifiedName(name)}", which database "${database.name}" lacks.`,
    );
  }
  return table;
}

/**
 * A database's tables by name, made once per list of tables (and again if tables are added to it): every call of a
 * table's tool finds its table, and a scan of the list cost each call time in proportion to the number of tables,
 * which runs to thousands in some databases. Where two tables share a name, the first is kept, as a scan finds it.
 */
interface TableIndex {
  readonly size: number;
  /** By schema and name (`nameKey`). */
  readonly byName: ReadonlyMap<string, SqlTable>;
  /** By the qualified name tools and messages use. */
  readonly byQualifiedName: ReadonlyMap<string, SqlTable>;
}

function indexOf(tables: readonly SqlTable[]): TableIndex {
  let index = TABLE_INDEXES.get(tables);
  if (index === undefined || index.size !== tables.length) {
    const byName = new Map<string, SqlTable>();
    const byQualifiedName = new Map<string, SqlTable>();
    for (const table of tables) {
      if (!byName.has(nameKey(table))) byName.set(nameKey(table), table);
      if (!byQualifiedName.has(qualifiedName(table))) byQualifiedName.set(qualifiedName(table), table);
    }
    index = { size: tables.length, byName, byQualifiedName };
    TABLE_INDEXES.set(tables, index);
  }
  return index;
}

const TABLE_INDEXES = new WeakMap<readonly SqlTable[], TableIndex>();

/** Schema and name, kept apart: `a.b` in no schema is not `b` in schema `a`. */
const nameKey = (name: SqlTableName) => (name.schema === undefined ? name.name : `${name.schema}\u0000${name.name}`);

/**
 * The table a model named in its arguments (`describe`, `list_rows`): `schema.name`, or a bare name when only one
 * schema has a table of that name. Refused with the words the model needs to try again.
 */
export function tableNamed(database: SqlDatabase, text: string): SqlTable {
  const exact = indexOf(database.tables).byQualifiedName.get(text);
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
