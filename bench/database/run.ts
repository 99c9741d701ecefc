/**
 * Databases -> MCP: introspection + generation time for Chinook, Pagila and AdventureWorks, and the `list_<table>`
 * round trip for a 100-row page through MCP over stdio next to the plain driver, the floor (an SDK server answering
 * the same bytes without work) and dbhub, in one run.
 *
 *   node bench/dist/run.js --only database [--quick] [--round-trip] [--profile] [--baseline DIR]
 *   (or node bench/dist/database/run.js [...])
 *
 * `--round-trip` leaves introspection and generation out. `--baseline DIR` adds the round trip of another built
 * checkout of mcpsmith (the commit before a change) to the same rounds. `--profile` measures mcpsmith alone, its server under
 * `--cpu-prof` and this client under the inspector's profiler, and prints where each spent the measured calls.
 * The target (list_ at most 2x the plain driver) is printed PASS or MISS; results also go to
 * bench/results/database-*.json.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { type CpuProfile, formatSummary, type ProfileWindow, summarize, summarizeFile } from "../runtime/profile.js";
import { type GenerationResult, measureGeneration, median, percentile, sources } from "./generation.js";
import {
  type Contender,
  DBHUB_VERSION,
  dbhub,
  driver,
  floor,
  mcpsmith,
  measureRoundTrips,
  PAGE_SQL,
} from "./round-trip.js";

const quick = process.argv.includes("--quick");
const roundTripOnly = process.argv.includes("--round-trip");
const profile = process.argv.includes("--profile");
const baselineAt = process.argv.indexOf("--baseline");
const baseline = baselineAt >= 0 ? process.argv[baselineAt + 1] : undefined;
const REPS = quick ? 1 : 3;
const WARM_UP = quick ? 5 : 30;
// Server CPU is read in 10 ms clock ticks: 100 calls read it to 0.1 ms a call.
const CALLS = quick ? 100 : 300;

interface RoundTripFigures {
  name: string;
  p50: number;
  p95: number;
  serverCpuMs?: number;
  mainThreadCpuMs?: number;
  clientCpuMs: number;
}
const log = (message: string) => process.stderr.write(`${message}\n`);
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString("en-US")} ms`;

async function main(): Promise<void> {
  log(`mcpsmith bench, databases${quick ? " (quick)" : ""}: node ${process.version}, ${cpus().length} cores`);
  const workDir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-database-"));
  const generation: GenerationResult[] = [];
  const roundTrips: RoundTripFigures[] = [];
  const notes: string[] = [];
  try {
    const database = join(workDir, "chinook.sqlite");
    copyFileSync(corpusFile("sql/chinook.sqlite"), database);
    if (profile) {
      await profileRoundTrip(database, workDir);
      return;
    }
    if (!roundTripOnly) {
      for (const source of sources(workDir, quick)) {
        log(`${source.name}: introspection and generation, median of ${REPS}`);
        generation.push(await measureGeneration(source, REPS, workDir));
      }
    }
    const ours = await mcpsmith(database);
    const contenders: Contender[] = [driver(database), ours];
    try {
      // The floor answers what mcpsmith answered, byte for byte.
      await ours.call();
      const answer = join(workDir, "answer.json");
      writeFileSync(answer, JSON.stringify(ours.last?.()));
      contenders.push(await floor(answer));
      try {
        contenders.push(await dbhub(database));
      } catch (error) {
        notes.push(`dbhub ${DBHUB_VERSION} did not start (npx -p node@22): ${(error as Error).message.split("\n")[0]}`);
      }
      if (baseline !== undefined) contenders.push(await mcpsmith(database, [], baseline));
      log(`list_Track, 100 rows: ${WARM_UP} warm-up calls each, then ${CALLS} rounds`);
      const measured = await measureRoundTrips(contenders, WARM_UP, CALLS);
      for (const [name, { times, ...cpu }] of measured) {
        roundTrips.push({ name, p50: median(times), p95: percentile(times, 95), ...cpu });
      }
    } finally {
      for (const contender of contenders) await contender.close();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  report(generation, roundTrips, notes);
}

/**
 * mcpsmith alone, `CALLS` calls after the warm-up: its server under `--cpu-prof` (one profile per thread: the main
 * thread and the SQLite worker), this client under the inspector's profiler; each summary covers the measured calls
 * only.
 */
async function profileRoundTrip(database: string, workDir: string): Promise<void> {
  const profiles = join(workDir, "profiles");
  const ours = await mcpsmith(database, ["--cpu-prof", "--cpu-prof-dir", profiles]);
  const session = new Session();
  let client: CpuProfile;
  let window: ProfileWindow;
  const times: number[] = [];
  try {
    for (let i = 0; i < WARM_UP; i++) await ours.call();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    const from = Number(process.hrtime.bigint() / 1000n);
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await ours.call();
      times.push(performance.now() - started);
    }
    window = { fromMicros: from, toMicros: Number(process.hrtime.bigint() / 1000n) };
    client = (await session.post("Profiler.stop")).profile as CpuProfile;
  } finally {
    session.disconnect();
    await ours.close();
  }
  // The server writes its profiles as it exits, after its stdin closed.
  for (let waited = 0; waited < 10_000 && !hasProfiles(profiles, 2); waited += 100) await sleep(100);
  const files = existsSync(profiles)
    ? readdirSync(profiles)
        .filter((f) => f.endsWith(".cpuprofile"))
        .sort()
    : [];
  log(`mcpsmith list_Track, ${CALLS} calls: p50 ${ms(median(times))}, p95 ${ms(percentile(times, 95))}`);
  const threads = ["server, main thread", "server, SQLite worker thread"];
  files.forEach((file, i) => {
    const title = `${threads[i] ?? `server, thread ${i + 1}`} (${file})`;
    console.log(`\n${formatSummary(title, summarizeFile(join(profiles, file), 20, window))}`);
  });
  console.log(`\n${formatSummary("client (the official v2 client, this process)", summarize(client, 20, window))}`);
}

function hasProfiles(dir: string, count: number): boolean {
  return existsSync(dir) && readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).length >= count;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function report(generation: GenerationResult[], roundTrips: RoundTripFigures[], notes: string[]) {
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
  lines.push(
    "",
    `\`${PAGE_SQL}\` on Chinook (SQLite), per call (CPU: server process tree, its main thread, client process):`,
    "",
    "| | p50 | p95 | server CPU | server main thread | client CPU |",
    "| --- | --: | --: | --: | --: | --: |",
  );
  const cpu = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(2)} ms`);
  for (const r of roundTrips) {
    lines.push(
      `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${cpu(r.serverCpuMs)} | ${cpu(r.mainThreadCpuMs)} | ${cpu(r.clientCpuMs)} |`,
    );
  }
  const [plain, ours, least] = roundTrips;
  if (plain && ours) {
    const ratio = ours.p50 / plain.p50;
    lines.push(
      "",
      `list_ / plain driver (p50): ${ratio.toFixed(1)}x — target at most 2x: ${ratio <= 2 ? "PASS" : "MISS"}`,
    );
    if (least) {
      lines.push(
        `floor / plain driver (p50): ${(least.p50 / plain.p50).toFixed(1)}x; list_ / floor: ${(ours.p50 / least.p50).toFixed(1)}x`,
      );
    }
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
