// Values of every kind SQLite keeps, through one engine: 64-bit integers past 2^53, bytes, dates and date-times,
// booleans, decimals and JSON, written by the executor and read back by it and by a plain connection. The model is
// what `mcpsmith serve db` reads from the file (codegen's SQLite source), as a served database would have it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { createSqlExecutor, type SqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { bindingsOf, call, ok, sqlServer } from "./sql-executor.test-support.js";
import { createTestClient } from "./support/runtime.js";
import { openPlainSqlite, type SqliteDriverName } from "./support/sqlite-engines.js";

/** 2^62 + 1: a value a JavaScript number cannot hold. */
const BIG = "4611686018427387905";

export function sqliteValuesSuite(driver: SqliteDriverName): void {
  describe(`values through ${driver}`, () => {
    let dir: string;
    let file: string;
    let executor: SqlExecutor;
    let client: Client;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "sqlrun-values-"));
      file = join(dir, "values.sqlite");
      const setup = openPlainSqlite(file);
      setup
        .prepare(
          "CREATE TABLE thing (id INTEGER PRIMARY KEY, big BIGINT, data BLOB, born DATE, seen DATETIME, " +
            "flag BOOLEAN, price DECIMAL(10,2), doc JSON)",
        )
        .run();
      setup
        .prepare("INSERT INTO thing VALUES (1, ?, x'DEADBEEF', '2024-02-29', '2024-02-29 23:59:58', 1, 10.5, ?)")
        .run(BigInt(BIG), JSON.stringify({ tags: ["a", "b"] }));
      setup.close();
      const { database } = await loadDatabaseIR(file, { tools: { writes: true } });
      executor = createSqlExecutor(database, { connection: file, writes: true, sqliteDriver: driver });
      client = await createTestClient(sqlServer(database, executor, bindingsOf(database, true)));
    });

    afterAll(async () => {
      await client?.close();
      await executor?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("reads 64-bit integers, bytes, dates, booleans, decimals and JSON as their schemas say", async () => {
      expect(await ok(client, "get_thing", { id: 1 })).toEqual({
        id: 1,
        big: BIG,
        data: "3q2+7w==",
        born: "2024-02-29",
        seen: "2024-02-29T23:59:58",
        flag: true,
        price: "10.5",
        doc: { tags: ["a", "b"] },
      });
      const found = await ok(client, "list_thing", { where: { big: { eq: BIG } }, select: ["id"] });
      expect(found.rows).toEqual([{ id: 1 }]);
      // Bytes are filtered as they read, in base64: one value or a list of them.
      const byBytes = await ok(client, "list_thing", { where: { data: { in: ["AAAA", "3q2+7w=="] } }, select: ["id"] });
      expect(byBytes.rows).toEqual([{ id: 1 }]);
    });

    it("writes them back exactly, and the file holds what was written", async () => {
      const row = {
        id: 2,
        big: "-9223372036854775808",
        data: Buffer.from([0, 1, 254, 255]).toString("base64"),
        born: "1999-12-31",
        seen: "2000-01-01T00:00:01",
        flag: false,
        price: "0.01",
        doc: [1, { nested: null }],
      };
      expect((await ok(client, "insert_thing", row)).rows).toEqual([row]);
      const plain = openPlainSqlite(file, { readonly: true });
      try {
        expect(
          plain
            .prepare("SELECT typeof(big) AS kind, CAST(big AS TEXT) AS big, hex(data) AS data FROM thing WHERE id = 2")
            .get(),
        ).toEqual({ kind: "integer", big: "-9223372036854775808", data: "0001FEFF" });
      } finally {
        plain.close();
      }
      expect(await ok(client, "get_thing", { id: 2 })).toEqual(row);
    });

    it("answers a query with integers past 2^53 as text and bytes as base64", async () => {
      const result = await ok(client, "query", { sql: "SELECT big, data FROM thing WHERE id = 1" });
      expect(result.rows).toEqual([{ big: BIG, data: "3q2+7w==" }]);
    });

    it("refuses a value of the wrong kind, naming the field", async () => {
      const refused = await call(client, "insert_thing", { id: 3, big: "12.5" });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/big/);
    });
  });
}
