// A MariaDB database of one test file's own, for the SQL executor's end-to-end tests against the live engine: made
// afresh from the file's statements, read live as `serve db` reads it, served through the official client, dropped
// after. The hooks are registered where it is called (a describe block).
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll } from "vitest";
import { loadDatabaseIR } from "../../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, sqlServer } from "../sql-executor.test-support.js";
import { directRows } from "./database-direct.js";
import { createTestClient } from "./runtime.js";
import { MYSQL_URL } from "./services.js";

export interface LiveMysql {
  /** The official client, connected once the database is made. */
  readonly client: Client;
  /** Runs a statement on a connection of its own, outside the executor (to set up or check the rows). */
  direct(sql: string): Promise<Record<string, unknown>[]>;
}

/** `database` made from `statements` (tables named `<database>.<table>`), with write tools when `writes`. */
export function liveMysql(database: string, statements: string[], options: { writes?: boolean } = {}): LiveMysql {
  const url = MYSQL_URL.replace(/\/[^/]*$/, `/${database}`);
  const direct = (sql: string) => directRows("mysql", MYSQL_URL, sql);
  let executor: SqlExecutor | undefined;
  let client: Client | undefined;

  beforeAll(async () => {
    await direct(`DROP DATABASE IF EXISTS ${database}`);
    await direct(`CREATE DATABASE ${database}`);
    for (const statement of statements) await direct(statement);
    const read = (await loadDatabaseIR(url, {})).database;
    const writes = options.writes === true;
    executor = createSqlExecutor(read, { connection: url, writes });
    client = await createTestClient(sqlServer(read, executor, bindingsOf(read, writes)));
  });
  afterAll(async () => {
    await client?.close();
    await executor?.close();
    await direct(`DROP DATABASE IF EXISTS ${database}`);
  });

  return {
    get client() {
      if (client === undefined) throw new Error(`${database} is not made yet: use the client inside a test`);
      return client;
    },
    direct,
  };
}
