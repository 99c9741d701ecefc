// The SQL executor on MariaDB (the shop schema in the sqlrun_shop database), through a runtime server and the
// official MCP client. Skipped with a message when no MariaDB listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import { existsSync, rmSync } from "node:fs";
import mysql from "mysql2/promise";
import { describe } from "vitest";
import { engineSuite } from "./sql-executor.engine.test-support.js";
import { MARIADB_SETUP, shopDatabase } from "./sql-executor.shop.test-support.js";
import { MYSQL_URL, serviceAvailable, withPort } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);
const FILES = ["/tmp/sqlrun_bypass_maria", "/tmp/sqlrun_bypass_maria_dump"];
const url = new URL(MYSQL_URL);
const SHOP_URL = MYSQL_URL.replace(/\/[^/]*$/, "/sqlrun_shop");

async function direct(sql: string): Promise<Record<string, unknown>[]> {
  const connection = await mysql.createConnection({
    uri: MYSQL_URL,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  try {
    const [rows] = await connection.query(sql);
    return rows as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

const T = "sqlrun_shop.product";
const ODD_SQL = '`odd"``;--name`';

describe.runIf(available)("the SQL executor on MariaDB", () => {
  engineSuite({
    label: "MariaDB",
    database: shopDatabase("mysql"),
    connection: (port) => ({ uri: port === undefined ? SHOP_URL : withPort(SHOP_URL, port), connectionLimit: 1 }),
    target: { host: url.hostname, port: Number(url.port) },
    setup: async () => {
      for (const file of FILES) rmSync(file, { force: true });
      for (const statement of MARIADB_SETUP) await direct(statement);
    },
    teardown: async () => {
      await direct("DROP DATABASE IF EXISTS sqlrun_shop");
    },
    direct,
    expected: {
      filtered: `SELECT CAST(id AS CHAR) AS id FROM ${T} WHERE price >= 100 AND FIND_IN_SET('red', tags) > 0 AND (${ODD_SQL} IS NULL OR LOWER(name) LIKE '%5') ORDER BY price DESC, ${T}.id LIMIT 10`,
      filteredCount: `SELECT COUNT(*) AS n FROM ${T} WHERE price >= 100 AND FIND_IN_SET('red', tags) > 0 AND (${ODD_SQL} IS NULL OR LOWER(name) LIKE '%5')`,
      paged: `SELECT CAST(id AS CHAR) AS id FROM ${T} ORDER BY ${ODD_SQL} IS NULL, ${ODD_SQL} DESC, ${T}.id`,
    },
    state: async () => ({
      rows: await direct(
        `SELECT (SELECT COUNT(*) FROM ${T}) AS products,
          (SELECT MD5(GROUP_CONCAT(CONCAT_WS('|', id, name, price, tags, data, HEX(photo), added, updated, ${ODD_SQL}) ORDER BY id)) FROM ${T}) AS checksum,
          (SELECT MD5(GROUP_CONCAT(CONCAT_WS('|', order_id, line, product_id, qty, status) ORDER BY order_id, line)) FROM sqlrun_shop.order_line) AS order_lines,
          (SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sqlrun_shop') AS objects,
          IS_USED_LOCK('sqlrun') AS lock_holder`,
      ),
      files: FILES.map((file) => existsSync(file)),
    }),
    sessionProbe:
      "SELECT @sqlrun AS variable, @@session.sql_mode AS sql_mode, @@session.tx_read_only AS read_only, " +
      "@@session.max_statement_time AS max_time, @@session.autocommit AS autocommit",
    bypass: [
      `/* leading */ DELETE FROM ${T}`,
      `-- leading\nDELETE FROM ${T}`,
      `# leading\nDELETE FROM ${T}`,
      `SELECT 1; DELETE FROM ${T}`,
      `COMMIT; DELETE FROM ${T}`,
      `SET TRANSACTION READ WRITE; DELETE FROM ${T}`,
      `SET SESSION TRANSACTION READ WRITE`,
      `SET @sqlrun = 1`,
      `SELECT @sqlrun := 1`,
      `SELECT 1 INTO @sqlrun`,
      `SET GLOBAL max_connections = 5`,
      `SET SESSION sql_mode = ''`,
      `WITH gone AS (SELECT 1) DELETE FROM ${T}`,
      `DELETE FROM ${T} RETURNING *`,
      `INSERT INTO ${T} (name, price) VALUES ('x', 1) RETURNING *`,
      `REPLACE INTO ${T} (id, name, price) VALUES (1, 'x', 1)`,
      `CREATE TABLE sqlrun_shop.t (x INT)`,
      `CREATE TEMPORARY TABLE t (x INT)`,
      `DROP TABLE sqlrun_shop.order_line`,
      `TRUNCATE TABLE sqlrun_shop.order_line`,
      `SELECT 1 /*!; DELETE FROM ${T} */`,
      `SELECT /*!50000 1, */ 2`,
      `SELECT /*M! 1, */ 2`,
      `SELECT /*+ SET_VAR(sql_mode='') */ 1`,
      `SELECT 'a\\'; DELETE FROM ${T}; -- '`,
      `SELECT "a\\"; DELETE FROM ${T}; -- "`,
      `SELECT 'a'''; DELETE FROM ${T}; -- '`,
      `SELECT * FROM ${T} INTO OUTFILE '${FILES[0]}'`,
      `SELECT * FROM ${T} INTO DUMPFILE '${FILES[1]}'`,
      `SELECT * INTO OUTFILE '${FILES[0]}' FROM ${T}`,
      `SELECT LOAD_FILE('/etc/hostname')`,
      `SELECT load_file /* x */ ('/etc/hostname')`,
      `LOAD DATA INFILE '/etc/hostname' INTO TABLE ${T}`,
      `SELECT SLEEP(5)`,
      `SELECT BENCHMARK(100000000, MD5('x'))`,
      `SELECT GET_LOCK('sqlrun', 0)`,
      `LOCK TABLES ${T} WRITE`,
      `SELECT * FROM ${T} FOR UPDATE`,
      `SELECT * FROM ${T} LOCK IN SHARE MODE`,
      `HANDLER ${T} OPEN`,
      `CALL sqlrun_shop.nothing()`,
      `DO SLEEP(1)`,
      `KILL CONNECTION_ID()`,
      `PREPARE s FROM 'DELETE FROM ${T}'`,
      `XA START 'x'`,
    ],
    slowSql: "SELECT SUM(a.seq * b.seq) AS s FROM seq_1_to_100000 AS a, seq_1_to_100000 AS b",
  });
});
