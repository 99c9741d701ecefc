/**
 * node-sql-parser's AST of CREATE TABLE, ALTER TABLE and CREATE INDEX -> the facts information_schema would show
 * after MySQL ran the same statements: primary-key columns become NOT NULL, an unnamed foreign key gets InnoDB's
 * name (`<table>_ibfk_<n>`), and engines without foreign keys (MyISAM, MEMORY...) drop them.
 */
import type { SqlForeignKey } from "@mcpsmith/runtime/sql";
import { nativeTypeOf } from "./synonyms.js";
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
  if (ast.query_expr) throw new Error("CREATE TABLE ... AS SELECT: the columns need an engine");
  for (const definition of (ast.create_definitions ?? []) as Node[]) addDefinition(table, definition);
  const engine = (ast.table_options as Node[] | null)?.find((o) => o.keyword === "engine")?.value;
  if (typeof engine === "string" && engine.toUpperCase() !== "INNODB") table.foreignKeys = [];
  return table;
}

/**
 * `CREATE TABLE archive LIKE log` (VICIdial's archives): the table as MySQL makes it, another with the same columns,
 * keys and comment, and no foreign keys, which LIKE does not copy.
 */
export function tableLike(ast: Node, catalog: Catalog, database: string): MysqlTableFacts {
  const target = (ast.table as Node[])[0] as Node;
  const source = (((ast.like as Node).table as Node[])[0] ?? {}) as Node;
  const key = `${(source.db as string | null) ?? database}.${source.table as string}`;
  const original = catalog.tables.get(key);
  if (original === undefined || original.kind !== "table")
    throw new Error(`table ${key} is not created earlier in the file`);
  return {
    ...structuredClone(original),
    schema: (target.db as string | null) ?? database,
    name: target.table as string,
    foreignKeys: [],
  };
}

export function applyAlter(
  catalog: Catalog,
  database: string,
  change: { type: "index" | "drop index" | "alter"; ast: Node },
): void {
  const target = (change.type === "alter" ? (change.ast.table as Node[])[0] : change.ast.table) as Node;
  const key = `${(target.db as string | null) ?? database}.${target.table as string}`;
  const table = catalog.tables.get(key);
  if (table === undefined) throw new Error(`table ${key} is not created earlier in the file`);
  if (change.type === "drop index") {
    dropUniqueKey(table, columnName({ column: (change.ast.name as Node).column }));
    return;
  }
  if (change.type === "index") {
    if (change.ast.index_type === "unique") {
      const columns = columnNames(change.ast.index_columns as Node[]).map((name) => declaredName(table, name));
      addUniqueKey(table, columns, change.ast.index as string | null);
    }
    return;
  }
  // Migrations reshape tables as they go (Flipt's and OpenFGA's drop keys, modify and rename columns): each action
  // is applied as MySQL applies it, so the file reads as the database it leaves behind.
  for (const expression of (change.ast.expr ?? []) as Node[]) {
    switch (expression.action) {
      case "add":
        addDefinition(table, (expression.create_definitions ?? expression) as Node);
        break;
      case "drop":
        dropPart(table, expression);
        break;
      case "modify":
      case "change":
        replaceColumn(table, expression);
        break;
      case "rename":
        rename(catalog, key, table, expression);
        break;
      default:
        // Table options (COMMENT =, ENGINE =, ...) are written without an action.
        if (expression.action === undefined) applyTableOption(table, expression);
        else throw new Error(`ALTER TABLE ... ${String(expression.action).toUpperCase()} is not read`);
    }
  }
}

function addDefinition(table: MysqlTableFacts, definition: Node): void {
  if (definition.resource === "column") {
    place(table, columnFacts(definition), definition.suffix as Node | null | undefined);
    keysOfColumn(table, definition);
    return;
  }
  const type = String(definition.constraint_type ?? "").toLowerCase();
  const columns = columnNames((definition.definition ?? []) as Node[]).map((column) => declaredName(table, column));
  const name = (definition.index ?? definition.constraint) as string | null;
  const checked = type === "check" ? jsonValidColumn(definition) : undefined;
  const column = checked === undefined ? undefined : table.columns.find((c) => c.name === declaredName(table, checked));
  if (column !== undefined) column.columnType = "json";
  if (type === "primary key") setPrimaryKey(table, columns);
  else if (type.startsWith("unique")) addUniqueKey(table, columns, name);
  else if (type === "foreign key") table.foreignKeys.push(foreignKey(table, definition, columns));
}

/**
 * A column where its definition puts it: `FIRST` or `AFTER other` (in an ALTER TABLE's ADD, MODIFY or CHANGE), else
 * last, as a CREATE TABLE's columns come.
 */
function place(table: MysqlTableFacts, column: MysqlColumnFacts, position: Node | null | undefined): void {
  const keyword = String(position?.keyword ?? "").toUpperCase();
  const after =
    keyword === "AFTER" ? declaredName(table, columnName({ column: (position!.expr as Node).column })) : undefined;
  const at = keyword === "FIRST" ? 0 : after === undefined ? -1 : table.columns.findIndex((c) => c.name === after) + 1;
  if (at < 0 || (after !== undefined && at === 0)) table.columns.push(column);
  else table.columns.splice(at, 0, column);
}

/**
 * What a column's own definition says of keys: `PRIMARY KEY`, `UNIQUE`, and `REFERENCES`, which MariaDB (and MySQL
 * since 9.0) makes a foreign key as the table-level clause does (Flipt's `default_variant_id`). The parser also puts
 * a column's `ON UPDATE CURRENT_TIMESTAMP` under `reference_definition`, with no table: that is no reference
 * (phpIPAM's `editDate TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP`).
 */
function keysOfColumn(table: MysqlTableFacts, definition: Node): void {
  const name = columnName(definition.column as Node);
  if (definition.primary_key) setPrimaryKey(table, [name]);
  if (definition.unique) addUniqueKey(table, [name], null);
  if ((definition.reference_definition as Node | undefined)?.table) {
    table.foreignKeys.push(foreignKey(table, definition, [name]));
  }
}

/**
 * The unique keys of each table by index name, for `DROP INDEX` to find: MySQL names an unnamed one after its first
 * column (`_2`, `_3`... when taken). Kept beside the facts, which, like information_schema's, list keys by columns.
 */
const UNIQUE_KEY_NAMES = new WeakMap<MysqlTableFacts, Map<string, string[]>>();

function addUniqueKey(table: MysqlTableFacts, columns: string[], name: string | null): void {
  const names = UNIQUE_KEY_NAMES.get(table) ?? new Map<string, string[]>();
  UNIQUE_KEY_NAMES.set(table, names);
  let chosen = name ?? columns[0] ?? "";
  for (let n = 2; name === null && names.has(chosen); n++) chosen = `${columns[0]}_${n}`;
  names.set(chosen, columns);
  table.uniqueKeys.push(columns);
}

function dropUniqueKey(table: MysqlTableFacts, name: string): void {
  const names = UNIQUE_KEY_NAMES.get(table);
  const columns = names?.get(name);
  if (columns === undefined) return; // a plain index: nothing the facts hold
  names!.delete(name);
  table.uniqueKeys = table.uniqueKeys.filter((key) => key !== columns);
}

function dropPart(table: MysqlTableFacts, expression: Node): void {
  const keyword = String(expression.keyword ?? "").toLowerCase();
  if (expression.resource === "column") {
    const name = declaredName(table, columnName(expression.column as Node));
    table.columns = table.columns.filter((column) => column.name !== name);
    // MySQL takes the column out of each index, and drops an index left with none.
    table.primaryKey = table.primaryKey.filter((column) => column !== name);
    const holding = [...(UNIQUE_KEY_NAMES.get(table) ?? [])].filter(([, columns]) => columns.includes(name));
    for (const [key, columns] of holding) {
      dropUniqueKey(table, key);
      const rest = columns.filter((column) => column !== name);
      if (rest.length > 0) addUniqueKey(table, rest, key);
    }
    table.foreignKeys = table.foreignKeys.filter((key) => !key.columns.includes(name));
  } else if (keyword === "primary key") {
    table.primaryKey = [];
  } else if (keyword === "foreign key") {
    table.foreignKeys = table.foreignKeys.filter((key) => key.name !== expression.key);
  } else if (keyword === "index" || keyword === "key") {
    dropUniqueKey(table, String(expression.index ?? expression.key));
  } else if (keyword === "constraint") {
    const name = String(expression.constraint);
    table.foreignKeys = table.foreignKeys.filter((key) => key.name !== name);
    dropUniqueKey(table, name);
  }
}

/** `MODIFY a <definition>` and `CHANGE a b <definition>`: the column redefined where it stands, renamed by CHANGE. */
function replaceColumn(table: MysqlTableFacts, expression: Node): void {
  const old = declaredName(table, columnName((expression.old_column ?? expression.column) as Node));
  const at = table.columns.findIndex((column) => column.name === old);
  if (at < 0) throw new Error(`column ${old} is not in ${table.name}`);
  const facts = columnFacts(expression);
  // A key column stays NOT NULL, as MySQL keeps it.
  if (table.primaryKey.includes(old)) facts.nullable = false;
  const position = expression.suffix as Node | null | undefined;
  if (position?.keyword === undefined) table.columns[at] = facts;
  else {
    table.columns.splice(at, 1);
    place(table, facts, position);
  }
  if (facts.name !== old) renameColumnInKeys(table, old, facts.name);
  keysOfColumn(table, expression);
}

function rename(catalog: Catalog, key: string, table: MysqlTableFacts, expression: Node): void {
  if (expression.resource === "column") {
    const from = declaredName(table, columnName(expression.old_column as Node));
    const to = columnName(expression.column as Node);
    const column = table.columns.find((c) => c.name === from);
    if (column === undefined) throw new Error(`column ${from} is not in ${table.name}`);
    column.name = to;
    renameColumnInKeys(table, from, to);
    return;
  }
  // RENAME TO: the table under its new name; foreign keys of other tables follow it, as InnoDB's do.
  const to = String(expression.table);
  catalog.tables.delete(key);
  const from = table.name;
  table.name = to;
  catalog.tables.set(`${table.schema}.${to}`, table);
  for (const other of catalog.tables.values()) {
    for (const foreign of other.foreignKeys) {
      if (foreign.references.schema === table.schema && foreign.references.name === from) foreign.references.name = to;
    }
  }
}

function renameColumnInKeys(table: MysqlTableFacts, from: string, to: string): void {
  const renamed = (columns: string[]) => columns.map((column) => (column === from ? to : column));
  table.primaryKey = renamed(table.primaryKey);
  for (const columns of table.uniqueKeys) columns.splice(0, columns.length, ...renamed(columns));
  for (const foreign of table.foreignKeys) foreign.columns = renamed(foreign.columns);
}

/** `ALTER TABLE t COMMENT = '...'`, `ENGINE = ...`: the comment kept, an engine without foreign keys drops them. */
function applyTableOption(table: MysqlTableFacts, expression: Node): void {
  if (expression.resource === "comment" && typeof expression.comment === "string") {
    table.comment = mysqlText(expression.comment.replace(/^'|'$/g, ""));
  } else if (expression.resource === "engine" && String(expression.engine).toUpperCase() !== "INNODB") {
    table.foreignKeys = [];
  }
}

export function columnFacts(definition: Node): MysqlColumnFacts {
  const type = definition.definition as Node;
  const dflt = (definition.default_val as Node | undefined)?.value as Node | undefined;
  const comment = ((definition.comment as Node | undefined)?.value as Node | undefined)?.value;
  const name = columnName(definition.column as Node);
  const check = definition.check as Node | undefined;
  return {
    name,
    // MariaDB's JSON is LONGTEXT with a json_valid() check, as the live reading finds it (live.ts): a dump writes it so.
    columnType:
      check !== undefined && jsonValidColumn(check) === name
        ? "json"
        : (nativeTypeOf(characterSetOf(definition)) ?? columnType(type)),
    nullable: (definition.nullable as Node | undefined)?.type !== "not null" && !definition.primary_key,
    hasDefault: dflt !== undefined && dflt.type !== "null",
    autoIncrement: definition.auto_increment !== undefined && definition.auto_increment !== null,
    generated: definition.generated !== null && definition.generated !== undefined,
    comment: typeof comment === "string" ? mysqlText(comment) : "",
  };
}

function characterSetOf(definition: Node): string | undefined {
  const value = ((definition.character_set as Node | undefined)?.value as Node | undefined)?.value;
  return typeof value === "string" ? value : undefined;
}

/** The column a CHECK constraint's `json_valid(column)` is about, when that call is the whole check. */
function jsonValidColumn(check: Node): string | undefined {
  const [call] = (check.definition ?? []) as Node[];
  const name = ((call?.name as Node | undefined)?.name as Node[] | undefined)?.[0]?.value;
  const args = (call?.args as Node | undefined)?.value as Node[] | undefined;
  if (call?.type !== "function" || String(name).toLowerCase() !== "json_valid" || args?.length !== 1) return undefined;
  return args[0]?.type === "column_ref" ? columnName(args[0]) : undefined;
}

/** The type as COLUMN_TYPE writes it (canonicalised later with the live reading's). */
function columnType(type: Node): string {
  const name = String(type.dataType);
  let args = "";
  const values = (type.expr as Node | undefined)?.value as Node[] | undefined;
  if (values) args = `(${values.map((v) => `'${mysqlText(String(v.value)).replaceAll("'", "''")}'`).join(",")})`;
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
  // InnoDB numbers an unnamed one past the highest number its table's names already use.
  const prefix = `${table.name}_ibfk_`;
  const numbers = table.foreignKeys.map((key) =>
    key.name?.startsWith(prefix) ? Number(key.name.slice(prefix.length)) : 0,
  );
  return {
    name:
      (definition.constraint as string | null) ?? `${prefix}${Math.max(0, ...numbers.filter(Number.isInteger)) + 1}`,
    columns,
    references: { schema: (target.db as string | null) ?? table.schema, name: target.table as string },
    referencedColumns: columnNames(reference.definition as Node[]),
  };
}

/**
 * A column as the table declares it: MySQL's column names are case-insensitive, so a key may name a column in another
 * case than its definition (Ambari's `PRIMARY KEY (VIEW_INSTANCE_ID, NAME)` over `view_instance_id` and `name`), and
 * information_schema then lists the column's own spelling. A name no column has is kept as written.
 */
function declaredName(table: MysqlTableFacts, name: string): string {
  if (table.columns.some((column) => column.name === name)) return name;
  const lower = name.toLowerCase();
  return table.columns.find((column) => column.name.toLowerCase() === lower)?.name ?? name;
}

/** Each foreign key's referenced columns as their table declares them, once every table of the file is read. */
export function declareReferencedColumns(catalog: Catalog): void {
  for (const table of catalog.tables.values()) {
    for (const key of table.foreignKeys) {
      const target = catalog.tables.get(`${key.references.schema ?? table.schema}.${key.references.name}`);
      if (target !== undefined) key.referencedColumns = key.referencedColumns.map((name) => declaredName(target, name));
    }
  }
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
  return mysqlText(value.replace(/^'|'$/g, ""));
}

/** What MySQL's escapes stand for; `\%` and `\_` keep their backslash, as MySQL keeps it. */
const ESCAPES: Record<string, string> = {
  "0": "\0",
  b: "\b",
  n: "\n",
  r: "\r",
  t: "\t",
  Z: "\x1a",
  "%": "\\%",
  _: "\\_",
};

/**
 * A string literal's text as MySQL reads it: the parser leaves most escapes as written (`\'`, `\\`, a doubled
 * quote), and Friendica's comments say `contact\'s`.
 */
export function mysqlText(written: string): string {
  return written.replace(/\\([\s\S])|''/g, (match, escaped?: string) =>
    escaped === undefined ? match[0]! : (ESCAPES[escaped] ?? escaped),
  );
}
