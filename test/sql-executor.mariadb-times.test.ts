// Dates and times on MariaDB, answered as its own text has them, through list_, get_ and query:
//   - a DATETIME(6), TIMESTAMP(3) or TIME(6) column with its precision's digits whatever the value (every statement
//     is prepared, and mysql2 leaves a zero fraction out of what the binary protocol gives);
//   - a DATE holding a zero date (0000-00-00, a legacy schema's usual default) or zero parts, which its schema admits,
//     so the page holding it is answered rather than refused by the output check.
// Skipped with a message when no MariaDB listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import type { Client } from "@modelcontextprotocol/client";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, ok, sqlServer } from "./sql-executor.test-support.js";
import { createTestClient } from "./support/runtime.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);
const URL_TIMES = MYSQL_URL.replace(/\/[^/]*$/, "/sqlrun_times");

async function direct(sql: string, uri = MYSQL_URL): Promise<Record<string, unknown>[]> {
  const connection = await mysql.createConnection({ uri, dateStrings: true });
  try {
    return (await connection.query(sql))[0] as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

describe.runIf(available)("dates and times on MariaDB", () => {
  let executor: SqlExecutor;
  let client: Client;

  beforeAll(async () => {
    await direct("DROP DATABASE IF EXISTS sqlrun_times");
    await direct("CREATE DATABASE sqlrun_times");
    await direct(
      "CREATE TABLE sqlrun_times.moment (id INT PRIMARY KEY, at DATETIME(6), stamp TIMESTAMP(3) NULL, span TIME(6), plain DATETIME, " +
        "day DATE NOT NULL DEFAULT '0000-00-00')",
    );
    await direct(
      "INSERT INTO sqlrun_times.moment VALUES (1, '2022-01-01 10:00:01', '2022-01-01 10:00:01', '10:00:01', '2022-01-01 10:00:01', DEFAULT), " +
        "(2, '2022-01-01 10:00:01.5', '2022-01-01 10:00:01.25', '-838:59:59.000001', '0000-00-00 00:00:00', '2024-00-00')",
    );
    const { database } = await loadDatabaseIR(URL_TIMES, {});
    executor = createSqlExecutor(database, { connection: URL_TIMES });
    client = await createTestClient(sqlServer(database, executor, bindingsOf(database, false)));
  });

  afterAll(async () => {
    await client?.close();
    await executor?.close();
    await direct("DROP DATABASE IF EXISTS sqlrun_times");
  });

  it("answers every value with its column's digits, as the server's own text has them", async () => {
    const text = await direct("SELECT id, at, stamp, span, plain, day FROM sqlrun_times.moment ORDER BY id");
    expect(text.map((row) => [row.at, row.stamp, row.span, row.day])).toEqual([
      ["2022-01-01 10:00:01.000000", "2022-01-01 10:00:01.000", "10:00:01.000000", "0000-00-00"],
      ["2022-01-01 10:00:01.500000", "2022-01-01 10:00:01.250", "-838:59:59.000001", "2024-00-00"],
    ]);
    const iso = (value: unknown) => String(value).replace(" ", "T");
    const expected = text.map((row) => ({
      at: iso(row.at),
      stamp: iso(row.stamp),
      span: row.span,
      plain: iso(row.plain),
      day: row.day,
    }));
    const page = await ok(client, "list_moment", { order: [{ column: "id", direction: "asc" }] });
    expect((page.rows as Record<string, unknown>[]).map(({ id: _id, ...times }) => times)).toEqual(expected);
    const { id: _id, ...first } = await ok(client, "get_moment", { id: 1 });
    expect(first).toEqual(expected[0]);
    // query reads through a prepared statement too: the same digits, in the server's own spelling.
    const queried = await ok(client, "query", { sql: "SELECT at, stamp, span FROM moment WHERE id = 1" });
    expect((queried.rows as Record<string, unknown>[])[0]).toEqual({
      at: text[0]!.at,
      stamp: text[0]!.stamp,
      span: "10:00:01.000000",
    });
  });
});
