/**
 * Every schema of the SQL corpus, read from its DDL file (PGlite, in-memory SQLite, the MySQL parser) and, where the
 * service runs, loaded into the real server and introspected live: the two readings must be equal. Also golden
 * readings of Chinook per dialect (reviewed by a person; `vitest -u` rewrites them after a deliberate change), and
 * a walk over every column of every schema that fails on a type without a mapping.
 */
import { readFileSync } from "node:fs";
import { corpusFile, portable } from "@mcpsmith/corpus";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { afterAll, describe, expect, it } from "vitest";
import { TEXT_FORMS } from "./postgres/types.js";
import type { DatabaseReading } from "./reading.js";
import { dropMysql, dropPostgres, loadMysql, loadPostgres, mysqlUp, postgresUp } from "./services.test-support.js";
import { splitScript } from "./shared/statements.js";
import { loadDatabase } from "./source.js";

const POSTGRES = [
  "chinook-postgresql",
  "northwind-postgres",
  "sakila-postgres-schema",
  "adventureworks-postgres-install",
  "pagila-schema-jsonb",
];
const MYSQL = ["chinook-mysql", "sakila-mysql-schema"];
const SQLITE = ["chinook-sqlite"];
const SLOW = { timeout: 240_000 };

const readings = new Map<string, Promise<DatabaseReading>>();
function readDdl(name: string, dialect: string): Promise<DatabaseReading> {
  let reading = readings.get(name);
  if (reading === undefined) {
    reading = loadDatabase(corpusFile(`sql/${name}.sql`), { dialect });
    readings.set(name, reading);
  }
  return reading;
}

const postgres = await postgresUp();
const mysql = await mysqlUp();
const created: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of created) await drop();
});

describe.skipIf(!postgres)("PostgreSQL DDL read by PGlite equals the live server's reading", () => {
  it.each(POSTGRES)("%s", SLOW, async (name) => {
    const file = corpusFile(`sql/${name}.sql`);
    const database = `dbsource_${name.replace(/-/g, "_")}`;
    created.push(() => dropPostgres(database));
    const started = performance.now();
    const url = await loadPostgres(database, splitScript(readFileSync(file, "utf8"), "postgres"), file);
    const loaded = performance.now();
    const live = await loadDatabase(url);
    const readLive = performance.now();
    const ddl = await readDdl(name, "postgres");
    const read = `read live in ${ms(readLive - loaded)}, DDL read by PGlite in ${ms(performance.now() - readLive)}`;
    console.info(`${name}: schema loaded into the server in ${ms(loaded - started)}, ${read}`);
    expect(ddl.database.tables.length).toBeGreaterThan(0);
    expect(live.database.tables).toEqual(ddl.database.tables);
  });
});

describe.skipIf(!mysql)("MySQL DDL read by the parser equals MariaDB's reading, views included", () => {
  it.each(MYSQL)("%s", SLOW, async (name) => {
    const file = corpusFile(`sql/${name}.sql`);
    const database = `dbsource_${name.replace(/-/g, "_")}`;
    created.push(() => dropMysql(database));
    const url = await loadMysql(database, splitScript(readFileSync(file, "utf8"), "mysql"));
    const live = await loadDatabase(url);
    const ddl = await readDdl(name, "mysql");
    expect(live.database.tables.length).toBeGreaterThan(0);
    expect(ddl.warnings.filter((w) => w.message.startsWith("view "))).toEqual([]);
    expect(live.database.tables).toEqual(inDatabase(ddl.database.tables, database));
  });
});

describe("SQLite DDL run in memory equals the database file's reading", () => {
  it("chinook-sqlite.sql and chinook.sqlite", async () => {
    const file = await loadDatabase(`sqlite:${corpusFile("sql/chinook.sqlite")}`);
    const ddl = await readDdl("chinook-sqlite", "sqlite");
    expect(file.database.tables.length).toBe(11);
    expect(file.database.tables).toEqual(ddl.database.tables);
  });
});

describe("golden readings", () => {
  it.each([
    ["chinook-postgresql", "postgres"],
    ["chinook-mysql", "mysql"],
    ["chinook-sqlite", "sqlite"],
  ])("%s", SLOW, async (name, dialect) => {
    const reading = await readDdl(name, dialect);
    await expect(`${portable(JSON.stringify(reading, null, 2))}\n`).toMatchFileSnapshot(
      `__golden__/${name}.reading.snap`,
    );
  });
});

/**
 * Types read as text on purpose in the corpus, each with the text form its schema describes (no JSON type fits
 * them better; see TEXT_FORMS in postgres/types.ts). Any other text column must be a plain string type.
 */
const DELIBERATE_TEXT: Record<string, string[]> = {
  "sakila-postgres-schema": ["tsvector"],
};

describe("every column of every corpus schema has a mapping", () => {
  const schemas = [
    ...POSTGRES.map((name) => [name, "postgres"]),
    ...MYSQL.map((name) => [name, "mysql"]),
    ...SQLITE.map((name) => [name, "sqlite"]),
  ];
  it.each(schemas)("%s", SLOW, async (name, dialect) => {
    const reading = await readDdl(name as string, dialect as string);
    expect(reading.warnings.filter((w) => w.message.includes("has no mapping"))).toEqual([]);
    const forms = new Map(Object.entries(TEXT_FORMS).map(([type, form]) => [form, type]));
    const textForms = new Set<string>();
    for (const table of reading.database.tables) {
      for (const column of table.columns.filter((c) => c.codec.kind === "text")) {
        const described = typeDescription(column.schema as { description?: string }, column.comment);
        if (described === undefined) continue;
        textForms.add(forms.get(described) ?? `${table.name}.${column.name}: ${described}`);
      }
    }
    expect([...textForms].sort()).toEqual(DELIBERATE_TEXT[name as string] ?? []);
  });
});

/** The part of a column's description that its type wrote (a comment comes first, the type's note in brackets). */
function typeDescription(schema: { description?: string }, comment: string | undefined): string | undefined {
  const description = schema.description;
  if (description === undefined || description === comment) return undefined;
  return comment === undefined ? description : description.slice(comment.length + 2, -1);
}

describe("a DDL file an engine cannot run", () => {
  it("names the file, the line and the problem (pagila needs pgvector, which PGlite does not ship)", SLOW, async () => {
    const file = corpusFile("sql/pagila-schema.sql");
    const error = await loadDatabase(file, { dialect: "postgres" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "E_DDL_INVALID" });
    const line =
      readFileSync(file, "utf8")
        .split("\n")
        .findIndex((text) => /vector\(/.test(text)) + 1;
    expect((error as Error).message).toMatch(/pagila-schema\.sql:\d+: CREATE TABLE .*vector/);
    expect(line).toBeGreaterThan(0);
  });
});

/** The DDL names its own database (Chinook, sakila); the live one is this test's: compare under the live name. */
function inDatabase(tables: SqlTable[], database: string): SqlTable[] {
  return tables.map((table) => ({
    ...table,
    schema: database,
    foreignKeys: table.foreignKeys.map((key) => ({ ...key, references: { ...key.references, schema: database } })),
  }));
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}
