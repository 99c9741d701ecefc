// Pages of a MariaDB table ordered by a long text column: ORDER BY compares only a string's first max_sort_length
// bytes (1,024 by default) and a cursor's `<` the whole string, so texts alike at first (CRMEB's product attributes,
// JSON) sorted in one order and paged in another, repeating and losing rows. Skipped with a message when no MariaDB
// listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, ok, sqlServer } from "./sql-executor.test-support.js";
import { directRows } from "./support/database-direct.js";
import { createTestClient } from "./support/runtime.js";
import { MYSQL_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("MariaDB", MYSQL_URL);
const URL_SORT = MYSQL_URL.replace(/\/[^/]*$/, "/sqlrun_long_sort");

const direct = (sql: string) => directRows("mysql", MYSQL_URL, sql);

/** Texts alike for their first 1,100 characters, told apart after. */
const PREFIX = "x".repeat(1_100);
const ENDINGS = ["c", "a", "e", "b", "d"];

describe.runIf(available)("long texts in order on MariaDB", () => {
  let executor: SqlExecutor;
  let client: Client;

  beforeAll(async () => {
    await direct("DROP DATABASE IF EXISTS sqlrun_long_sort");
    await direct("CREATE DATABASE sqlrun_long_sort");
    await direct("CREATE TABLE sqlrun_long_sort.attr (id INT PRIMARY KEY, result TEXT NOT NULL)");
    const rows = ENDINGS.map((ending, index) => `(${index + 1}, '${PREFIX}${ending}')`).join(", ");
    await direct(`INSERT INTO sqlrun_long_sort.attr VALUES ${rows}`);
    const { database } = await loadDatabaseIR(URL_SORT, {});
    executor = createSqlExecutor(database, { connection: URL_SORT });
    client = await createTestClient(sqlServer(database, executor, bindingsOf(database, false)));
  });

  afterAll(async () => {
    await client?.close();
    await executor?.close();
    await direct("DROP DATABASE IF EXISTS sqlrun_long_sort");
  });

  it.each(["asc", "desc"])("pages by the whole text, %s, each row once", async (direction) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(client, "list_attr", {
        order: [{ column: "result", direction }],
        select: ["id"],
        limit: 2,
        ...(cursor && { cursor }),
      });
      ids.push(...(page.rows as { id: number }[]).map((row) => row.id));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    const byEnding = ENDINGS.map((ending, index) => ({ ending, id: index + 1 })).sort((a, b) =>
      a.ending.localeCompare(b.ending),
    );
    const expected = byEnding.map((row) => row.id);
    expect(ids).toEqual(direction === "asc" ? expected : expected.reverse());
  });
});
