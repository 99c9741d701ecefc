/**
 * Databases -> MCP: introspection + generation time for Chinook, Pagila and AdventureWorks, and the `list_<table>`
 * round trip for a 100-row page of Chinook's Track through MCP over stdio, on SQLite, PostgreSQL and MariaDB: mcpsmith
 * with a legacy (2025-11-25) client and a 2026-07-28 client, dbhub on the same database, and on SQLite the plain
 * driver, the floor (an SDK server answering the same bytes without work, in both eras) and the reading floor (a
 * server with no library that reads the page and answers it, with a legacy client), in one run.
 *
 *   node bench/dist/run.js --only database [--quick] [--round-trip] [--engines sqlite,postgres,mysql]
 *     [--profile [--engine sqlite|postgres|mysql] [--era legacy|2026-07-28] [--on-dbhub-node]] [--baseline DIR]
 *     [--warm-up N]
 *   (or node bench/dist/database/run.js [...])
 *
 * `--warm-up N` makes each contender answer N calls before the measured rounds (default 30). `--round-trip` leaves
 * introspection and generation out. `--engines` picks the engines (default: all three; an engine whose service does
 * not answer is left out with a note). `--baseline DIR` adds the round trip of another
 * built checkout of mcpsmith (the commit before a change) to the same rounds, on each Node mcpsmith runs on.
 * `--profile` measures mcpsmith alone, its server under `--cpu-prof` and this client under the inspector's profiler,
 * and prints where each spent the measured calls; `--on-dbhub-node` runs that server on dbhub's Node (where the
 * targets are judged) instead of the bench's. The targets (list_ at most dbhub's p50 on each engine and era, on
 * dbhub's Node; on SQLite, within 1.2x of the floor of the same era and Node) are printed PASS or MISS; results also
 * go to bench/results/database-*.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CpuProfile, formatSummary, type ProfileWindow, summarize, summarizeFile } from "../runtime/profile.js";
import { type Engine, type EngineName, mysqlEngine, postgresEngine, sqliteEngine } from "./engines.js";
import { type GenerationResult, measureGeneration, median, percentile, sources } from "./generation.js";
import {
  BENCH_NODE,
  type Contender,
  DBHUB_VERSION,
  dbhub,
  dbhubNode,
  driver,
  ERAS,
  type Era,
  floor,
  mcpsmith,
  measureRoundTrips,
  reader,
  type ServerNode,
  sqliteEngineOn,
} from "./round-trip.js";
import { measureStartups, type StartupFigures, starters } from "./startup.js";

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const quick = process.argv.includes("--quick");
const roundTripOnly = process.argv.includes("--round-trip");
const profile = process.argv.includes("--profile");
const baseline = option("--baseline");
const engineNames = (option("--engines") ?? option("--engine") ?? "sqlite,postgres,mysql").split(",") as EngineName[];
const profileEra = (option("--era") ?? "legacy") as Era;
const profileOnDbhubNode = process.argv.includes("--on-dbhub-node");
const REPS = quick ? 1 : 3;
// 30 calls leave a server's per-request code where V8 first runs it (interpreted, then Sparkplug's baseline code):
// TurboFan optimises a function once it has run about 3,000 times (Node 22), so `--warm-up 3000` measures a server
// that has been up a while, and the default the first hundreds of calls of a host's session.
const WARM_UP = Number(option("--warm-up") ?? (quick ? 5 : 30));
if (!Number.isInteger(WARM_UP) || WARM_UP < 1)
  throw new Error(`--warm-up takes a whole number of calls, not ${option("--warm-up")}`);
// Server CPU is read in 10 ms clock ticks: 100 calls read it to 0.1 ms a call.
const CALLS = quick ? 100 : 300;
/** Start-up runs of each server in each era (SQLite). */
const STARTUP_RUNS = quick ? 3 : 11;

interface RoundTripFigures {
  engine: string;
  name: string;
  /** What the row is, for the targets: mcpsmith in an era, the floor in an era, dbhub, or another row. */
  role: "mcpsmith" | "floor" | "reader" | "dbhub" | "other";
  era?: Era;
  /** The Node version the server runs on (mcpsmith, the floor, dbhub). */
  node?: string;
  p50: number;
  p95: number;
  serverCpuMs?: number;
  mainThreadCpuMs?: number;
  clientCpuMs: number;
}
const log = (message: string) => process.stderr.write(`${message}\n`);
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : Math.round(value).toLocaleString("en-US")} ms`;

async function openEngine(name: EngineName, workDir: string): Promise<Engine> {
  if (name === "sqlite") return sqliteEngine(workDir);
  if (name === "postgres") return postgresEngine();
  if (name === "mysql") return mysqlEngine();
  throw new Error(`--engines takes sqlite, postgres and mysql, not ${name}`);
}

async function main(): Promise<void> {
  log(`mcpsmith bench, databases${quick ? " (quick)" : ""}: node ${process.version}, ${cpus().length} cores`);
  const workDir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-database-"));
  const generation: GenerationResult[] = [];
  const roundTrips: RoundTripFigures[] = [];
  const startups: StartupFigures[] = [];
  const notes: string[] = [];
  const load: number[][] = [];
  try {
    if (profile) {
      const engine = await openEngine(engineNames[0]!, workDir);
      try {
        await profileRoundTrip(engine, workDir);
      } finally {
        await engine.drop();
      }
      return;
    }
    if (!roundTripOnly) {
      for (const source of sources(workDir, quick)) {
        log(`${source.name}: introspection and generation, median of ${REPS}`);
        generation.push(await measureGeneration(source, REPS, workDir));
      }
    }
    const nodes = await serverNodes(notes);
    for (const name of engineNames) {
      let engine: Engine;
      try {
        engine = await openEngine(name, workDir);
      } catch (error) {
        notes.push(`${name}: Chinook could not be loaded, left out: ${(error as Error).message.split("\n")[0]}`);
        continue;
      }
      try {
        load.push(loadavg());
        roundTrips.push(...(await engineRoundTrips(engine, workDir, notes, nodes)));
        if (engine.name === "sqlite") {
          log(`${engine.title}: start-up to the first tools/list, median of ${STARTUP_RUNS}`);
          const answer = join(workDir, "answer.json");
          startups.push(...(await measureStartups(starters(engine, answer, baseline), ERAS, STARTUP_RUNS)));
        }
      } finally {
        await engine.drop();
      }
    }
    load.push(loadavg());
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  report(generation, roundTrips, startups, notes, load);
}

/** The Nodes mcpsmith's servers run on: the bench's and, where it is another, dbhub's. */
interface ServerNodes {
  all: ServerNode[];
  /** dbhub's, when npx could tell it. */
  hub?: ServerNode;
}

async function serverNodes(notes: string[]): Promise<ServerNodes> {
  try {
    const hub = await dbhubNode();
    return { all: hub.version === BENCH_NODE.version ? [BENCH_NODE] : [BENCH_NODE, hub], hub };
  } catch (error) {
    notes.push(`npx -p node@22 did not answer, so mcpsmith ran on ${BENCH_NODE.version} only: ${firstLine(error)}`);
    return { all: [BENCH_NODE] };
  }
}

const firstLine = (error: unknown) => (error as Error).message.split("\n")[0];

/** One engine's contenders, all open at once and called in alternating rounds. */
async function engineRoundTrips(
  engine: Engine,
  workDir: string,
  notes: string[],
  nodes: ServerNodes,
): Promise<RoundTripFigures[]> {
  const contenders: (Contender & { role: RoundTripFigures["role"]; era?: Era; node?: string })[] = [];
  const figures: RoundTripFigures[] = [];
  const sqlite = engine.name === "sqlite";
  try {
    if (sqlite) contenders.push({ ...driver(engine), role: "other" });
    for (const node of nodes.all) {
      const sqliteEngine = sqlite ? await sqliteEngineOn(node) : undefined;
      for (const era of ERAS) {
        const ours = await mcpsmith(engine, era, { node, sqliteEngine });
        contenders.push({ ...ours, role: "mcpsmith", era, node: node.version });
      }
    }
    if (sqlite) {
      // The floor answers what mcpsmith answered, byte for byte, on each Node mcpsmith ran on.
      const ours = contenders.find((c) => c.role === "mcpsmith")!;
      const answer = join(workDir, "answer.json");
      writeFileSync(answer, JSON.stringify(await ours.call()));
      for (const node of nodes.all) {
        for (const era of ERAS) {
          const least = await floor(answer, engine.listTool, era, node);
          contenders.push({ ...least, role: "floor", era, node: node.version });
        }
        contenders.push({ ...(await reader(engine, answer, node)), role: "reader", era: "legacy", node: node.version });
      }
    }
    try {
      contenders.push({ ...(await dbhub(engine, nodes.hub)), role: "dbhub", node: nodes.hub?.version });
    } catch (error) {
      notes.push(
        `${engine.title}: dbhub ${DBHUB_VERSION} did not start (npx -p node@22): ${(error as Error).message.split("\n")[0]}`,
      );
    }
    if (baseline !== undefined) {
      for (const node of nodes.all) {
        const sqliteEngine = sqlite ? await sqliteEngineOn(node) : undefined;
        for (const era of ERAS) {
          const before = await mcpsmith(engine, era, { checkout: baseline, node, sqliteEngine });
          contenders.push({ ...before, role: "other", era, node: node.version });
        }
      }
    }
    log(`${engine.title}, ${engine.listTool}, 100 rows: ${WARM_UP} warm-up calls each, then ${CALLS} rounds`);
    const measured = await measureRoundTrips(contenders, WARM_UP, CALLS);
    for (const c of contenders) {
      const { times, ...cpu } = measured.get(c.name)!;
      figures.push({
        engine: engine.title,
        name: c.name,
        role: c.role,
        ...(c.era && { era: c.era }),
        ...(c.node && { node: c.node }),
        p50: median(times),
        p95: percentile(times, 95),
        ...cpu,
      });
    }
  } finally {
    for (const contender of contenders) await contender.close();
  }
  return figures;
}

/**
 * mcpsmith alone, `CALLS` calls after the warm-up: its server under `--cpu-prof` (one profile per thread: the main
 * thread and, on SQLite, the worker), this client under the inspector's profiler; each summary covers the measured
 * calls only.
 */
async function profileRoundTrip(engine: Engine, workDir: string): Promise<void> {
  const profiles = join(workDir, "profiles");
  // Sampled every 100 µs (V8's default is 1 ms): a call takes about 1 ms, so the default gives one sample a call.
  const flags = ["--cpu-prof", "--cpu-prof-interval", "100", "--cpu-prof-dir", profiles];
  const node = profileOnDbhubNode ? await dbhubNode() : BENCH_NODE;
  const sqliteEngine = engine.name === "sqlite" ? await sqliteEngineOn(node) : undefined;
  const ours = await mcpsmith(engine, profileEra, { nodeFlags: flags, node, sqliteEngine });
  log(`profiling ${ours.name}`);
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
  for (let waited = 0; waited < 10_000 && !hasProfiles(profiles, 1); waited += 100) await sleep(100);
  await sleep(500);
  // Named CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is a process's main thread. A process that
  // ended before the measured calls (one the CLI ran while starting) has no samples in the window.
  const thread = (file: string) => Number(file.split(".")[4]);
  const files = existsSync(profiles) ? readdirSync(profiles).filter((f) => f.endsWith(".cpuprofile")) : [];
  files.sort((a, b) => thread(a) - thread(b));
  for (const file of files) {
    const title = `${thread(file) === 0 ? "server, main thread" : "server, SQLite worker thread"} (${file})`;
    console.log(`\n${formatSummary(title, summarizeFile(join(profiles, file), 20, window))}`);
  }
  console.log(`\n${formatSummary("client (the official v2 client, this process)", summarize(client, 20, window))}`);
}

function hasProfiles(dir: string, count: number): boolean {
  return existsSync(dir) && readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")).length >= count;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function report(
  generation: GenerationResult[],
  roundTrips: RoundTripFigures[],
  startups: StartupFigures[],
  notes: string[],
  load: number[][],
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
  const cpu = (value: number | undefined) => (value === undefined ? "–" : `${value.toFixed(2)} ms`);
  const targets: string[] = [];
  for (const engine of [...new Set(roundTrips.map((r) => r.engine))]) {
    const rows = roundTrips.filter((r) => r.engine === engine);
    lines.push(
      "",
      `A 100-row page of Chinook's Track on ${engine}, per call after ${WARM_UP} warm-up calls each (CPU: server process` +
        " tree, its main thread, client process):",
      "",
      "| | p50 | p95 | server CPU | server main thread | client CPU |",
      "| --- | --: | --: | --: | --: | --: |",
    );
    for (const r of rows) {
      lines.push(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${cpu(r.serverCpuMs)} | ${cpu(r.mainThreadCpuMs)} | ${cpu(r.clientCpuMs)} |`,
      );
    }
    const hub = rows.find((r) => r.role === "dbhub");
    for (const ours of rows.filter((r) => r.role === "mcpsmith")) {
      const where = `${engine}, ${ours.era} client, mcpsmith on Node ${ours.node?.slice(1)}`;
      if (hub) {
        const ratio = ours.p50 / hub.p50;
        // The target compares servers on the same Node; dbhub needs 22, so on the bench's 20 the ratio is told only.
        targets.push(
          ours.node === hub.node
            ? `${where}: list_ / dbhub (p50) ${ratio.toFixed(2)}x — target at most 1x: ${ratio <= 1 ? "PASS" : "MISS"}`
            : `${where}: list_ / dbhub (p50) ${ratio.toFixed(2)}x — dbhub runs on another Node (for information)`,
        );
      }
      const least = rows.find((r) => r.role === "floor" && r.era === ours.era && r.node === ours.node);
      if (least) {
        const ratio = ours.p50 / least.p50;
        targets.push(
          `${where}: list_ / floor (p50) ${ratio.toFixed(2)}x — target at most 1.2x: ${ratio <= 1.2 ? "PASS" : "MISS"}`,
        );
      }
      // What the read costs by itself: the reading floor against the floor, and mcpsmith against the reading floor.
      const reading = rows.find((r) => r.role === "reader" && r.era === ours.era && r.node === ours.node);
      if (reading && least) {
        targets.push(
          `${where}: reading floor / floor (p50) ${(reading.p50 / least.p50).toFixed(2)}x, list_ / reading floor ` +
            `${(ours.p50 / reading.p50).toFixed(2)}x (for information)`,
        );
      }
    }
  }
  lines.push(...startupReport(startups), "", ...targets);
  const avg = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ");
  lines.push(`load average (1, 5, 15 min) at each engine's start and at the end: ${load.map(avg).join(" | ")}`);
  for (const g of generation) if (g.note) lines.push(`note: ${g.name}: ${g.note}`);
  for (const note of notes) lines.push(`note: ${note}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  const results = fileURLToPath(new URL("../../results/", import.meta.url));
  mkdirSync(results, { recursive: true });
  const file = join(results, `database-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { quick, warmUp: WARM_UP, node: process.version, loadAverage: load, generation, roundTrips, startups, notes },
      null,
      2,
    ),
  );
  log(`results written to ${file}`);
}

/** The start-up table (SQLite), one row per server, both eras, and each server's figures against the floor's. */
function startupReport(startups: StartupFigures[]): string[] {
  if (startups.length === 0) return [];
  const lines = [
    "",
    `Start-up of a server on Chinook's SQLite file (Node ${process.version.slice(1)}), from spawn to the first ` +
      `tools/list answer, median of ${STARTUP_RUNS} alternated runs: wall / server CPU, and / the floor's wall`,
    "",
    `| | ${ERAS.map((era) => `${era} opening`).join(" | ")} |`,
    `| --- |${ERAS.map(() => " --: |").join("")}`,
  ];
  for (const name of [...new Set(startups.map((s) => s.name))]) {
    const cells = ERAS.map((era) => {
      const own = startups.find((s) => s.name === name && s.era === era);
      const least = startups.find((s) => s.role === "floor" && s.era === era);
      if (own === undefined) return "–";
      const ratio = least === undefined || own === least ? "" : ` (${(own.startupMs / least.startupMs).toFixed(2)}x)`;
      return `${Math.round(own.startupMs)} / ${Math.round(own.startupCpuMs)} ms${ratio}`;
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return lines;
}

await main();
