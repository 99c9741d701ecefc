// `mcpsmith serve db` on the real services: Chinook (with its data) loaded into this test's own PostgreSQL and
// MariaDB databases (`dbserve_*`, dropped afterwards), served by the built CLI over stdio with the connection in
// DATABASE_URL (never on the command line), and every kind of read tool called through the official v2 and v1
// clients, rows compared with the same queries run through the plain drivers. A service that is absent skips its
// tests with a message, unless MCPSMITH_REQUIRE_SERVICES=1.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dropMysql,
  dropPostgres,
  mysqlUp,
  postgresUp,
} from "../packages/codegen/src/sources/database/services.test-support.js";
import { splitScript } from "../packages/codegen/src/sources/database/shared/statements.js";
import { type ClientKind, connectClient, type TestClient } from "./support/clients.js";
import { linkDependencies } from "./support/generated-project.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { MYSQL_URL, POSTGRES_URL } from "./support/services.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const CLIENT_KINDS: readonly ClientKind[] = ["v2 auto", "v2 legacy", "v1"];
const DATABASE = "dbserve_chinook";
const SECRET = "dbserve-not-to-be-printed";
const requireDriver = createRequire(join(ROOT, "packages/codegen/package.json"));
const pg = requireDriver("pg") as typeof import("pg");
const mysql = requireDriver("mysql2/promise") as typeof import("mysql2/promise");

const script = (name: string) => readFileSync(corpusFile(`sql/${name}.sql`), "utf8");
const rowsOf = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { rows: Record<string, unknown>[] }).rows;

/** Statements a loader leaves out: they act outside the database the test created (the script's own database). */
const OUTSIDE = /^(CREATE\s+DATABASE|DROP\s+DATABASE|USE)\b/i;
const withoutComments = (sql: string) => sql.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, "");

/** Every statement of a corpus script, rows included, through `run`; psql meta-commands are not statements. */
async function runScript(name: string, dialect: "postgres" | "mysql", run: (sql: string) => Promise<unknown>) {
  for (const { sql } of splitScript(script(name), dialect).statements) {
    if (!OUTSIDE.test(withoutComments(sql))) await run(sql);
  }
}

function inDatabase(base: string): string {
  const url = new URL(base);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function loadPostgresWithData(): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const client = new pg.Client({ connectionString: inDatabase(POSTGRES_URL) });
  await client.connect();
  try {
    await runScript("chinook-postgresql", "postgres", (sql) => client.query(sql));
  } finally {
    await client.end();
  }
  return inDatabase(POSTGRES_URL);
}

async function loadMysqlWithData(): Promise<string> {
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const connection = await mysql.createConnection({ uri: inDatabase(MYSQL_URL) });
  try {
    await runScript("chinook-mysql", "mysql", (sql) => connection.query(sql));
  } finally {
    await connection.end();
  }
  return inDatabase(MYSQL_URL);
}

interface Engine {
  name: string;
  up: () => Promise<boolean>;
  load: () => Promise<string>;
  drop: () => Promise<void>;
  /** Runs SQL on the loaded database through the plain driver. */
  direct: (url: string, sql: string) => Promise<Record<string, unknown>[]>;
  artist: { tool: string; getTool: string; id: string; table: string };
  /** The URL the server gets: with a password where the service ignores it (trust auth), to check it is hidden. */
  served: (url: string) => string;
  /** How describe names a table: schema-qualified. */
  qualified: (table: string) => string;
}

const ENGINES: Engine[] = [
  {
    name: "PostgreSQL",
    up: postgresUp,
    load: loadPostgresWithData,
    drop: () => dropPostgres(DATABASE),
    direct: async (url, sql) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    },
    artist: { tool: "list_artist", getTool: "get_artist", id: "artist_id", table: "artist" },
    served: (url) => {
      const withPassword = new URL(url);
      withPassword.password = SECRET;
      return withPassword.toString();
    },
    qualified: (table) => `public.${table}`,
  },
  {
    name: "MariaDB",
    up: mysqlUp,
    load: loadMysqlWithData,
    drop: () => dropMysql(DATABASE),
    direct: async (url, sql) => {
      const connection = await mysql.createConnection({ uri: url });
      try {
        return (await connection.query(sql))[0] as Record<string, unknown>[];
      } finally {
        await connection.end();
      }
    },
    artist: { tool: "list_Artist", getTool: "get_Artist", id: "ArtistId", table: "Artist" },
    served: (url) => url,
    qualified: (table) => `${DATABASE}.${table}`,
  },
];

for (const engine of ENGINES) {
  const up = await engine.up();
  describe.skipIf(!up)(`mcpsmith serve db on ${engine.name} (Chinook)`, () => {
    let url: string;
    beforeAll(async () => {
      url = await engine.load();
    }, 240_000);
    afterAll(async () => {
      await engine.drop();
    });
    const { tool, getTool, id, table } = engine.artist;

    it("generates a project from DATABASE_URL that type-checks and passes its own tests against it", () => {
      const workspace = mkdtempSync(join(tmpdir(), "dbserve-generate-"));
      const env = { ...process.env, NO_COLOR: "1", DATABASE_URL: engine.served(url) };
      const run = (command: string, args: string[], cwd: string) => {
        const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
        return { code: result.status, output: `${result.stdout}${result.stderr}` };
      };
      try {
        const generated = run(process.execPath, [BIN, "generate", "db", "--out", "project"], workspace);
        expect(generated.code, generated.output).toBe(0);
        expect(generated.output).not.toContain(SECRET);
        const project = join(workspace, "project");
        const manifest = readFileSync(join(project, "mcpsmith.json"), "utf8");
        expect(JSON.parse(manifest).generate[0].inputs).toEqual([]);
        expect(manifest + readFileSync(join(project, "README.md"), "utf8")).not.toContain(SECRET);
        linkDependencies(project);
        const tsc = run(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], project);
        expect(tsc.output).toBe("");
        const tests = run(join(ROOT, "node_modules/.bin/vitest"), ["run"], project);
        expect(tests.code, tests.output).toBe(0);
        expect(tests.output).toMatch(/Tests\s+13 passed/);
      } finally {
        rmSync(workspace, { recursive: true, force: true });
      }
    }, 240_000);

    describe.each(CLIENT_KINDS)("with the %s client", (kind) => {
      let client: TestClient;
      beforeAll(async () => {
        client = await connectClient(kind, {
          transport: "stdio",
          command: { ...stdioCommand(BIN, ["serve", "db"]), env: { DATABASE_URL: engine.served(url) } } as ReturnType<
            typeof stdioCommand
          >,
        });
      }, 60_000);
      afterAll(async () => {
        await client?.close();
      });

      it("lists a tool per table and kind, and never prints the connection", async () => {
        const { tools } = await client.listTools();
        const names = tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining([tool, getTool, "query", "describe"]));
        expect(names).toHaveLength(24);
        expect(client.stderr()).toContain(DATABASE);
        expect(client.stderr()).not.toContain(SECRET);
      });

      it("lists, filters and gets rows equal to the driver's", async () => {
        const page = await client.callTool({ name: tool, arguments: { limit: 5 } });
        expect(page.isError, JSON.stringify(page.content)).toBeFalsy();
        expect(rowsOf(page)).toHaveLength(5);
        expect(rowsOf(page)).toEqual(await engine.direct(url, `SELECT * FROM ${table} ORDER BY ${id} LIMIT 5`));
        const filtered = await client.callTool({
          name: tool,
          arguments: { where: { [id]: { in: [3, 50, 90] } }, order: [{ column: id, direction: "desc" }] },
        });
        expect(rowsOf(filtered)).toEqual(
          await engine.direct(url, `SELECT * FROM ${table} WHERE ${id} IN (3, 50, 90) ORDER BY ${id} DESC`),
        );
        const one = await client.callTool({ name: getTool, arguments: { [id]: 50 } });
        expect(one.structuredContent).toEqual((await engine.direct(url, `SELECT * FROM ${table} WHERE ${id} = 50`))[0]);
      });

      it("runs read-only SQL, refuses writes, and describes", async () => {
        const sql = `SELECT COUNT(*) AS n FROM ${table}`;
        const counted = await client.callTool({ name: "query", arguments: { sql } });
        expect(counted.isError, JSON.stringify(counted.content)).toBeFalsy();
        expect(Number(rowsOf(counted)[0]!.n)).toBe(275);
        const refused = await client.callTool({ name: "query", arguments: { sql: `DELETE FROM ${table}` } });
        expect(refused.isError).toBe(true);
        expect(Number((await engine.direct(url, sql))[0]!.n)).toBe(275);
        const described = await client.callTool({ name: "describe", arguments: { table: engine.qualified(table) } });
        expect(described.structuredContent).toMatchObject({ primaryKey: [id] });
      });
    });
  });
}
