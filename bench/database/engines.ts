/**
 * Chinook on the three engines the round trip is measured on: the corpus's SQLite file copied, and the corpus's
 * PostgreSQL and MySQL scripts (test/corpus, the same files the tests load) run into a database of their own on the
 * local services, dropped afterwards. The scripts' own `CREATE DATABASE` / `\c` / `USE` are skipped so the rows land
 * in the bench's database.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import type * as Statements from "../../packages/codegen/dist/sources/database/shared/statements.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
// The drivers are the runtime's (the bench package does not depend on them), as round-trip.ts loads better-sqlite3.
const runtimeRequire = createRequire(join(ROOT, "packages/runtime/package.json"));
const { splitScript } = (await import(
  pathToFileURL(join(ROOT, "packages/codegen/dist/sources/database/shared/statements.js")).href
)) as typeof Statements;

export type EngineName = "sqlite" | "postgres" | "mysql";

export interface Engine {
  name: EngineName;
  /** As the tables say it. */
  title: string;
  /** What `mcpsmith serve db` gets in DATABASE_URL (or as its file argument for SQLite). */
  url: string;
  /** The DSN dbhub gets for the same database. */
  dbhubDsn: string;
  /** The same page as `list_` answers, as dbhub's `execute_sql` runs it. */
  pageSql: string;
  /** The tool mcpsmith names for the Track table on this engine (PostgreSQL's Chinook is in snake case). */
  listTool: string;
  drop(): Promise<void>;
}

export const POSTGRES_URL = process.env.MCPSMITH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const MYSQL_URL = process.env.MCPSMITH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const DATABASE = "mcpsmith_bench_chinook";
/** Statements for the scripts' own client and database, not for the bench's database. */
const ELSEWHERE = /^(DROP\s+DATABASE|CREATE\s+DATABASE|USE)\b/i;

/** What the bench asks of pg's Client and of a mysql2 connection alike. */
interface SqlClient {
  connect?(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The script's statements for the bench's database, leading comments stripped. */
function statementsOf(file: string, dialect: "postgres" | "mysql"): string[] {
  return splitScript(readFileSync(corpusFile(file), "utf8"), dialect)
    .statements.map((s) => s.sql.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, ""))
    .filter((sql) => sql.length > 0 && !ELSEWHERE.test(sql));
}

export function sqliteEngine(workDir: string): Engine {
  const file = join(workDir, "chinook.sqlite");
  copyFileSync(corpusFile("sql/chinook.sqlite"), file);
  return {
    name: "sqlite",
    title: "SQLite",
    url: file,
    dbhubDsn: `sqlite://${file}`,
    pageSql: "SELECT * FROM Track ORDER BY TrackId LIMIT 100",
    listTool: "list_Track",
    drop: async () => {},
  };
}

export async function postgresEngine(): Promise<Engine> {
  const pg = runtimeRequire("pg") as { Client: new (options: { connectionString: string }) => SqlClient };
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect!();
  const dropDatabase = () => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await dropDatabase();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = withDatabase(POSTGRES_URL, DATABASE);
  const client = new pg.Client({ connectionString: url });
  await client.connect!();
  try {
    for (const sql of statementsOf("sql/chinook-postgresql.sql", "postgres")) await client.query(sql);
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
  return {
    name: "postgres",
    title: "PostgreSQL",
    url,
    dbhubDsn: `${url}?sslmode=disable`,
    pageSql: "SELECT * FROM track ORDER BY track_id LIMIT 100",
    listTool: "list_track",
    drop: async () => {
      await dropDatabase();
      await admin.end();
    },
  };
}

export async function mysqlEngine(): Promise<Engine> {
  const mysql = runtimeRequire("mysql2/promise") as { createConnection(options: { uri: string }): Promise<SqlClient> };
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = withDatabase(MYSQL_URL, DATABASE);
  const connection = await mysql.createConnection({ uri: url });
  try {
    for (const sql of statementsOf("sql/chinook-mysql.sql", "mysql")) await connection.query(sql);
  } finally {
    await connection.end();
  }
  const { username, password, host } = new URL(url);
  return {
    name: "mysql",
    title: "MariaDB",
    url,
    // dbhub reads the user and password from the DSN; an empty password is written out.
    dbhubDsn: `mysql://${username}:${password}@${host}/${DATABASE}`,
    pageSql: "SELECT * FROM Track ORDER BY TrackId LIMIT 100",
    listTool: "list_Track",
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await admin.end();
    },
  };
}
