/**
 * The real database services the tests load corpus schemas into: addresses from the environment (defaults: the
 * loopback services of a developer machine and CI), each test's own `dbsource_*` database, dropped afterwards.
 * A service that is absent skips its tests with a message, unless MCPSMITH_REQUIRE_SERVICES=1.
 */
import mysql from "mysql2/promise";
import pg from "pg";
import { MYSQL_URL, POSTGRES_URL, serviceAvailable } from "../../../../../test/support/services.js";
import { runPostgresScript } from "./postgres/run-script.js";
import { withoutLeadingComments } from "./shared/script.js";
import type { SplitScript } from "./shared/statements.js";

/** Whether each service is there (or a skip message, or a failure under MCPSMITH_REQUIRE_SERVICES=1). */
export const postgresUp = () => serviceAvailable("PostgreSQL", POSTGRES_URL);
export const mysqlUp = () => serviceAvailable("MySQL/MariaDB", MYSQL_URL);

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh PostgreSQL database holding the script's schema (loaded by the same runner as PGlite's); its URL. */
export async function loadPostgres(database: string, script: SplitScript, file: string): Promise<string> {
  await dropPostgres(database);
  await adminPostgres(`CREATE DATABASE ${database}`);
  const url = withDatabase(POSTGRES_URL, database);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await runPostgresScript(
      script,
      (sql) => client.query(sql),
      file,
      () => undefined,
    );
  } finally {
    await client.end();
  }
  return url;
}

export async function dropPostgres(database: string): Promise<void> {
  await adminPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}

async function adminPostgres(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const MYSQL_NOT_HERE = /^(CREATE\s+(DATABASE|SCHEMA)|DROP\s+(DATABASE|SCHEMA)|USE|INSERT)\b/i;

/**
 * A fresh MySQL database holding the script; its URL. The script's own CREATE DATABASE / USE are ignored so it
 * lands here, and names it qualifies with its own database (`sakila.actor` in a view) are requalified.
 */
export async function loadMysql(database: string, script: SplitScript): Promise<string> {
  const own = script.statements
    .map((statement) => /^USE\s+`?(\w+)`?/i.exec(withoutLeadingComments(statement.sql))?.[1])
    .find((name) => name !== undefined);
  const requalify = (sql: string) =>
    own ? sql.replace(new RegExp(`\`?\\b${own}\\b\`?\\.`, "g"), `${database}.`) : sql;
  await adminMysql(`DROP DATABASE IF EXISTS ${database}`);
  await adminMysql(`CREATE DATABASE ${database}`);
  const url = withDatabase(MYSQL_URL, database);
  const connection = await mysql.createConnection({ uri: url });
  try {
    for (const statement of script.statements) {
      if (MYSQL_NOT_HERE.test(withoutLeadingComments(statement.sql))) continue;
      await connection.query(requalify(statement.sql));
    }
  } finally {
    await connection.end();
  }
  return url;
}

export async function dropMysql(database: string): Promise<void> {
  await adminMysql(`DROP DATABASE IF EXISTS ${database}`);
}

async function adminMysql(sql: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: MYSQL_URL });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}
