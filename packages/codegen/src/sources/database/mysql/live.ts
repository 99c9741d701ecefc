/**
 * A live MySQL or MariaDB server, read through information_schema with mysql2. The databases read are `schema`
 * when given, else the one the URL names.
 */
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { CodegenError } from "../../../errors.js";
import { redactIn } from "../shared/address.js";
import { loadDriver, messageOf } from "../shared/drivers.js";
import { sortTables } from "../shared/tables.js";
import { lowerMysqlTable, type MysqlTableFacts } from "./tables.js";

type Warn = (pointer: string, message: string) => void;
type Rows = Record<string, unknown>[];
type Query = (sql: string, params: unknown[]) => Promise<Rows>;

export async function readMysqlServer(
  url: string,
  label: string,
  schemas: string[] | undefined,
  warn: Warn,
): Promise<{ name: string; tables: SqlTable[] }> {
  const mysql = await loadDriver("mysql2", () => import("mysql2/promise"));
  let connection: Awaited<ReturnType<typeof mysql.createConnection>>;
  try {
    connection = await mysql.createConnection({ uri: url, multipleStatements: false });
  } catch (error) {
    throw new CodegenError("E_DATABASE_UNREACHABLE", `${label}: ${redactIn(messageOf(error), url)}`);
  }
  const query: Query = async (sql, params) => (await connection.query(sql, params))[0] as Rows;
  try {
    const current = (await query("SELECT DATABASE() AS name", []))[0]?.name as string | null;
    const databases = schemas ?? (current ? [current] : []);
    if (databases.length === 0) {
      throw new CodegenError("E_OPTIONS_INVALID", `${label}: name a database in the URL or with --schema`);
    }
    const facts = await readFacts(query, databases);
    return {
      name: current ?? (databases[0] as string),
      tables: sortTables(facts.map((t) => lowerMysqlTable(t, warn))),
    };
  } catch (error) {
    if (error instanceof CodegenError) throw error;
    throw new CodegenError("E_DATABASE_UNREACHABLE", `${label}: ${redactIn(messageOf(error), url)}`);
  } finally {
    await connection.end().catch(() => undefined);
  }
}

async function readFacts(query: Query, databases: string[]): Promise<MysqlTableFacts[]> {
  const tables = await query(
    // A MariaDB sequence is a one-row table of its own state (OpenXPKI's key sequences): it holds no data of the
    // application, and a DDL file's CREATE SEQUENCE makes no table either.
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, TABLE_TYPE AS type, TABLE_COMMENT AS comment
     FROM information_schema.TABLES WHERE TABLE_SCHEMA IN (?) AND TABLE_TYPE <> 'SEQUENCE'
     ORDER BY TABLE_SCHEMA, TABLE_NAME`,
    [databases],
  );
  const columns = await query(
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable,
       COLUMN_DEFAULT AS dflt, EXTRA AS extra, COLUMN_COMMENT AS comment
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN (?) ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`,
    [databases],
  );
  const indexes = await query(
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, INDEX_NAME AS name, COLUMN_NAME AS col
     FROM information_schema.STATISTICS WHERE TABLE_SCHEMA IN (?) AND NON_UNIQUE = 0
     ORDER BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [databases],
  );
  const references = await query(
    `SELECT TABLE_SCHEMA AS s, TABLE_NAME AS t, CONSTRAINT_NAME AS name, COLUMN_NAME AS col,
       REFERENCED_TABLE_SCHEMA AS rs, REFERENCED_TABLE_NAME AS rt, REFERENCED_COLUMN_NAME AS rc
     FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA IN (?) AND REFERENCED_TABLE_NAME IS NOT NULL
     ORDER BY TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`,
    [databases],
  );
  const of = (rows: Rows, table: Record<string, unknown>) => rows.filter((r) => r.s === table.s && r.t === table.t);
  // MariaDB stores JSON as LONGTEXT with a json_valid() check: the check says the column is JSON.
  const jsonChecks = await query(
    `SELECT CONSTRAINT_SCHEMA AS s, TABLE_NAME AS t, CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS
     WHERE CONSTRAINT_SCHEMA IN (?) AND CHECK_CLAUSE LIKE 'json\\_valid(%'`,
    [databases],
  );
  const isJson = (table: Record<string, unknown>, column: string) =>
    of(jsonChecks, table).some((check) => check.clause === `json_valid(\`${column.replaceAll("`", "``")}\`)`);
  return tables.map((table) => {
    const isView = table.type === "VIEW";
    const keys = groupColumns(of(indexes, table));
    const foreign = new Map<string, Rows>();
    for (const row of of(references, table))
      foreign.set(row.name as string, [...(foreign.get(row.name as string) ?? []), row]);
    return {
      schema: table.s as string,
      name: table.t as string,
      kind: isView ? "view" : "table",
      // MariaDB writes "VIEW" as every view's comment.
      comment: isView ? "" : ((table.comment as string | null) ?? ""),
      columns: of(columns, table).map((c) => {
        const extra = String(c.extra ?? "").toLowerCase();
        return {
          name: c.name as string,
          columnType: isJson(table, c.name as string) ? "json" : (c.type as string),
          nullable: c.nullable === "YES",
          hasDefault: c.dflt !== null && c.dflt !== "NULL",
          autoIncrement: extra.includes("auto_increment"),
          generated: extra.includes("generated"),
          comment: (c.comment as string | null) ?? "",
        };
      }),
      primaryKey: keys.get("PRIMARY") ?? [],
      uniqueKeys: [...keys].filter(([name]) => name !== "PRIMARY").map(([, cols]) => cols),
      foreignKeys: [...foreign].map(([name, rows]) => ({
        name,
        columns: rows.map((r) => r.col as string),
        references: { schema: rows[0]?.rs as string, name: rows[0]?.rt as string },
        referencedColumns: rows.map((r) => r.rc as string),
      })),
    };
  });
}

function groupColumns(rows: Rows): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows)
    groups.set(row.name as string, [...(groups.get(row.name as string) ?? []), row.col as string]);
  return groups;
}
