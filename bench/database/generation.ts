/**
 * Introspection and generation time: each corpus database read into the IR (`loadDatabaseIR`: the catalog read live,
 * or the DDL run in PGlite) and written as a project (`generateDatabaseProject`), in this process, medians of
 * several runs after one warm-up (PGlite's start-up is paid by the warm-up).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import type * as Codegen from "../../packages/codegen/dist/index.js";
import type * as Pipeline from "../../packages/codegen/dist/pipelines/database.js";
import type * as Statements from "../../packages/codegen/dist/sources/database/shared/statements.js";

// Codegen is not a dependency of the bench package: its build is loaded from the workspace, as bench/openapi does.
const CODEGEN = fileURLToPath(new URL("../../../packages/codegen/dist/", import.meta.url));
const load = async <T>(path: string) => (await import(pathToFileURL(join(CODEGEN, path)).href)) as T;
const { PROJECT_VERSIONS } = await load<typeof Codegen>("index.js");
const { generateDatabaseProject, loadDatabaseIR } = await load<typeof Pipeline>("pipelines/database.js");
const { splitScript } = await load<typeof Statements>("sources/database/shared/statements.js");

export interface Source {
  name: string;
  /** What the bench reads, and the dialect of a DDL file. */
  input: string;
  dialect?: string;
  note?: string;
  /** Runs for a source too slow for the suite's count (then without a warm-up). */
  reps?: number;
}

/**
 * Chinook as an SQLite file; Pagila and AdventureWorks as PostgreSQL DDL. Pagila's `film_embedding` table needs the
 * pgvector extension, which PGlite (and this machine's PostgreSQL) lack: its statements are left out of a copy.
 */
export function sources(workDir: string, quick: boolean): Source[] {
  const pagila = join(workDir, "pagila-without-pgvector.sql");
  const statements = splitScript(readFileSync(corpusFile("sql/pagila-schema.sql"), "utf8"), "postgres").statements;
  writeFileSync(
    pagila,
    statements
      .filter(({ sql }) => !/\bvector\b|film_embedding/i.test(sql))
      .map(({ sql }) => `${sql};\n`)
      .join(""),
  );
  return [
    { name: "Chinook (SQLite file)", input: corpusFile("sql/chinook.sqlite") },
    { name: "Pagila (PostgreSQL DDL)", input: pagila, dialect: "postgres", note: "film_embedding (pgvector) left out" },
    // Minutes in PGlite on 2 cores: measured once, without a warm-up, and left out of --quick runs.
    ...(quick
      ? []
      : [
          {
            name: "AdventureWorks (PostgreSQL DDL)",
            input: corpusFile("sql/adventureworks-postgres-install.sql"),
            dialect: "postgres",
            reps: 1,
          },
        ]),
  ];
}

export interface GenerationResult {
  name: string;
  tables: number;
  tools: number;
  listing: string;
  toolListTokens: number;
  introspectMs: number;
  generateMs: number;
  note?: string;
}

export async function measureGeneration(source: Source, reps: number, workDir: string): Promise<GenerationResult> {
  const options = source.dialect === undefined ? {} : { source: { dialect: source.dialect } };
  const introspect: number[] = [];
  const generate: number[] = [];
  let last: Awaited<ReturnType<typeof generateDatabaseProject>> | undefined;
  const runs = source.reps ?? reps;
  const warmUp = source.reps === undefined ? 1 : 0;
  for (let run = 1 - warmUp; run <= runs; run++) {
    const out = join(workDir, `project-${run}`);
    let started = performance.now();
    await loadDatabaseIR(source.input, options);
    const introspected = performance.now() - started;
    started = performance.now();
    last = await generateDatabaseProject({
      ...options,
      input: source.input,
      out,
      cwd: workDir,
      force: false,
      recordedOptions: {},
      versions: { ...PROJECT_VERSIONS, runtime: "^0.1.0", cli: "^0.1.0" },
    });
    const generated = performance.now() - started;
    rmSync(out, { recursive: true, force: true });
    if (run === 0) continue; // warm-up
    introspect.push(introspected);
    generate.push(generated);
  }
  return {
    name: source.name,
    tables: last!.ir.database.tables.length,
    tools: last!.ir.tools.length,
    listing: last!.ir.listing,
    toolListTokens: last!.toolListTokens,
    introspectMs: median(introspect),
    generateMs: median(generate),
    ...(source.note !== undefined && { note: source.note }),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
