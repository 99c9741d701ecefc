// The end-to-end suite the PostgreSQL and MariaDB tests share: the shop schema served by a runtime server built
// from the executor, driven by the official client, compared with the same questions asked directly.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSqlExecutor,
  type SqlConnection,
  type SqlDatabase,
  type SqlExecutor,
} from "../packages/runtime/dist/executors/sql/index.js";
import { ODD } from "./sql-executor.shop.test-support.js";
import { bindingsOf, call, expectCancelStops, ok, Relay, sqlServer } from "./sql-executor.test-support.js";
import { createTestClient } from "./support/runtime.js";

export interface EngineUnderTest {
  label: string;
  database: SqlDatabase;
  /** The executor's connection to the service, or to the same database through a relay on `port`. */
  connection(port?: number): SqlConnection;
  target: { host: string; port: number };
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** Rows of a statement run directly on the service, not through the executor. */
  direct(sql: string): Promise<Record<string, unknown>[]>;
  /** Direct SQL giving the ids (as text, column `id`) that the suite's list calls must return. */
  expected: { filtered: string; filteredCount: string; paged: string };
  /** Row counts, checksums, locks and files: what no read-only call may change. */
  state(): Promise<unknown>;
  /** Read through the `query` tool after each bypass attempt: the session's settings, which must stay the defaults. */
  sessionProbe: string;
  bypass: string[];
  slowSql: string;
}

export function engineSuite(engine: EngineUnderTest): void {
  let executor: SqlExecutor;
  let client: Client;
  const bindings = bindingsOf(engine.database, true);
  const limits = { maxRows: 200, defaultLimit: 20 };

  beforeAll(async () => {
    await engine.setup();
    executor = createSqlExecutor(engine.database, {
      connection: engine.connection(),
      writes: true,
      timeoutMs: 1_500,
      ...limits,
    });
    client = await createTestClient(sqlServer(engine.database, executor, bindings, limits));
  });

  afterAll(async () => {
    await client?.close();
    await executor?.close();
    await engine.teardown();
  });

  const ids = async (sql: string) => (await engine.direct(sql)).map((r) => String(r.id));

  describe(`list_ on ${engine.label}`, () => {
    it("filters (typed operators, _or, contains), orders, selects and counts as the same query run directly", async () => {
      const page = await ok(client, "list_product", {
        where: {
          price: { gte: "100" },
          tags: { contains: ["red"] },
          _or: [{ [ODD]: { isNull: true } }, { name: { ilike: "%5" } }],
        },
        order: [{ column: "price", direction: "desc" }],
        select: ["id", "name", ODD],
        limit: 10,
        count: "exact",
      });
      const rows = page.rows as Record<string, unknown>[];
      expect(rows.map((r) => r.id)).toEqual(await ids(engine.expected.filtered));
      expect(Object.keys(rows[0]!)).toEqual(["id", "name", ODD]);
      const [{ n }] = (await engine.direct(engine.expected.filteredCount)) as [{ n: unknown }];
      expect(page).toMatchObject({ count: Number(n), countExact: true });
    });

    it("estimates a count where the engine can (PostgreSQL's planner) and counts exactly elsewhere", async () => {
      const page = await ok(client, "list_order_line", {
        where: { status: { eq: "paid" } },
        limit: 1,
        count: "estimated",
      });
      expect(page.countExact).toBe(engine.database.dialect !== "postgres");
      expect(page.count).toEqual(expect.any(Number));
    });

    it("pages with cursors over a nullable sort key with ties, each row once, in order", async () => {
      const seen: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await ok(client, "list_product", {
          order: [{ column: ODD, direction: "desc", nulls: "last" }],
          select: ["id"],
          limit: 40,
          ...(cursor && { cursor }),
        });
        seen.push(...(page.rows as { id: string }[]).map((r) => r.id));
        cursor = page.nextCursor as string | undefined;
      } while (cursor);
      expect(seen).toEqual(await ids(engine.expected.paged));
    });

    it("answers bounded reads and other transactions called together (the kept connection gives way)", async () => {
      // On PostgreSQL the pool holds one connection here: a bounded read keeps it between reads, and every other
      // transaction must have it back, at once or after the read that has it.
      const bounded = () => ok(client, "list_product", { limit: 3 });
      const filtered = () => ok(client, "list_product", { where: { price: { gte: "100" } }, limit: 3 });
      const answers = await Promise.all([
        bounded(),
        filtered(),
        bounded(),
        ok(client, "query", { sql: "SELECT 1 AS one" }),
        bounded(),
        filtered(),
        bounded(),
      ]);
      expect(answers.map((page) => (page.rows as unknown[]).length)).toEqual([3, 3, 3, 1, 3, 3, 3]);
      expect(answers[2]).toEqual(answers[0]);
    });

    it("makes filter values crafted as SQL inert and refuses names that are not columns", async () => {
      expect((await ok(client, "list_product", { where: { name: { eq: "x' OR '1'='1" } } })).rows).toEqual([]);
      expect(
        (await ok(client, "list_product", { where: { name: { like: "%'; DELETE FROM product; --" } } })).rows,
      ).toEqual([]);
      const bad = await call(client, "list_product", { order: [{ column: "id; DROP TABLE product" }] });
      expect(bad.isError).toBe(true);
    });
  });

  describe(`get_ and values on ${engine.label}`, () => {
    it("converts every codec to the JSON its schema describes", async () => {
      const row = await ok(client, "get_product", { id: "12" });
      expect(row).toMatchObject({
        id: "12",
        name: "product 12",
        price: "15.00",
        data: { size: 2, eco: true },
        added: "2024-01-13",
      });
      expect(row.tags).toEqual(engine.database.dialect === "postgres" ? ["red", "big"] : ["red", "big"]);
      expect(new Date(row.updated as string).toISOString()).toBe("2024-01-01T12:00:00.000Z");
      expect((await ok(client, "get_product", { id: "10" })).photo).toBe("3q2+7w==");
    });

    it("filters a binary column by a list of values, written in base64 as it reads", async () => {
      const page = await ok(client, "list_product", {
        where: { photo: { in: ["3q2+7w==", "AAAA"] } },
        order: [{ column: "id", direction: "asc" }],
        limit: 2,
      });
      expect((page.rows as { id: string; photo: string }[]).map((row) => [row.id, row.photo])).toEqual([
        ["10", "3q2+7w=="],
        ["20", "3q2+7w=="],
      ]);
    });

    it("reads a row by a composite key", async () => {
      const row = await ok(client, "get_order_line", { order_id: 2, line: 3 });
      expect(row).toEqual({
        order_id: 2,
        line: 3,
        product_id: String(((2 * 7 + 3) % 250) + 1),
        qty: 3,
        status: "shipped",
        total: "6",
      });
      expect((await call(client, "get_order_line", { order_id: 2, line: 9 })).isError).toBe(true);
    });
  });

  describe(`writes on ${engine.label}`, () => {
    it("inserts, updates and deletes by key in a transaction, returning the rows", async () => {
      const values = {
        id: "900000000000000001",
        name: "sqlrun écrit",
        price: "12345678.91",
        tags: ["blue", "big"],
        data: { nested: [1, "two", null] },
        photo: Buffer.from("hello").toString("base64"),
        added: "2025-02-28",
        updated: "2025-02-28T23:30:00Z",
        [ODD]: "odd",
      };
      const [inserted] = (await ok(client, "insert_product", values)).rows as Record<string, unknown>[];
      expect({ ...inserted, updated: new Date(inserted!.updated as string).toISOString() }).toEqual({
        ...values,
        updated: "2025-02-28T23:30:00.000Z",
      });
      const [updated] = (
        await ok(client, "update_product", { key: { id: values.id }, set: { price: "1.5", [ODD]: null } })
      ).rows as Record<string, unknown>[];
      expect(updated).toMatchObject({ price: "1.50", [ODD]: null });
      const [deleted] = (await ok(client, "delete_product", { id: values.id })).rows as Record<string, unknown>[];
      expect(deleted).toMatchObject({ id: values.id, price: "1.50" });
      expect(await engine.direct(`SELECT id FROM sqlrun_shop.product WHERE id = ${values.id}`)).toEqual([]);

      const [line] = (await ok(client, "insert_order_line", { order_id: 999, line: 1, product_id: "5", qty: 21 }))
        .rows as Record<string, unknown>[];
      expect(line).toEqual({ order_id: 999, line: 1, product_id: "5", qty: 21, status: "new", total: "42" });
      await ok(client, "delete_order_line", { order_id: 999, line: 1 });
      expect((await call(client, "delete_order_line", { order_id: 999, line: 1 })).isError).toBe(true);
    });

    it("says the configured role can write (the start-up check)", async () => {
      expect(await executor.writeAccess()).toMatchObject({ canWrite: true });
    });
  });

  describe(`query on ${engine.label}`, () => {
    it("applies the row limit to the whole result, UNION ALL included", async () => {
      const result = await ok(client, "query", {
        sql: "SELECT id FROM sqlrun_shop.product UNION ALL SELECT id FROM sqlrun_shop.product",
      });
      expect(result).toMatchObject({ columns: ["id"], truncated: true });
      expect(result.rows).toHaveLength(200);
    });

    it("serves the same pages before and after query text reset the session", async () => {
      // Bounded reads run on their own (prepared once per connection on PostgreSQL): query text's session reset
      // (DISCARD ALL, or the session closed) must not leave them pointing at what is gone.
      const page = await ok(client, "list_product", { limit: 3 });
      const cursor = page.nextCursor as string;
      const next = await ok(client, "list_product", { limit: 3, cursor });
      await ok(client, "query", { sql: "SELECT id FROM sqlrun_shop.product" });
      expect(await ok(client, "list_product", { limit: 3 })).toEqual(page);
      expect(await ok(client, "list_product", { limit: 3, cursor })).toEqual(next);
      expect((page.rows as unknown[]).length).toBe(3);
    });

    it.each(engine.bypass)("changes nothing: %s", async (sql) => {
      const before = {
        state: await engine.state(),
        session: (await ok(client, "query", { sql: engine.sessionProbe })).rows,
      };
      const outcome = await call(client, "query", { sql });
      const after = {
        state: await engine.state(),
        session: (await ok(client, "query", { sql: engine.sessionProbe })).rows,
      };
      expect(after, `${sql}\n${outcome.text}`).toEqual(before);
      expect(outcome.text).not.toMatch(/postgres:\/\/|mysql:\/\//);
    });
  });

  describe(`time limits and outages on ${engine.label}`, () => {
    it("stops a query past its time on the server and serves the next call", async () => {
      const slow = await call(client, "query", { sql: engine.slowSql });
      expect(slow.isError, slow.text).toBe(true);
      expect(slow.text).toMatch(/time limit of 1500 ms/);
      expect((await ok(client, "get_product", { id: "1" })).name).toBe("product 1");
    });

    it("stops a query its client cancels on the server, says so, and serves the next call", async () => {
      const patient = createSqlExecutor(engine.database, { connection: engine.connection(), timeoutMs: 600_000 });
      await expectCancelStops(patient, engine.slowSql);
    });

    it("answers isError while the database is down, at start and midway, and serves it once it is back", async () => {
      const relay = new Relay(engine.target);
      await relay.up();
      const port = relay.port;
      await relay.down();
      const flaky = createSqlExecutor(engine.database, { connection: engine.connection(port), timeoutMs: 3_000 });
      const flakyClient = await createTestClient(sqlServer(engine.database, flaky, bindingsOf(engine.database, false)));
      try {
        const atStart = await call(flakyClient, "get_product", { id: "1" });
        expect(atStart.isError, atStart.text).toBe(true);
        expect(atStart.text).toMatch(/unreachable/);
        expect(atStart.text).not.toContain(String(engine.connection(port)));
        await relay.up();
        expect((await ok(flakyClient, "get_product", { id: "1" })).name).toBe("product 1");
        await relay.down();
        expect((await call(flakyClient, "get_product", { id: "2" })).isError).toBe(true);
        await relay.up();
        expect((await ok(flakyClient, "get_product", { id: "2" })).name).toBe("product 2");
        // A connection lost while idle costs no call, the one kept for bounded reads included: the pool drops its
        // own, and the kept one is closed when it ends.
        const page = await ok(flakyClient, "list_product", { limit: 3 });
        await relay.down();
        // The connections' ends reach the driver as socket events: a moment for them to arrive.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await relay.up();
        expect(await ok(flakyClient, "list_product", { limit: 3 })).toEqual(page);
        expect((await ok(flakyClient, "get_product", { id: "3" })).name).toBe("product 3");
      } finally {
        await flakyClient.close();
        await flaky.close();
        await relay.down();
      }
    });
  });
}
