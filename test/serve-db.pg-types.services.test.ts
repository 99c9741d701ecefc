// PostgreSQL's richer types through `mcpsmith serve db` on the real server: ranges of each built-in kind, a
// multirange, composites (nested, with arrays, bytes, a range and money inside, and an array of them), interval,
// money (and money[]) and xml, in this test's own database (`dbtypes_serve`, dropped afterwards). Served by the built
// CLI over stdio with writes on, called through every official client (whose output validation checks each value
// against the column's schema, formats included): rows read as the documented JSON, filters that fit each type, and
// a row inserted from that JSON equal to the original in the database, checked through the plain driver. Also the
// project `generate db` writes for it type-checks under tsc --strict and passes its own tests against it. Skips
// with a message when PostgreSQL is absent.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPostgres, postgresUp } from "../packages/codegen/src/sources/database/services.test-support.js";
import { CLIENTS, ClientMatrix, connectClient } from "./support/clients.js";
import { linkDependencies } from "./support/generated-project.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { POSTGRES_URL } from "./support/services.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const DATABASE = "dbtypes_serve";
const pg = createRequire(join(ROOT, "packages/codegen/package.json"))("pg") as typeof import("pg");

const SCHEMA = `
CREATE TYPE address AS (street text, zip int, tags text[], since date);
CREATE TYPE shipment AS (id bigint, "to" address, cost money, "window" tstzrange, blob bytea, ok boolean);
CREATE TABLE everything (
  id int PRIMARY KEY,
  i4 int4range, i8 int8range, n numrange, ts tsrange, tstz tstzrange, d daterange, mr int4multirange,
  addr address, ship shipment, addrs address[],
  span interval, spans interval[], price money, prices money[], doc xml
);
INSERT INTO everything VALUES (1,
  '[1,10)', '[9007199254740993,)', '(,2.5]', '["2024-01-01 10:00","2024-01-02 00:00")',
  '[2024-01-01 00:00+02,infinity)', 'empty', '{[1,3),[5,8)}',
  ROW('Main "St", 1\\', 12345, ARRAY['a b', 'c"d', NULL], '2020-02-29'),
  ROW(9007199254740993, ROW('x', 1, '{}', NULL), 12.5, '[2024-01-01,2024-01-02)', '\\x4142', true),
  ARRAY[ROW('s', 1, NULL, NULL)::address, NULL],
  '1 year 2 months -3 days 04:05:06.5', ARRAY['1 day'::interval, '-2 hours'], 1234.56, ARRAY[1.5, 2]::money[],
  '<a>x &amp; y</a>');
INSERT INTO everything (id, i4, price, span) VALUES (2, 'empty', 99999999999.99, 'PT0S');
`;

const range = (lower: unknown, upper: unknown, lowerInclusive: boolean, upperInclusive: boolean) => ({
  lower,
  upper,
  lowerInclusive,
  upperInclusive,
  empty: false,
});
const EMPTY = { lower: null, upper: null, lowerInclusive: false, upperInclusive: false, empty: true };

/** Row 1 as the documented JSON: the shapes docs/database.md's type table promises. */
const ROW_1 = {
  id: 1,
  i4: range(1, 10, true, false),
  i8: range("9007199254740993", null, true, false),
  n: range(null, "2.5", false, true),
  ts: range("2024-01-01T10:00:00", "2024-01-02T00:00:00", true, false),
  // A bound at `infinity` is infinity (its schema admits the word), not an unbounded end.
  tstz: range("2023-12-31T22:00:00+00:00", "infinity", true, false),
  d: EMPTY,
  mr: [range(1, 3, true, false), range(5, 8, true, false)],
  addr: { street: 'Main "St", 1\\', zip: 12345, tags: ["a b", 'c"d', null], since: "2020-02-29" },
  ship: {
    id: "9007199254740993",
    to: { street: "x", zip: 1, tags: [], since: null },
    // Money in a row reads as a money column does: the decimal, not the server's currency format.
    cost: "12.50",
    window: range("2024-01-01T00:00:00+00:00", "2024-01-02T00:00:00+00:00", true, false),
    blob: "QUI=",
    ok: true,
  },
  addrs: [{ street: "s", zip: 1, tags: null, since: null }, null],
  span: "P1Y2M-3DT4H5M6.5S",
  spans: ["P1D", "PT-2H"],
  price: "1234.56",
  prices: ["1.50", "2.00"],
  doc: "<a>x &amp; y</a>",
};

const COLUMNS = Object.keys(ROW_1).filter((name) => name !== "id");

async function direct<Row>(url: string, sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const up = await postgresUp();

describe.skipIf(!up)("mcpsmith serve db: PostgreSQL ranges, composites, interval, money and xml", () => {
  let url: string;
  const matrix = new ClientMatrix();

  beforeAll(async () => {
    await dropPostgres(DATABASE);
    await direct(POSTGRES_URL, `CREATE DATABASE ${DATABASE}`);
    const parsed = new URL(POSTGRES_URL);
    parsed.pathname = `/${DATABASE}`;
    url = parsed.toString();
    // Time-zoned values are written in the session's zone: UTC, so the expected JSON holds on any server.
    await direct(url, `ALTER DATABASE ${DATABASE} SET timezone = 'UTC'`);
    await direct(url, SCHEMA);
    matrix.connectAll((kind) =>
      connectClient(kind, {
        transport: "stdio",
        command: { ...stdioCommand(BIN, ["serve", "db", "--writes"]), env: { DATABASE_URL: url } } as ReturnType<
          typeof stdioCommand
        >,
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await matrix.closeAll();
    await dropPostgres(DATABASE);
  });

  it("generates a project for these types that type-checks under tsc --strict and passes its own tests", () => {
    const workspace = mkdtempSync(join(tmpdir(), "dbtypes-generate-"));
    const env = { ...process.env, NO_COLOR: "1", DATABASE_URL: url };
    const run = (command: string, args: string[], cwd: string) => {
      const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
      return { code: result.status, output: `${result.stdout}${result.stderr}` };
    };
    try {
      const generated = run(process.execPath, [BIN, "generate", "db", "--writes", "--out", "project"], workspace);
      expect(generated.code, generated.output).toBe(0);
      expect(generated.output).not.toContain("has no mapping");
      const project = join(workspace, "project");
      linkDependencies(project);
      const tsc = run(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], project);
      expect(tsc.output).toBe("");
      // Its own tests list and get rows of the table through the generated server: the same IR, run.
      const tests = run(join(ROOT, "node_modules/.bin/vitest"), ["run"], project);
      expect(tests.code, tests.output).toBe(0);
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  }, 180_000);

  describe.each(CLIENTS.map((spec, index) => ({ ...spec, index })))("with the $kind client", ({ kind, index }) => {
    const call = async (name: string, args: Record<string, unknown>) => {
      const client = await matrix.client(kind);
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result.structuredContent as { rows: Record<string, unknown>[]; nextCursor?: string };
    };
    const ids = async (where: Record<string, unknown>) =>
      (await call("list_everything", { where, select: ["id"] })).rows.map((row) => row.id);

    it("reads every type as its documented JSON", async () => {
      const { rows } = await call("list_everything", {});
      expect(rows[0]).toEqual(ROW_1);
      expect(rows[1]).toMatchObject({ id: 2, i4: EMPTY, price: "99999999999.99", span: "PT0S", addr: null });
      expect(await call("get_everything", { id: 1 })).toEqual(ROW_1);
    });

    it("filters by range containment and equality, composite equality, ordered money and intervals", async () => {
      expect(await ids({ i4: { contains: 5 } })).toEqual([1]);
      expect(await ids({ i4: { contains: 10 } })).toEqual([]);
      expect(await ids({ i8: { contains: "9007199254740999" } })).toEqual([1]);
      expect(await ids({ tstz: { contains: "2030-01-01T00:00:00Z" } })).toEqual([1]);
      expect(await ids({ mr: { contains: 6 } })).toEqual([1]);
      expect(await ids({ n: { eq: { lower: null, upper: "2.5", upperInclusive: true } } })).toEqual([1]);
      expect(await ids({ i4: { eq: { empty: true } } })).toEqual([2]);
      expect(await ids({ addr: { eq: ROW_1.addr } })).toEqual([1]);
      expect(await ids({ ship: { eq: ROW_1.ship } })).toEqual([1]);
      expect(await ids({ ship: { neq: { ...ROW_1.ship, cost: "12.51" } } })).toEqual([1]);
      expect(await ids({ price: { gt: "1234.55" } })).toEqual([1, 2]);
      expect(await ids({ price: { in: ["1234.56", "7"] } })).toEqual([1]);
      expect(await ids({ prices: { contains: ["2.00"] } })).toEqual([1]);
      expect(await ids({ span: { lt: "P1D" } })).toEqual([2]);
      expect(await ids({ doc: { isNull: true } })).toEqual([2]);
      // Paging on money, descending: the cursor binds the last price through numeric as well.
      const first = await call("list_everything", { order: [{ column: "price", direction: "desc" }], limit: 1 });
      expect(first.rows.map((row) => row.id)).toEqual([2]);
      const order = [{ column: "price", direction: "desc" }];
      const second = await call("list_everything", { order, limit: 1, cursor: first.nextCursor });
      expect(second.rows.map((row) => row.id)).toEqual([1]);
    });

    it("refuses a filter or an order XML does not take", async () => {
      const client = await matrix.client(kind);
      const refused = await client.callTool({ name: "list_everything", arguments: { where: { doc: { eq: "<a/>" } } } });
      expect(refused.isError).toBe(true);
      // XML has no equality in PostgreSQL: the column's filter offers isNull alone, and the arguments are refused.
      expect(JSON.stringify(refused.content)).toContain("where.doc");
      // Nor any ordering: order does not offer the column.
      const { tools } = await client.listTools();
      const list = tools.find((tool) => tool.name === "list_everything")!;
      const order = (
        list.inputSchema.properties as Record<string, { items: { properties: { column: { enum: string[] } } } }>
      ).order!;
      expect(order.items.properties.column.enum).toEqual(["id", ...COLUMNS.filter((c) => c !== "doc")]);
      const unordered = await client.callTool({ name: "list_everything", arguments: { order: [{ column: "doc" }] } });
      expect(unordered.isError).toBe(true);
    });

    it("inserts, updates and deletes a row of every type from its JSON, checked through the driver", async () => {
      const id = 100 + index;
      const { rows } = await call("insert_everything", { ...ROW_1, id });
      expect(rows[0]).toEqual({ ...ROW_1, id });
      // Every column equal to row 1's: a bound at infinity and money in a row written back as they were read.
      const same = COLUMNS.map((c) =>
        c === "doc" ? "a.doc::text = b.doc::text AS doc" : `a."${c}" = b."${c}" AS "${c}"`,
      );
      const [compared] = await direct<Record<string, boolean>>(
        url,
        `SELECT ${same.join(", ")} FROM everything a, everything b WHERE a.id = 1 AND b.id = $1`,
        [id],
      );
      expect(compared).toEqual(Object.fromEntries(COLUMNS.map((c) => [c, true])));
      const [text] = await direct<Record<string, string>>(
        url,
        "SELECT i8::text, tstz::text, addr::text, price::numeric::text AS price, (ship).cost::numeric::text AS cost, " +
          "span::text FROM everything WHERE id = $1",
        [id],
      );
      expect(text).toEqual({
        i8: "[9007199254740993,)",
        tstz: '["2023-12-31 22:00:00+00",infinity)',
        addr: '("Main ""St"", 1\\\\",12345,"{""a b"",""c\\\\""d"",NULL}",2020-02-29)',
        price: "1234.56",
        cost: "12.50",
        span: "1 year 2 mons -3 days +04:05:06.5",
      });
      const updated = await call("update_everything", {
        key: { id },
        set: { i4: { lower: 3, upper: 4, upperInclusive: true }, price: "0.01", ship: null },
      });
      // int4range is discrete: [3,4] comes back as PostgreSQL's canonical [3,5).
      expect(updated.rows[0]).toMatchObject({ i4: range(3, 5, true, false), price: "0.01", ship: null });
      const [after] = await direct<{ i4: string }>(url, "SELECT i4::text FROM everything WHERE id = $1", [id]);
      expect(after).toEqual({ i4: "[3,5)" });
      await call("delete_everything", { id });
      expect(await direct(url, "SELECT id FROM everything WHERE id = $1", [id])).toEqual([]);
    });
  });
});
