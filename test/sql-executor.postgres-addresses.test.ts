// PostgreSQL's `inet` as a key and in filters: values are read in inet's output form (`10.0.0.2`, a host's /32 left
// out), and list_ compares the column in that same form, so a filter for a value as read finds its row and a cursor
// after a row never answers it again. (The column's cast to text keeps the /32: `10.0.0.2/32`.) Skipped with a
// message when no PostgreSQL listens (a failure under MCPSMITH_REQUIRE_SERVICES=1).
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, ok, sqlServer } from "./sql-executor.test-support.js";
import { directRows } from "./support/database-direct.js";
import { createTestClient } from "./support/runtime.js";
import { POSTGRES_URL, serviceAvailable } from "./support/services.js";

const available = await serviceAvailable("PostgreSQL", POSTGRES_URL);

const direct = (sql: string) => directRows("postgres", POSTGRES_URL, sql);

const ADDRESSES = ["10.0.0.2", "10.0.0.3", "10.0.0.10", "192.168.0.0/16", "::1", "2001:db8::/32"];

describe.runIf(available)("inet keys and filters on PostgreSQL", () => {
  let executor: SqlExecutor;
  let client: Client;

  beforeAll(async () => {
    await direct("DROP SCHEMA IF EXISTS sqlrun_addresses CASCADE");
    await direct("CREATE SCHEMA sqlrun_addresses");
    // FreeRADIUS's nasreload and PowerDNS's supermasters are keyed so.
    await direct("CREATE TABLE sqlrun_addresses.host (address inet PRIMARY KEY, name text NOT NULL)");
    const rows = ADDRESSES.map((address, i) => `('${address}', 'host ${i}')`).join(", ");
    await direct(`INSERT INTO sqlrun_addresses.host VALUES ${rows}`);
    const { database } = await loadDatabaseIR(POSTGRES_URL, { source: { schema: ["sqlrun_addresses"] } });
    executor = createSqlExecutor(database, { connection: POSTGRES_URL });
    client = await createTestClient(sqlServer(database, executor, bindingsOf(database, false)));
  });

  afterAll(async () => {
    await client?.close();
    await executor?.close();
    await direct("DROP SCHEMA IF EXISTS sqlrun_addresses CASCADE");
  });

  it("pages through every row once, in the order of the form they are read in", async () => {
    const read = (await direct("SELECT address FROM sqlrun_addresses.host")).map((row) => String(row.address));
    expect(read.sort()).toEqual([...ADDRESSES].sort());
    const seen: unknown[] = [];
    let cursor: unknown;
    do {
      const page = await ok(client, "list_host", { limit: 2, ...(cursor !== undefined && { cursor }) });
      seen.push(...(page.rows as { address: string }[]).map((row) => row.address));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toEqual([...ADDRESSES].sort());
  });

  it("finds a row by its address as read, with eq and in", async () => {
    const one = await ok(client, "list_host", { where: { address: { eq: "10.0.0.2" } } });
    expect(one.rows).toEqual([{ address: "10.0.0.2", name: "host 0" }]);
    const some = await ok(client, "list_host", { where: { address: { in: ["::1", "192.168.0.0/16"] } } });
    expect((some.rows as { address: string }[]).map((row) => row.address).sort()).toEqual(["192.168.0.0/16", "::1"]);
    const got = await ok(client, "get_host", { address: "10.0.0.10" });
    expect(got).toEqual({ address: "10.0.0.10", name: "host 2" });
  });
});
