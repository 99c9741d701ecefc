// Every schema of the SQL corpus on its engine (PostgreSQL, MariaDB, SQLite), end to end: loaded into its own
// database (`dbcorpus_*`, dropped afterwards; rows seeded where the script has none), served by the built CLI over
// stdio (`mcpsmith serve db`, the connection in DATABASE_URL), and every kind of tool called through the official
// clients: list_ of every table and view (a page, a filter with an order, a cursor's next page where there is a key),
// get_ of every keyed table (composite keys and embeds), query, describe and the db:// resources; every row compared
// with the same statement run through the plain driver, mapped to JSON as docs/database.md documents. Each schema is
// also generated (`mcpsmith generate db`), and the projects type-checked together under tsc --strict; a generated
// project lists the tools the CLI serves. Writes run once per engine. An absent service skips its schemas with a
// message, unless MCPSMITH_REQUIRE_SERVICES=1.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseIR } from "../packages/codegen/dist/ir/types.js";
import { loadDatabaseIR } from "../packages/codegen/dist/pipelines/database.js";
import { mysqlUp, postgresUp } from "../packages/codegen/src/sources/database/services.test-support.js";
import { MAX_CONDITIONS } from "../packages/runtime/src/executors/sql/filters.js";
import type { SqlBinding, SqlTable } from "../packages/runtime/src/executors/sql/model.js";
import { CLIENTS, type ClientKind, connectClient, type TestClient } from "./support/clients.js";
import {
  CORPUS_SCHEMAS,
  type CorpusSchema,
  dropCorpusDatabases,
  type LoadedDatabase,
  loadCorpusDatabase,
} from "./support/database-corpus.js";
import { type Direct, expectedJson, openDirect, type Row } from "./support/database-direct.js";
import { linkDependencies } from "./support/generated-project.js";
import { createTestClient, type ServeTarget } from "./support/runtime.js";
import { ROOT, stdioCommand } from "./support/servers.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const CLIENT_KINDS: readonly ClientKind[] = CLIENTS.map((client) => client.kind);
const SLOW = 300_000;
const up = { postgres: await postgresUp(), mysql: await mysqlUp(), sqlite: true };
const workspace = mkdtempSync(join(tmpdir(), "dbcorpus-generate-"));
/** Tools called and rows compared, per schema: printed at the end. */
const tally = new Map<string, { tools: number; rows: number }>();
/** tools/list as the CLI served it, per schema, for the generated project to match. */
const served = new Map<string, unknown>();
const generated: string[] = [];

afterAll(async () => {
  await dropCorpusDatabases();
  rmSync(workspace, { recursive: true, force: true });
  const total = [...tally.values()].reduce((sum, t) => ({ tools: sum.tools + t.tools, rows: sum.rows + t.rows }), {
    tools: 0,
    rows: 0,
  });
  for (const [id, t] of tally) console.info(`${id}: ${t.tools} tool calls, ${t.rows} rows compared`);
  console.info(`corpus: ${total.tools} tool calls, ${total.rows} rows compared`);
}, 120_000);

/** `mcpsmith serve db` as a host starts it: the connection in the environment, never on the command line. */
function servedByCli(loaded: LoadedDatabase, extra: string[]) {
  return { ...stdioCommand(BIN, ["serve", "db", ...extra]), env: { DATABASE_URL: loaded.url } };
}

/** `serve db`'s and `generate db`'s flags for a schema: tools per table however many, one schema where asked. */
const flags = (schema: CorpusSchema) => ["--mode", "tools", ...(schema.schema ? ["--schema", schema.schema] : [])];

for (const [index, schema] of CORPUS_SCHEMAS.entries()) {
  // Every client calls every kind of tool on every schema; each schema's full sweep (every table and view) goes to
  // one client in turn, the others call each kind on a sample, which keeps the file within minutes.
  const sweeper = CLIENT_KINDS[index % CLIENT_KINDS.length];
  describe.runIf(up[schema.dialect])(`${schema.id} on ${engineName(schema)}`, () => {
    let loaded: LoadedDatabase;
    let ir: DatabaseIR;
    let direct: Direct;
    let expectations: Expectations;
    beforeAll(async () => {
      loaded = await loadCorpusDatabase(schema);
      for (const note of loaded.notes) console.info(`${schema.id}: ${note}`);
      ir = await loadDatabaseIR(loaded.url, {
        source: schema.schema ? { schema: [schema.schema] } : {},
        tools: { mode: "tools" },
      });
      direct = await openDirect(schema.dialect, loaded.url);
      expectations = new Expectations(ir, direct);
      tally.set(schema.id, { tools: 0, rows: 0 });
    }, SLOW);
    afterAll(async () => {
      await direct?.close();
    });

    describe.each(CLIENT_KINDS)("served by the CLI to the %s client", (kind) => {
      let client: TestClient;
      beforeAll(async () => {
        client = await connectClient(kind, { transport: "stdio", command: servedByCli(loaded, flags(schema)) });
      }, 60_000);
      afterAll(async () => {
        await client?.close();
      });

      it("lists list_ for every table and view, get_ for every keyed table, query and describe", async () => {
        const listed = await client.listTools();
        const names = listed.tools.map((tool) => tool.name);
        const tables = ir.database.tables;
        expect(tables.length).toBeGreaterThan(0);
        expect(names.filter((name) => name.startsWith("list_"))).toHaveLength(tables.length);
        expect(names.filter((name) => name.startsWith("get_"))).toHaveLength(
          tables.filter((table) => table.primaryKey).length,
        );
        expect(names).toEqual(expect.arrayContaining(["query", "describe"]));
        expect(names).toEqual(ir.tools.map((tool) => tool.name));
        if (kind === "v2 legacy") served.set(schema.id, listed.tools);
      });

      const tables = () => (kind === sweeper ? ir.database.tables : sample(ir.database.tables));

      it(`answers ${kind === sweeper ? "every" : "a sample of"} list_ and get_ with the driver's rows`, {
        timeout: SLOW,
      }, async () => {
        const count = tally.get(schema.id)!;
        const chosen = new Set(tables());
        const listed = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.inputSchema]));
        for (const tool of ir.tools) {
          const binding = tool.binding as SqlBinding;
          if (binding.kind !== "list" && binding.kind !== "get") continue;
          if (!chosen.has(expectations.table(binding.table))) continue;
          const table = expectations.table(binding.table);
          for (const call of await (binding.kind === "list"
            ? expectations.listCalls(table, operatorsOffered(listed.get(tool.name)))
            : expectations.getCalls(table, binding))) {
            const args = call.arguments();
            const result = await client.callTool({ name: tool.name, arguments: args });
            count.tools++;
            const label = `${tool.name} ${JSON.stringify(args)}`;
            expect(result.isError, `${label}: ${JSON.stringify(result.content)}`).toBeFalsy();
            const content = result.structuredContent as Record<string, unknown>;
            call.check(content, label);
            count.rows += call.rows;
            call.remember?.(content);
          }
        }
      });

      it(`counts ${kind === sweeper ? "every" : "a sample of"} table with query, describes it as a tool and as its resource`, {
        timeout: SLOW,
      }, async () => {
        const count = tally.get(schema.id)!;
        const resources = new Map(
          ir.resources.map((resource) => [`${resource.table.schema}.${resource.table.name}`, resource.uri]),
        );
        const { resources: listedResources } = await client.listResources();
        expect(listedResources.map((r) => r.uri).sort()).toEqual([...resources.values()].sort());
        for (const table of tables()) {
          const qualified = table.schema === undefined ? table.name : `${table.schema}.${table.name}`;
          const sql = `SELECT COUNT(*) AS n FROM ${expectations.sqlName(table)}`;
          const counted = await client.callTool({ name: "query", arguments: { sql } });
          expect(counted.isError, `${sql}: ${JSON.stringify(counted.content)}`).toBeFalsy();
          const [row] = (counted.structuredContent as { rows: Row[] }).rows;
          expect(Number(row!.n), sql).toBe(await expectations.count(table));
          const described = await client.callTool({ name: "describe", arguments: { table: qualified } });
          expect(described.isError, `describe ${qualified}: ${JSON.stringify(described.content)}`).toBeFalsy();
          const description = described.structuredContent as { columns: { name: string }[]; primaryKey?: string[] };
          expect(
            description.columns.map((c) => c.name),
            qualified,
          ).toEqual(await expectations.columnNames(table));
          expect(description.primaryKey, qualified).toEqual(table.primaryKey);
          const uri = resources.get(`${table.schema}.${table.name}`)!;
          const read = await client.readResource(uri);
          expect(JSON.parse((read.contents[0] as { text: string }).text), uri).toEqual(description);
          count.tools += 2;
          count.rows += 1;
        }
      });
    });

    describe.runIf(schema.writes !== undefined)(
      `served with --writes${schema.writes ? ` (${schema.writes})` : ""}`,
      () => {
        let client: TestClient;
        beforeAll(async () => {
          client = await connectClient("v2 auto", {
            transport: "stdio",
            command: servedByCli(loaded, [...flags(schema), "--writes"]),
          });
        }, 60_000);
        afterAll(async () => {
          await client?.close();
        });

        it("inserts a copy of a row under a new key, updates it and deletes it, each row as the driver reads it", async () => {
          const count = tally.get(schema.id)!;
          const table = ir.database.tables.find((t) => t.name === schema.writes)!;
          const call = async (name: string, args: Record<string, unknown>) => {
            const result = await client.callTool({ name: `${name}_${table.name}`, arguments: args });
            expect(result.isError, `${name}_${table.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
            count.tools++;
            count.rows++;
            return (result.structuredContent as { rows: Row[] }).rows;
          };
          const { row, key, text } = await expectations.writable(table);
          const [inserted] = await call("insert", row);
          expect(inserted).toEqual(await expectations.byKey(table, key));
          const [updated] = await call("update", { key, set: { [text]: "dbcorpus: updated" } });
          expect(updated![text]).toBe("dbcorpus: updated");
          expect(updated).toEqual(await expectations.byKey(table, key));
          const [deleted] = await call("delete", key);
          expect(deleted).toEqual(updated);
          expect(await expectations.byKey(table, key)).toBeUndefined();
        });
      },
    );

    it("generates a project listing the tools the CLI serves", { timeout: SLOW }, async () => {
      const project = join(workspace, schema.id.replace(/\W+/g, "-"));
      const result = spawnSync(process.execPath, [BIN, "generate", "db", "--out", project, ...flags(schema)], {
        env: { ...process.env, NO_COLOR: "1", DATABASE_URL: loaded.url },
        encoding: "utf8",
      });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      linkDependencies(project);
      generated.push(project);
      const module = (await import(join(project, "src/generated/index.ts"))) as {
        createExecutor(options: { connection: string }): { close(): Promise<void> };
        createServer(options: { executor: unknown }): ServeTarget;
      };
      const executor = module.createExecutor({ connection: loaded.url });
      const client = await createTestClient(module.createServer({ executor }));
      try {
        // The listing's envelope differs by protocol era (2026 adds a cache scope): the tools are what must agree.
        expect((await client.listTools()).tools).toEqual(served.get(schema.id));
      } finally {
        await client.close();
        await executor.close();
      }
    });
  });
}

describe("the generated projects", () => {
  it("type-check together under tsc --strict", { timeout: SLOW }, () => {
    if (generated.length === 0) return;
    // One tsc over every project (each resolves its imports through its own linked node_modules): one start-up, one
    // read of the runtime's declarations, instead of one per project.
    const first = JSON.parse(readFileSync(join(generated[0]!, "tsconfig.json"), "utf8")) as {
      compilerOptions: Record<string, unknown>;
    };
    expect(first.compilerOptions.strict).toBe(true);
    writeFileSync(
      join(workspace, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          ...first.compilerOptions,
          noEmit: true,
          rootDir: undefined,
          outDir: undefined,
          // Each project's own types come through its linked node_modules; the shared folder has none of its own.
          typeRoots: [join(ROOT, "node_modules/@types")],
        },
        include: generated.map((project) => `${project.slice(workspace.length + 1)}/src/**/*.ts`),
      }),
    );
    const tsc = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", "."], { cwd: workspace, encoding: "utf8" });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
  });
});

/** The filter operators a list_ tool's input schema offers, per column (following its `$defs` references). */
function operatorsOffered(inputSchema: unknown): Map<string, string[]> {
  type Schema = { $ref?: string; properties?: Record<string, Schema>; $defs?: Record<string, Schema> };
  const root = inputSchema as Schema;
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(root.$defs?.[schema.$ref.replace("#/$defs/", "")]) : schema;
  const where = resolve(root.properties?.where)?.properties ?? {};
  const offered = new Map<string, string[]>();
  for (const [column, schema] of Object.entries(where)) {
    const properties = resolve(schema)?.properties;
    // `_and` and `_or` are lists, with no operators: a column may start with `_` too (Prelude's `_message_ident`).
    if (properties) offered.set(column, Object.keys(properties));
  }
  expect(offered.size, "a list_ tool offers filters").toBeGreaterThan(0);
  return offered;
}

/** A table with a key (and so a get_), one without, and a view: each kind of list_ and get_ once. */
function sample(tables: SqlTable[]): SqlTable[] {
  const picks = [
    tables.find((t) => t.kind === "table" && t.primaryKey && t.foreignKeys.length > 0) ??
      tables.find((t) => t.kind === "table" && t.primaryKey),
    tables.find((t) => t.kind === "table" && !t.primaryKey),
    tables.find((t) => t.kind === "view"),
  ];
  return [...new Set(picks.filter((t): t is SqlTable => t !== undefined))];
}

function engineName(schema: CorpusSchema): string {
  return { postgres: "PostgreSQL", mysql: "MariaDB", sqlite: "SQLite" }[schema.dialect];
}

/** One tool call and what its answer must be; `remember` keeps what a later call needs (a cursor). */
interface Call {
  arguments(): Record<string, unknown>;
  check(content: Record<string, unknown>, label: string): void;
  rows: number;
  remember?(content: Record<string, unknown>): void;
}

/** The driver's side: statements for each table, run once and mapped to JSON, whichever client asks. */
class Expectations {
  private readonly cache = new Map<string, Promise<unknown>>();
  constructor(
    private readonly ir: DatabaseIR,
    private readonly direct: Direct,
  ) {}

  table(name: { schema?: string; name: string }): SqlTable {
    return this.ir.database.tables.find((t) => t.name === name.name && t.schema === name.schema)!;
  }

  sqlName(table: SqlTable): string {
    return this.direct.name(table.name, table.schema);
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.cache.get(key);
    if (value === undefined) {
      value = make();
      this.cache.set(key, value);
    }
    return value as Promise<T>;
  }

  /** The table's columns, a spatial one as the engine writes its WKT (the form a client reads it in). */
  private selectList(table: SqlTable): string {
    return table.columns
      .map((c) =>
        c.codec.kind === "geometry"
          ? `ST_AsText(${this.direct.name(c.name)}) AS ${this.direct.name(c.name)}`
          : this.direct.name(c.name),
      )
      .join(", ");
  }

  private json(table: SqlTable, rows: Row[]): Row[] {
    return rows.map((row) =>
      Object.fromEntries(table.columns.map((c) => [c.name, expectedJson(row[c.name], c.codec, this.direct.dialect)])),
    );
  }

  private key(table: SqlTable): string[] | undefined {
    return table.primaryKey ?? table.uniqueKeys[0];
  }

  count(table: SqlTable): Promise<number> {
    return this.once(`count ${this.sqlName(table)}`, async () => {
      const [row] = await this.direct.rows(`SELECT COUNT(*) AS n FROM ${this.sqlName(table)}`);
      return Number(row!.n);
    });
  }

  columnNames(table: SqlTable): Promise<string[]> {
    return this.once(`columns ${this.sqlName(table)}`, async () => {
      // The driver's own column list, from a statement returning no rows: not the reading's.
      if (this.direct.dialect === "sqlite") {
        // table_xinfo, not table_info, which leaves generated columns out (RetroAchievements' COALESCE of two
        // dates); hidden 1 is a virtual table's hidden column, no column of the table.
        const rows = await this.direct.rows("SELECT name FROM pragma_table_xinfo(?) WHERE hidden <> 1", [table.name]);
        return rows.map((r) => String(r.name));
      }
      if (this.direct.dialect === "postgres") {
        // pg_attribute, not information_schema, which leaves materialized views out.
        const rows = await this.direct.rows(
          "SELECT attname AS name FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
          [this.sqlName(table)],
        );
        return rows.map((r) => String(r.name));
      }
      const rows = await this.direct.rows(
        "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position",
        [table.name],
      );
      return rows.map((r) => String(r.name));
    });
  }

  /** Raw rows in key order (every row when the table has no key), the source of values for arguments. */
  private ordered(table: SqlTable, suffix = ""): Promise<Row[]> {
    const key = this.key(table);
    const order = key ? ` ORDER BY ${key.map((c) => this.direct.name(c)).join(", ")}` : "";
    return this.once(`rows ${this.sqlName(table)}${order}${suffix}`, () =>
      this.direct.rows(`SELECT ${this.selectList(table)} FROM ${this.sqlName(table)}${order}${suffix}`),
    );
  }

  async listCalls(table: SqlTable, offered: Map<string, string[]>): Promise<Call[]> {
    const total = await this.count(table);
    // Every table has rows (seeded where the script has none); a view over seeded rows may select none.
    if (table.kind === "table") expect(total, `${table.name} has rows`).toBeGreaterThan(0);
    const key = this.key(table);
    if (key === undefined) return this.keylessCalls(table, total);
    const first = this.json(table, await this.ordered(table, " LIMIT 2"));
    const second = this.json(table, await this.ordered(table, " LIMIT 2 OFFSET 2"));
    const calls: Call[] = [];
    const page = (expected: Row[], more: boolean) => (content: Record<string, unknown>, label: string) => {
      expect(content.rows, label).toEqual(expected);
      expect(typeof content.nextCursor === "string", `${label}: nextCursor`).toBe(more);
    };
    let cursor: string | undefined;
    calls.push({
      arguments: () => ({ limit: 2 }),
      check: page(first, total > 2),
      rows: first.length,
      remember: (content) => {
        cursor = content.nextCursor as string | undefined;
      },
    });
    if (total > 2) {
      calls.push({
        arguments: () => ({ limit: 2, cursor }),
        check: page(second, total > 4),
        rows: second.length,
      });
    }
    // A filter on the key's first column (the first and last rows' values), ordered by it descending.
    const last = key.map((c) => `${this.direct.name(c)} DESC`).join(", ");
    const ends = [
      ...(await this.ordered(table, " LIMIT 1")),
      ...(await this.once(`last ${this.sqlName(table)}`, () =>
        this.direct.rows(`SELECT ${this.selectList(table)} FROM ${this.sqlName(table)} ORDER BY ${last} LIMIT 1`),
      )),
    ];
    if (ends.length === 0) return calls;
    const picked = [ends[0]!, ends[ends.length - 1]!];
    const column = table.columns.find((c) => c.name === key[0])!;
    const values = picked.map((row) => expectedJson(row[column.name], column.codec, this.direct.dialect));
    const rest = key.slice(1).map((c) => this.direct.name(c));
    const filtered = this.json(
      table,
      await this.direct.rows(
        `SELECT ${this.selectList(table)} FROM ${this.sqlName(table)} WHERE ${this.direct.name(column.name)} IN (?, ?) ` +
          `ORDER BY ${[`${this.direct.name(column.name)} DESC`, ...rest].join(", ")} LIMIT 50`,
        picked.map((row) => row[column.name]),
      ),
    );
    calls.push(this.everyOperator(table, ends[0]!, offered));
    calls.push(...(await this.orderedByColumn(table, key)));
    calls.push({
      arguments: () => ({
        where: { [column.name]: { in: values } },
        order: [{ column: column.name, direction: "desc" }],
        limit: 50,
      }),
      check: (content, label) => expect(content.rows, label).toEqual(filtered),
      rows: filtered.length,
    });
    return calls;
  }

  /**
   * Pages ordered by a column that is not the key (a nullable one where there is one, descending: where each engine
   * puts nulls), the second page through the first's cursor, equal to the engine's own order with the key after.
   */
  private async orderedByColumn(table: SqlTable, key: string[]): Promise<Call[]> {
    const orderable = table.columns.filter(
      (c) => !key.includes(c.name) && ["integer", "text", "decimal", "date", "datetime", "enum"].includes(c.codec.kind),
    );
    const column = orderable.find((c) => c.nullable) ?? orderable[0];
    if (column === undefined) return [];
    // docs/database.md: PostgreSQL types read as text that are not strings (xml, ...) are ordered by their text form.
    const textForm =
      this.direct.dialect === "postgres" &&
      column.codec.kind === "text" &&
      !/^(character varying|character|text)\b/.test(column.nativeType);
    const sorted = `${this.direct.name(column.name)}${textForm ? "::text" : ""}`;
    const order = [`${sorted} DESC`, ...key.map((c) => this.direct.name(c))].join(", ");
    const page = async (offset: number) =>
      this.json(
        table,
        await this.direct.rows(
          `SELECT ${this.selectList(table)} FROM ${this.sqlName(table)} ORDER BY ${order} LIMIT 3 OFFSET ${offset}`,
        ),
      );
    const [first, second] = [await page(0), await page(3)];
    const args = { order: [{ column: column.name, direction: "desc" }], limit: 3 };
    let cursor: string | undefined;
    return [
      {
        arguments: () => args,
        check: (content, label) => expect(content.rows, label).toEqual(first),
        rows: first.length,
        remember: (content) => {
          cursor = content.nextCursor as string | undefined;
        },
      },
      {
        arguments: () => (cursor ? { ...args, cursor } : args),
        check: (content, label) => expect(content.rows, label).toEqual(cursor ? second : first),
        rows: second.length,
      },
    ];
  }

  /**
   * The row's every column tested with the operators its schema offers (`eq` and `like` on its value, `isNull` where
   * it is null, `contains` of its first member or itself): the answer holds the row, and only rows that pass. As many
   * columns as one `where` may hold conditions for (Gibbon's application form has 200 columns).
   */
  private everyOperator(table: SqlTable, raw: Row, offered: Map<string, string[]>): Call {
    const [row] = this.json(table, [raw]);
    const where: Record<string, Record<string, unknown>> = {};
    const holds: ((other: Row) => boolean)[] = [];
    let conditions = 0;
    for (const column of table.columns) {
      const ops = offered.get(column.name) ?? [];
      const value = row![column.name];
      const test: Record<string, unknown> = {};
      if (value === null) {
        if (ops.includes("isNull")) test.isNull = true;
      } else if (ops.includes("contains")) {
        const member = Array.isArray(value) ? value.slice(0, 1) : value;
        test.contains = member;
        holds.push((other) =>
          JSON.stringify(other[column.name]).includes(JSON.stringify(member).replace(/^\[|\]$/g, "")),
        );
      } else {
        if (ops.includes("eq")) test.eq = value;
        if (ops.includes("like") && typeof value === "string" && !/[%_\\]/.test(value)) test.like = value;
      }
      if (Object.keys(test).length === 0) continue;
      conditions += Object.keys(test).length;
      if (conditions > MAX_CONDITIONS) break;
      where[column.name] = test;
      if (!("contains" in test)) holds.push((other) => JSON.stringify(other[column.name]) === JSON.stringify(value));
    }
    return {
      arguments: () => ({ where, limit: 50 }),
      check: (content, label) => {
        const rows = content.rows as Row[];
        expect(rows, label).toContainEqual(row);
        for (const other of rows)
          expect(
            holds.every((h) => h(other)),
            `${label}: ${JSON.stringify(other)}`,
          ).toBe(true);
      },
      rows: 1,
    };
  }

  /** Without a key rows have no one order: every row, compared as a multiset, and a filter by equality. */
  private async keylessCalls(table: SqlTable, total: number): Promise<Call[]> {
    expect(total, `${table.name}: at most a page`).toBeLessThanOrEqual(1000);
    const raw = await this.ordered(table);
    const all = this.json(table, raw);
    const sorted = (rows: unknown) => (rows as Row[]).map((row) => JSON.stringify(row)).sort();
    const calls: Call[] = [
      {
        arguments: () => ({ limit: 1000 }),
        check: (content, label) => expect(sorted(content.rows), label).toEqual(sorted(all)),
        rows: all.length,
      },
    ];
    const comparable = table.columns.find(
      (c) => ["integer", "text", "bigint", "enum", "date", "uuid"].includes(c.codec.kind) && raw[0]?.[c.name] != null,
    );
    if (comparable) {
      const value = raw[0]![comparable.name];
      const matching = this.json(
        table,
        await this.direct.rows(
          `SELECT ${this.selectList(table)} FROM ${this.sqlName(table)} WHERE ${this.direct.name(comparable.name)} = ?`,
          [value],
        ),
      );
      calls.push({
        arguments: () => ({
          where: { [comparable.name]: { eq: expectedJson(value, comparable.codec, this.direct.dialect) } },
          limit: 1000,
        }),
        check: (content, label) => expect(sorted(content.rows), label).toEqual(sorted(matching)),
        rows: matching.length,
      });
    }
    return calls;
  }

  /** A row to insert: the first row's writable values (as JSON) under a key no row has; a text column to update. */
  async writable(table: SqlTable): Promise<{ row: Row; key: Row; text: string }> {
    const [first] = this.json(table, await this.ordered(table, " LIMIT 1"));
    const [keyName] = table.primaryKey!;
    const [{ next }] = (await this.direct.rows(
      `SELECT MAX(${this.direct.name(keyName!)}) + 1000 AS next FROM ${this.sqlName(table)}`,
    )) as [{ next: unknown }];
    const key = { [keyName!]: Number(next) };
    const row = Object.fromEntries(
      table.columns.filter((c) => !c.readOnly).map((c) => [c.name, c.name === keyName ? Number(next) : first![c.name]]),
    );
    const text = table.columns.find(
      (c) => c.codec.kind === "text" && !c.readOnly && !table.primaryKey!.includes(c.name),
    );
    return { row, key, text: text!.name };
  }

  /** The row with this key as the driver reads it now, in JSON; undefined when there is none. */
  async byKey(table: SqlTable, key: Row): Promise<Row | undefined> {
    const names = Object.keys(key);
    const rows = await this.direct.rows(
      `SELECT ${this.selectList(table)} FROM ${this.sqlName(table)} WHERE ${names.map((n) => `${this.direct.name(n)} = ?`).join(" AND ")}`,
      names.map((n) => key[n]),
    );
    return this.json(table, rows)[0];
  }

  /** The first row by its primary key, with the row each embedded foreign key points to. */
  async getCalls(table: SqlTable, binding: Extract<SqlBinding, { kind: "get" }>): Promise<Call[]> {
    const [raw] = await this.ordered(table, " LIMIT 1");
    const row = this.json(table, [raw!])[0]!;
    const expected: Row = { ...row };
    for (const embed of binding.embed ?? []) {
      const other = this.table(embed.table);
      const conditions = embed.on.map((pair) => `${this.direct.name(pair.otherColumn)} = ?`).join(" AND ");
      const values = embed.on.map((pair) => raw![pair.column]);
      const linked = values.some((value) => value === null)
        ? []
        : await this.direct.rows(
            `SELECT ${this.selectList(other)} FROM ${this.sqlName(other)} WHERE ${conditions}`,
            values,
          );
      expected[embed.property] =
        embed.cardinality === "one" ? (this.json(other, linked)[0] ?? null) : this.json(other, linked);
    }
    const key = Object.fromEntries(table.primaryKey!.map((name) => [name, row[name]]));
    return [
      {
        arguments: () => key,
        check: (content, label) => expect(content, label).toEqual(expected),
        rows: 1 + (binding.embed?.length ?? 0),
      },
    ];
  }
}
