// The SQL executor on PostgreSQL (the shop schema in sqlrun_shop), through a runtime server and the official MCP
// client. Skipped with a message when no PostgreSQL listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import { existsSync, rmSync } from "node:fs";
import pg from "pg";
import { describe } from "vitest";
import { engineSuite } from "./sql-executor.engine.test-support.js";
import { POSTGRES_SETUP, shopDatabase } from "./sql-executor.shop.test-support.js";
import { POSTGRES_URL, serviceAvailable, withPort } from "./support/services.js";

const available = await serviceAvailable("PostgreSQL", POSTGRES_URL);
const FILE = "/tmp/sqlrun_bypass_pg";
const url = new URL(POSTGRES_URL);

async function direct(sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const T = "sqlrun_shop.product";
const ODD_SQL = '"odd""`;--name"';

describe.runIf(available)("the SQL executor on PostgreSQL", () => {
  engineSuite({
    label: "PostgreSQL",
    database: shopDatabase("postgres"),
    // One connection: every call shares the session, so a setting one call leaves behind would show in the next.
    connection: (port) => ({
      connectionString: port === undefined ? POSTGRES_URL : withPort(POSTGRES_URL, port),
      max: 1,
    }),
    target: { host: url.hostname, port: Number(url.port) },
    setup: async () => {
      rmSync(FILE, { force: true });
      await direct(POSTGRES_SETUP);
    },
    teardown: async () => {
      await direct("DROP SCHEMA IF EXISTS sqlrun_shop CASCADE");
    },
    direct,
    expected: {
      filtered: `SELECT id::text AS id FROM ${T} WHERE price >= 100 AND tags @> ARRAY['red'] AND (${ODD_SQL} IS NULL OR name ILIKE '%5') ORDER BY price DESC, ${T}.id LIMIT 10`,
      filteredCount: `SELECT COUNT(*) AS n FROM ${T} WHERE price >= 100 AND tags @> ARRAY['red'] AND (${ODD_SQL} IS NULL OR name ILIKE '%5')`,
      paged: `SELECT id::text AS id FROM ${T} ORDER BY ${ODD_SQL} DESC NULLS LAST, ${T}.id`,
    },
    state: async () => ({
      rows: await direct(
        `SELECT (SELECT COUNT(*) FROM ${T}) AS products, (SELECT md5(string_agg(p::text, ',' ORDER BY id)) FROM ${T} p) AS checksum,
          (SELECT md5(string_agg(o::text, ',' ORDER BY order_id, line)) FROM sqlrun_shop.order_line o) AS lines,
          (SELECT COUNT(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'sqlrun_shop') AS objects,
          (SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory') AS advisory,
          (SELECT COUNT(*) FROM pg_largeobject_metadata) AS large_objects`,
      ),
      file: existsSync(FILE),
    }),
    sessionProbe:
      "SELECT current_setting('work_mem') AS work_mem, current_setting('search_path') AS search_path, " +
      "current_setting('application_name') AS app, current_user AS role, current_setting('transaction_read_only') AS ro",
    bypass: [
      `/* leading */ DELETE FROM ${T}`,
      `-- leading\nDELETE FROM ${T}`,
      `/* outer /* nested */ still a comment */ DELETE FROM ${T}`,
      `SELECT 1; DELETE FROM ${T}`,
      `COMMIT; DELETE FROM ${T}`,
      `SELECT 1; COMMIT; DELETE FROM ${T}`,
      `SET TRANSACTION READ WRITE; DELETE FROM ${T}`,
      `SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE`,
      `WITH gone AS (DELETE FROM ${T} RETURNING *) SELECT * FROM gone`,
      `WITH x AS (UPDATE ${T} SET price = 0 RETURNING id) SELECT COUNT(*) FROM x`,
      `DELETE FROM ${T} RETURNING *`,
      `SELECT * INTO sqlrun_shop.stolen FROM ${T}`,
      `CREATE TABLE sqlrun_shop.t AS SELECT 1`,
      `SELECT 'a'';DELETE FROM ${T};--'`,
      `SELECT E'\\';DELETE FROM ${T};--'`,
      `SELECT E'\\'' ; DELETE FROM ${T}; --'`,
      `SELECT $$;DELETE FROM ${T};$$`,
      `SELECT $a$ $$ ; $a$; DELETE FROM ${T}`,
      `SELECT set_config('work_mem', '1GB', false)`,
      `SELECT pg_catalog.set_config('search_path', 'pg_temp', false)`,
      `SELECT "set_config"('work_mem', '1GB', false)`,
      `SELECT U&"set\\0063onfig"('work_mem', '1GB', false)`,
      `SET work_mem = '1GB'`,
      `RESET ALL`,
      `SELECT pg_read_file('/etc/hostname')`,
      `SELECT lo_import('/etc/hostname')`,
      `SELECT lo_from_bytea(0, 'x')`,
      `COPY (SELECT 1) TO PROGRAM 'touch ${FILE}'`,
      `COPY ${T} TO '${FILE}'`,
      `SELECT pg_advisory_lock(42)`,
      `SELECT pg_try_advisory_lock(42)`,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()`,
      `SELECT pg_cancel_backend(pg_backend_pid())`,
      `SELECT dblink_exec('dbname=test', 'DELETE FROM ${T}')`,
      `SELECT query_to_xml('DELETE FROM ${T} RETURNING 1', true, false, '')`,
      `DO $$ BEGIN DELETE FROM ${T}; END $$`,
      `PREPARE p AS DELETE FROM ${T}`,
      `SELECT nextval('sqlrun_shop.nothing')`,
      `SELECT * FROM ${T} FOR UPDATE`,
      `LOCK TABLE ${T}`,
      `NOTIFY sqlrun, 'x'`,
      `VALUES (1); DROP TABLE ${T}`,
      `EXPLAIN ANALYZE DELETE FROM ${T}`,
    ],
    slowSql: "SELECT COUNT(*) FROM generate_series(1, 10000000000)",
  });
});
