/**
 * Databases -> MCP: introspection + generation time for Chinook, Pagila and AdventureWorks, and the `list_<table>`
 * round trip for a 100-row page through MCP over stdio next to the plain driver and dbhub, in one run.
 *
 *   node bench/dist/run.js --only database [--quick]
 *   (or node bench/dist/database/run.js [--quick])
 *
 * The target (list_ at most 2x the plain driver) is printed PASS or MISS; results also go to
 * bench/results/database-*.json.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { type GenerationResult, measureGeneration, median, percentile, sources } from "./generation.js";
import { type Contender, DBHUB_VERSION, dbhub, driver, mcpsmith, measureRoundTrips, PAGE_SQL } from "./round-trip.js";

const quick = process.argv.includes("--quick");
const REPS = quick ? 1 : 3;
const WARM_UP = quick ? 5 : 30;
const CALLS = quick ? 30 : 300;
const log = (message: string) => process.stderr.write(`${message}\n`);
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString("en-US")} ms`;

async function main(): Promise<void> {
  log(`mcpsmith bench, databases${quick ? " (quick)" : ""}: node ${process.version}, ${cpus().length} cores`);
  const workDir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-database-"));
  const generation: GenerationResult[] = [];
  const roundTrips: { name: string; p50: number; p95: number }[] = [];
  const notes: string[] = [];
  try {
    for (const source of sources(workDir, quick)) {
      log(`${source.name}: introspection and generation, median of ${REPS}`);
      generation.push(await measureGeneration(source, REPS, workDir));
    }
    const database = join(workDir, "chinook.sqlite");
    copyFileSync(corpusFile("sql/chinook.sqlite"), database);
    const contenders: Contender[] = [driver(database), await mcpsmith(database)];
    try {
      contenders.push(await dbhub(database));
    } catch (error) {
      notes.push(`dbhub ${DBHUB_VERSION} did not start (npx -p node@22): ${(error as Error).message.split("\n")[0]}`);
    }
    log(`list_Track, 100 rows: ${WARM_UP} warm-up calls each, then ${CALLS} rounds`);
    try {
      const times = await measureRoundTrips(contenders, WARM_UP, CALLS);
      for (const [name, values] of times) roundTrips.push({ name, p50: median(values), p95: percentile(values, 95) });
    } finally {
      for (const contender of contenders) await contender.close();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  report(generation, roundTrips, notes);
}

function report(
  generation: GenerationResult[],
  roundTrips: { name: string; p50: number; p95: number }[],
  notes: string[],
) {
  const lines = [
    "",
    `Databases -> MCP${quick ? " — QUICK run" : ""}`,
    "",
    "| database | tables | tools (listing) | tools/list | introspection | generation |",
    "| --- | --: | --- | --: | --: | --: |",
  ];
  for (const g of generation) {
    lines.push(
      `| ${g.name} | ${g.tables} | ${g.tools} (${g.listing}) | ≈ ${g.toolListTokens.toLocaleString("en-US")} tokens | ${ms(g.introspectMs)} | ${ms(g.generateMs)} |`,
    );
  }
  lines.push("", `\`${PAGE_SQL}\` on Chinook (SQLite), per call:`, "", "| | p50 | p95 |", "| --- | --: | --: |");
  for (const r of roundTrips) lines.push(`| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} |`);
  const [plain, ours] = roundTrips;
  if (plain && ours) {
    const ratio = ours.p50 / plain.p50;
    lines.push(
      "",
      `list_ / plain driver (p50): ${ratio.toFixed(1)}x — target at most 2x: ${ratio <= 2 ? "PASS" : "MISS"}`,
    );
  }
  for (const g of generation) if (g.note) lines.push(`note: ${g.name}: ${g.note}`);
  for (const note of notes) lines.push(`note: ${note}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  const results = fileURLToPath(new URL("../../results/", import.meta.url));
  mkdirSync(results, { recursive: true });
  const file = join(results, `database-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ quick, node: process.version, generation, roundTrips, notes }, null, 2));
  log(`results written to ${file}`);
}

await main();
