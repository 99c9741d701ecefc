/**
 * node-sql-parser's AST of CREATE TABLE, ALTER TABLE and CREATE INDEX -> the facts information_schema would show
 * after MySQL ran the same statements: primary-key columns become NOT NULL, an unnamed foreign key gets InnoDB's
 * name (`<table>_ibfk_<n>`), and engines without foreign keys (MyISAM, MEMORY...) drop them.
 */
import type { SqlForeignKey } from "@mcpsmith/runtime/sql";
import type { MysqlColumnFacts, MysqlTableFacts } from "./tables.js";

type Node = Record<string, unknown>;

export interface Catalog {
  /** The database `USE` or `CREATE DATABASE` last named. */
  database: string | undefined;
  tables: Map<string, MysqlTableFacts>;
}

export function tableFacts(ast: Node, database: string): MysqlTableFacts {
  const target = (ast.table as Node[])[0] as Node;
  const table: MysqlTableFacts = {
    schema: (target.db as string | null) ?? database,
    name: target.table as string,
    kind: "table",
    comment: tableComment(ast.table_options as Node[] | null),
    columns: [],
    primaryKey: [],
    uniqueKeys: [],
    foreignKeys: [],
  };
  if (ast.query_expr || ast.like) throw new Error("CREATE TABLE ... AS SELECT / LIKE: the columns need an engine");
  for (const definition of (ast.create_definitions ?? []) as Node[]) addDefinition(table, definition);
  const engine = (ast.table_options as Node[] | null)?.find((o) => o.keyword === "engine")?.value;
  if (typeof engine === "string" && engine.toUpperCase() !== "INNODB") table.foreignKeys = [];
  return table;
}

export function applyAlter(catalog: Catalog, database: string, change: { type: "index" | "alter"; ast: Node }): void {
  const target = (change.type === "index" ? change.ast.table : (change.ast.table as Node[])[0]) as Node;
  const key = `${(target.db as string | null) ?? database}.${target.table as string}`;
  const table = catalog.tables.get(key);
  if (table === undefined) throw new Error(`table ${key} is not created earlier in the file`);
  if (change.type === "index") {
    if (change.ast.index_type === "unique") table.uniqueKeys.push(columnNames(change.ast.index_columns as Node[]));
    return;
  }
  for (const expression of (change.ast.expr ?? []) as Node[]) {
    if (expression.action !== "add")
      throw new Error(`ALTER TABLE ... ${String(expression.action).toUpperCase()} is not read`);
    const definition = (expression.create_definitions ?? expression) as Node;
    addDefinition(table, definition);
  }
}

function addDefinition(table: MysqlTableFacts, definition: Node): void {
  if (definition.resource === "column") {
    table.columns.push(columnFacts(definition));
    if (definition.primary_key) setPrimaryKey(table, [columnName(definition.column as Node)]);
    if (definition.unique) table.uniqueKeys.push([columnName(definition.column as Node)]);
    return;
  }
  const type = String(definition.constraint_type ?? "").toLowerCase();
  const columns = columnNames((definition.definition ?? []) as Node[]);
  if (type === "primary key") setPrimaryKey(table, columns);
  else if (type.startsWith("unique")) table.uniqueKeys.push(columns);
  else if (type === "foreign key") table.foreignKeys.push(foreignKey(table, definition, columns));
}

export function columnFacts(definition: Node): MysqlColumnFacts {
  const type = definition.definition as Node;
  const dflt = (definition.default_val as Node | undefined)?.value as Node | undefined;
  const comment = ((definition.comment as Node | undefined)?.value as Node | undefined)?.value;
  return {
    name: columnName(definition.column as Node),
    columnType: columnType(type),
    nullable: (definition.nullable as Node | undefined)?.type !== "not null" && !definition.primary_key,
    hasDefault: dflt !== undefined && dflt.type !== "null",
    autoIncrement: definition.auto_increment !== undefined && definition.auto_increment !== null,
    generated: definition.generated !== null && definition.generated !== undefined,
    comment: typeof comment === "string" ? comment : "",
  };
}

/** The type as COLUMN_TYPE writes it (canonicalised later with the live reading's). */
function columnType(type: Node): string {
  const name = String(type.dataType);
  let args = "";
  const values = (type.expr as Node | undefined)?.value as Node[] | undefined;
  if (values) args = `(${values.map((v) => `'${String(v.value).replaceAll("'", "''")}'`).join(",")})`;
  else if (typeof type.length === "number")
    args = type.scale != null ? `(${type.length},${type.scale})` : `(${type.length})`;
  const suffix = ((type.suffix ?? []) as string[]).map((s) => ` ${s}`).join("");
  return `${name}${args}${suffix}`;
}

function setPrimaryKey(table: MysqlTableFacts, columns: string[]): void {
  table.primaryKey = columns;
  for (const column of table.columns) if (columns.includes(column.name)) column.nullable = false;
}

function foreignKey(table: MysqlTableFacts, definition: Node, columns: string[]): SqlForeignKey {
  const reference = definition.reference_definition as Node;
  const target = (reference.table as Node[])[0] as Node;
  const unnamed = table.foreignKeys.filter((key) => key.name?.startsWith(`${table.name}_ibfk_`)).length;
  return {
    name: (definition.constraint as string | null) ?? `${table.name}_ibfk_${unnamed + 1}`,
    columns,
    references: { schema: (target.db as string | null) ?? table.schema, name: target.table as string },
    referencedColumns: columnNames(reference.definition as Node[]),
  };
}

function columnNames(nodes: Node[]): string[] {
  return nodes.map(columnName);
}

/** A column's name in a reference or definition node. */
export function columnName(node: Node): string {
  const column = node.column;
  if (typeof column === "string") return column;
  // Newer grammars wrap names: { expr: { type: "default", value: "name" } }.
  const inner = (column as Node | undefined)?.expr as Node | undefined;
  return String(inner?.value ?? column);
}

/**
 * The table a column reference is qualified with, or null: a bare name, or, when written in backquotes (as mysqldump
 * writes every view's query), a node holding it (`{ type: "backticks_quote_string", value }`).
 */
export function qualifierName(node: Node): string | null {
  const table = node.table;
  if (table === null || table === undefined) return null;
  return typeof table === "string" ? table : String((table as Node).value);
}

function tableComment(options: Node[] | null): string {
  const value = options?.find((option) => option.keyword === "comment")?.value;
  if (typeof value !== "string") return "";
  return value.replace(/^'|'$/g, "").replaceAll("''", "'");
}
