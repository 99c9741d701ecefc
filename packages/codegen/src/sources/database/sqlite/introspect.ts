/**
 * Reads an SQLite database (a file opened read-only, or an in-memory one holding a DDL file) with the schema table
 * and pragmas, the same for both. SQLite's own tables (`sqlite_*`) are left out.
 */

import type { SqliteConnection } from "@mcpsmith/runtime/internal";
import type { SqlForeignKey, SqlTable } from "@mcpsmith/runtime/sql";
import { allowedValues, checkClauses } from "../shared/check-values.js";
import { messageOf } from "../shared/drivers.js";
import { candidateKeys, column, sortForeignKeys, sortTables } from "../shared/tables.js";
import { mapSqliteType } from "./types.js";

type Warn = (pointer: string, message: string) => void;

interface TableListRow {
  name: string;
  type: "table" | "view" | "shadow" | "virtual";
  wr: number;
}

interface ColumnRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  /** 0 plain, 1 hidden (virtual tables), 2 generated virtual, 3 generated stored. */
  hidden: number;
}

interface IndexListRow {
  name: string;
  unique: number;
  origin: string;
  partial: number;
}

interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
}

export function introspectSqlite(db: SqliteConnection, warn: Warn): SqlTable[] {
  const list = db.all("PRAGMA main.table_list") as TableListRow[];
  const relations = list.filter((row) => !row.name.startsWith("sqlite_"));
  for (const row of relations.filter((r) => r.type === "virtual" || r.type === "shadow")) {
    warn(row.name, `${row.type} table skipped (a module's storage, not a plain table)`);
  }
  const tables = relations
    .filter((row) => row.type === "table" || row.type === "view")
    .flatMap((row) => (row.type === "view" ? readView(db, row, warn) : [readTable(db, row, warn)]));
  resolveReferences(tables);
  return sortTables(tables);
}

/**
 * A view's columns come from compiling its query, which fails where the query calls a function the application
 * registers on its own connection (calibre's `title_sort`): such a view is left out, and the warning says why.
 */
function readView(db: SqliteConnection, relation: TableListRow, warn: Warn): SqlTable[] {
  try {
    return [readTable(db, relation, warn)];
  } catch (error) {
    warn(relation.name, `view skipped: SQLite cannot compile its query here (${messageOf(error)})`);
    return [];
  }
}

function readTable(db: SqliteConnection, relation: TableListRow, warn: Warn): SqlTable {
  const quoted = quote(relation.name);
  const rows = (db.all(`PRAGMA main.table_xinfo(${quoted})`) as ColumnRow[]).filter((r) => r.hidden !== 1);
  const keyColumns = rows.filter((r) => r.pk > 0).sort((a, b) => a.pk - b.pk);
  const withoutRowid = relation.wr === 1;
  const rowidAlias = !withoutRowid && keyColumns.length === 1 && keyColumns[0]?.type.toUpperCase() === "INTEGER";
  const isView = relation.type === "view";
  const allowed: ReturnType<typeof checkedColumns> = isView ? new Map() : checkedColumns(db, quoted);
  const columns = rows.map((row) => {
    const type = mapSqliteType(row.type);
    if (type.unmapped !== undefined)
      warn(`${relation.name}.${row.name}`, `type ${row.type} has no mapping: read as text`);
    const isRowid = rowidAlias && row.pk === 1;
    return column({
      name: row.name,
      nativeType: row.type,
      type,
      nullable: row.notnull === 0 && !isRowid && !(withoutRowid && row.pk > 0),
      readOnly: isView || row.hidden === 2 || row.hidden === 3,
      hasDefault: row.dflt_value !== null || isRowid || row.hidden >= 2,
      allowed: allowed.get(row.name.toLowerCase()),
    });
  });
  const table: SqlTable = {
    name: relation.name,
    kind: isView ? "view" : "table",
    columns,
    uniqueKeys: [],
    foreignKeys: isView ? [] : readForeignKeys(db, quoted),
  };
  if (keyColumns.length > 0) table.primaryKey = keyColumns.map((r) => r.name);
  if (!isView) table.uniqueKeys = candidateKeys(readUniqueKeys(db, quoted), columns, table.primaryKey);
  return table;
}

/**
 * The values the table's CHECK constraints list for its columns (shared/check-values.ts), by lower-case name: SQLite
 * keeps only the CREATE TABLE statement, and names are case-insensitive in it.
 */
function checkedColumns(db: SqliteConnection, quoted: string): Map<string, string[] | number[]> {
  const [row] = db.all(`SELECT sql FROM main.sqlite_schema WHERE type = 'table' AND name = ${quoted}`) as {
    sql: string | null;
  }[];
  const checks = checkClauses(row?.sql ?? "").map((expression) => ({ expression }));
  return new Map([...allowedValues(checks)].map(([name, values]) => [name.toLowerCase(), values]));
}

function readUniqueKeys(db: SqliteConnection, quoted: string): string[][] {
  const indexes = db.all(`PRAGMA main.index_list(${quoted})`) as IndexListRow[];
  return indexes
    .filter((index) => index.unique === 1 && index.partial === 0 && index.origin !== "pk")
    .map((index) => db.all(`PRAGMA main.index_info(${quote(index.name)})`) as { cid: number; name: string | null }[])
    .filter((columns) => columns.every((c) => c.cid >= 0 && c.name !== null))
    .map((columns) => columns.map((c) => c.name as string));
}

function readForeignKeys(db: SqliteConnection, quoted: string): SqlForeignKey[] {
  const rows = db.all(`PRAGMA main.foreign_key_list(${quoted})`) as ForeignKeyRow[];
  const byId = new Map<number, ForeignKeyRow[]>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  return sortForeignKeys(
    [...byId.values()].map((group) => {
      const ordered = group.sort((a, b) => a.seq - b.seq);
      return {
        columns: ordered.map((r) => r.from),
        references: { name: (ordered[0] as ForeignKeyRow).table },
        // `to` is null when the key names only the table: its primary key, filled in below.
        referencedColumns: ordered.map((r) => r.to ?? ""),
      };
    }),
  );
}

/**
 * Each foreign key's parent and its columns as the parent declares them. SQLite reads names without regard to ASCII
 * case and keeps a key's as the key wrote them: RetroAchievements' `references "message_threads"("ID")` is to the
 * column `id`. `REFERENCES parent` without columns means the parent's primary key.
 */
function resolveReferences(tables: SqlTable[]): void {
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  for (const table of tables) {
    for (const key of table.foreignKeys) {
      const parent = byName.get(key.references.name.toLowerCase());
      if (parent === undefined) continue;
      key.references.name = parent.name;
      key.referencedColumns = key.referencedColumns.includes("")
        ? (parent.primaryKey ?? key.referencedColumns)
        : key.referencedColumns.map(
            (name) => parent.columns.find((column) => column.name.toLowerCase() === name.toLowerCase())?.name ?? name,
          );
    }
  }
}

/** An identifier as an SQLite string literal argument of a pragma function. */
function quote(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}
