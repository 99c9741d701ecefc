// The SQL corpus as the database tests serve it: each schema, the engine it runs on, and how it is loaded into its
// own database (`dbcorpus_*`): the script's statements with its data where it has some, then rows seeded into every
// table left empty (support/database-seed.ts) so every tool has rows to return.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { loadDatabase } from "../../packages/codegen/dist/sources/database/index.js";
import {
  dropMysql,
  dropPostgres,
  loadMysql,
  loadPostgres,
} from "../../packages/codegen/src/sources/database/services.test-support.js";
import { withoutLeadingComments } from "../../packages/codegen/src/sources/database/shared/script.js";
import { type SplitScript, splitScript } from "../../packages/codegen/src/sources/database/shared/statements.js";
import type { SqlDialect } from "../../packages/runtime/src/executors/sql/model.js";
import { openDirect } from "./database-direct.js";
import { seedEmptyTables } from "./database-seed.js";
import { POSTGRES_URL } from "./services.js";

export interface CorpusSchema {
  /** How the tests name it: the corpus file, and the schema when one file holds several. */
  id: string;
  /** The corpus file under `sql/`, without `.sql`. */
  file: string;
  dialect: SqlDialect;
  /** The database it is loaded into (several schemas of one file share it). */
  database: string;
  /** `--schema` for serve and generate: one PostgreSQL schema of a file that has several. */
  schema?: string;
  /** The table whose write tools (`--writes`) the test runs: one per engine. */
  writes?: string;
}

const ADVENTUREWORKS_SCHEMAS = ["humanresources", "person", "production", "purchasing", "sales"];

export const CORPUS_SCHEMAS: readonly CorpusSchema[] = [
  { id: "chinook-postgresql", file: "chinook-postgresql", dialect: "postgres", database: "dbcorpus_chinook" },
  { id: "chinook-mysql", file: "chinook-mysql", dialect: "mysql", database: "dbcorpus_chinook" },
  { id: "chinook-sqlite", file: "chinook-sqlite", dialect: "sqlite", database: "dbcorpus_chinook", writes: "Track" },
  {
    id: "pagila-schema",
    file: "pagila-schema",
    dialect: "postgres",
    database: "dbcorpus_pagila",
  },
  { id: "pagila-schema-jsonb", file: "pagila-schema-jsonb", dialect: "postgres", database: "dbcorpus_pagila_jsonb" },
  {
    id: "sakila-postgres-schema",
    file: "sakila-postgres-schema",
    dialect: "postgres",
    database: "dbcorpus_sakila",
    writes: "film",
  },
  {
    id: "sakila-mysql-schema",
    file: "sakila-mysql-schema",
    dialect: "mysql",
    database: "dbcorpus_sakila",
    writes: "film",
  },
  { id: "northwind-postgres", file: "northwind-postgres", dialect: "postgres", database: "dbcorpus_northwind" },
  ...ADVENTUREWORKS_SCHEMAS.map((schema) => ({
    id: `adventureworks-postgres-install (${schema})`,
    file: "adventureworks-postgres-install",
    dialect: "postgres" as const,
    database: "dbcorpus_adventureworks",
    schema,
  })),
];

export interface LoadedDatabase {
  /** The connection the server gets (never on a command line). */
  url: string;
  /** What differs from the script as written, said in the test's output (a table left out and why). */
  notes: string[];
  /** Tables seeded because the script has no rows for them, with their row counts. */
  seeded: Map<string, number>;
  drop(): Promise<void>;
}

const loads = new Map<string, Promise<LoadedDatabase>>();

/** The schema's database, loaded and seeded once however many schemas of the test share it. */
export function loadCorpusDatabase(schema: CorpusSchema): Promise<LoadedDatabase> {
  const key = `${schema.dialect}:${schema.database}`;
  let loaded = loads.get(key);
  if (loaded === undefined) {
    // A script that fails midway leaves its database behind: dropped before the failure is reported.
    loaded = load(schema).catch(async (error: unknown) => {
      await (schema.dialect === "postgres"
        ? dropPostgres(schema.database)
        : schema.dialect === "mysql"
          ? dropMysql(schema.database)
          : undefined);
      throw error;
    });
    loads.set(key, loaded);
  }
  return loaded;
}

/** Drops every database loaded so far. */
export async function dropCorpusDatabases(): Promise<void> {
  for (const loaded of loads.values()) await (await loaded.catch(() => undefined))?.drop();
  loads.clear();
}

/**
 * What PostgreSQL 18 added that a corpus script uses (Pagila's dump: `uuidv7()` defaults and a VIRTUAL generated
 * column), each replaced by its closest older equivalent when the server predates it, and said in the notes: the
 * catalog the reader sees keeps the same tables, columns, types and generated-ness.
 */
const BEFORE_POSTGRES_18: readonly { pattern: RegExp; replacement: string; note: string }[] = [
  {
    pattern: /\buuidv7\(\)/g,
    replacement: "gen_random_uuid()",
    note: "uuidv7() defaults (PostgreSQL 18) written as gen_random_uuid()",
  },
  {
    pattern: /(\bGENERATED\s+ALWAYS\s+AS\s*\((?:[^()]|\([^()]*\))*\))\s+VIRTUAL\b/gi,
    replacement: "$1 STORED",
    note: "VIRTUAL generated columns (PostgreSQL 18) written as STORED",
  },
];

async function forThisServer(script: SplitScript, notes: string[]): Promise<SplitScript> {
  const direct = await openDirect("postgres", POSTGRES_URL);
  const [row] = await direct.rows("SELECT current_setting('server_version_num') AS version");
  await direct.close();
  if (Number(row!.version) >= 180000) return script;
  const used = new Set<string>();
  const statements = script.statements.map((statement) => {
    let sql = statement.sql;
    for (const { pattern, replacement, note } of BEFORE_POSTGRES_18) {
      const next = sql.replace(pattern, replacement);
      if (next !== sql) used.add(note);
      sql = next;
    }
    return { ...statement, sql };
  });
  for (const note of used) notes.push(`${note}: the server is ${row!.version}`);
  return { ...script, statements };
}

const DATA = /^INSERT\b/i;

async function load(schema: CorpusSchema): Promise<LoadedDatabase> {
  const file = corpusFile(`sql/${schema.file}.sql`);
  const text = readFileSync(file, "utf8");
  const notes: string[] = [];
  let url: string;
  let drop: () => Promise<void>;
  if (schema.dialect === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), "dbcorpus-"));
    url = `sqlite:${join(folder, `${schema.database}.sqlite`)}`;
    drop = async () => rmSync(folder, { recursive: true, force: true });
    const direct = await openDirect("sqlite", url);
    await direct.run(text);
    await direct.close();
  } else {
    const split = splitScript(text, schema.dialect);
    const script =
      schema.dialect === "postgres" ? await forThisServer(await withoutMissingExtensions(split, notes), notes) : split;
    url =
      schema.dialect === "postgres"
        ? await loadPostgres(schema.database, script, file)
        : await loadMysql(schema.database, script);
    drop = () => (schema.dialect === "postgres" ? dropPostgres(schema.database) : dropMysql(schema.database));
    // The loaders read schemas: the script's rows follow, with foreign keys unchecked (dumps order rows by table).
    const data = script.statements.filter((statement) => DATA.test(withoutLeadingComments(statement.sql)));
    if (data.length > 0) {
      const direct = await openDirect(schema.dialect, url);
      try {
        await direct.run(
          schema.dialect === "postgres" ? "SET session_replication_role = replica" : "SET FOREIGN_KEY_CHECKS = 0",
        );
        for (const statement of data) await direct.run(statement.sql);
      } finally {
        await direct.close();
      }
    }
  }
  const reading = await loadDatabase(url);
  const direct = await openDirect(schema.dialect, url);
  try {
    const seeded = await seedEmptyTables(direct, reading.database);
    return { url, notes, seeded, drop };
  } finally {
    await direct.close();
  }
}

/**
 * The script without what needs an extension this server cannot create (pgvector for Pagila's film_embedding, on a
 * server without it): the CREATE EXTENSION, the tables whose columns use its types, and every statement naming
 * them. Each is said in the notes; nothing is left out when the extension is there.
 */
const CREATE_EXTENSION = /^CREATE\s+EXTENSION\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"([^"]+)"|(\w+))/i;

async function withoutMissingExtensions(script: SplitScript, notes: string[]): Promise<SplitScript> {
  const wanted = script.statements
    .map((statement) => CREATE_EXTENSION.exec(withoutLeadingComments(statement.sql)))
    .filter((match) => match !== null)
    .map((match) => match[1] ?? match[2]!);
  if (wanted.length === 0) return script;
  const direct = await openDirect("postgres", POSTGRES_URL);
  const available = new Set(
    (await direct.rows("SELECT name FROM pg_available_extensions")).map((row) => String(row.name)),
  );
  await direct.close();
  const missing = wanted.filter((name) => !available.has(name));
  if (missing.length === 0) return script;
  const mentions = (sql: string, names: string[]) =>
    names.some((name) => new RegExp(`(^|[^\\w-])${name.replace(/[^\w]/g, "\\$&")}($|[^\\w-])`, "i").test(sql));
  const tables = script.statements
    .map((statement) => withoutLeadingComments(statement.sql))
    .filter((sql) => /^CREATE\s+TABLE\b/i.test(sql) && mentions(sql, missing))
    .map((sql) => /^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:[\w"]+\.)?"?(\w+)"?/i.exec(sql)?.[1] ?? "");
  for (const name of missing) {
    notes.push(
      `the ${name} extension is not available on this PostgreSQL server: left out with the tables using its types (${tables.join(", ")})`,
    );
  }
  const names = [...missing, ...tables];
  return { ...script, statements: script.statements.filter((statement) => !mentions(statement.sql, names)) };
}
