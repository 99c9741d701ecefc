/**
 * Schema extraction from TypeScript types: mcpsmith against typescript-json-schema 0.68 and
 * ts-json-schema-generator 2.10 on the same generated project (10, 100 and 1,000 tools), side by side in one run.
 *
 *   node bench/dist/run.js --only typescript [--quick] [--sizes 10,100,1000]
 *   (or node bench/dist/typescript/run.js with the same flags)
 *
 * Cold: each extractor in a fresh process, from importing the library to every asked-for schema in memory, with
 * the process's peak RSS; mcpsmith also as the first run on a machine (its compiler's code cache empty). Incremental: mcpsmith re-extracting after one file of the project is edited, as
 * `mcpsmith dev` does. Medians of several runs; the issue's targets checked and printed PASS or MISS.
 * Results are also written to bench/results/typescript-*.json.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractorName } from "./extractors/extractor.js";
import { EXTRACTORS } from "./extractors/index.js";
import { mcpsmithBuild } from "./extractors/mcpsmith.js";
import { writeFixture } from "./fixture/project.js";
import { measureCold, measureFirstRuns, measureIncremental } from "./measure.js";
import { coldTable, incrementalTable, PEERS, type SizeResult, schemaNotes, settingsLines } from "./report.js";

const resultsDir = fileURLToPath(new URL("../../results/", import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
// The peers read the project's tsconfig as their users run them; with --trim-peers, without its ambient types
// packages (`types: []`), which mcpsmith's extractor leaves out on its own.
const trimPeers = argv.includes("--trim-peers");
const SETTINGS = quick
  ? { sizes: [10, 100], reps: { 10: 1, 100: 1 } as Record<number, number>, incrementalRuns: 1, edits: 3 }
  : {
      sizes: [10, 100, 1000],
      reps: { 10: 5, 100: 5, 1000: 5 } as Record<number, number>,
      incrementalRuns: 3,
      edits: 5,
    };
// `--sizes 10,1000`: a subset of the sizes (each keeps its number of runs; unknown sizes get 3).
if (argv.includes("--sizes")) {
  SETTINGS.sizes = argv[argv.indexOf("--sizes") + 1]!.split(",").map(Number);
  for (const size of SETTINGS.sizes) {
    if (!Number.isSafeInteger(size) || size < 1) throw new Error(`--sizes takes tool counts like 10,100; got ${size}`);
    SETTINGS.reps[size] ??= quick ? 1 : 3;
  }
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** The commit measured (the extractor changes under it as it is developed). */
function commit(): string {
  try {
    return execFileSync("git", ["log", "-1", "--format=%h %cI"], { encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    return "unknown";
  }
}

function machine() {
  const cpu = cpus();
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cores: cpu.length,
    cpu: cpu[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    loadAverage: loadavg().map((load) => Math.round(load * 10) / 10),
  };
}

async function main(): Promise<void> {
  const info = { ...machine(), commit: commit() };
  const pending = EXTRACTORS.mcpsmith.unavailable?.();
  const extractors: ExtractorName[] = pending ? [...PEERS] : [...PEERS, "mcpsmith"];
  log(
    `mcpsmith bench, TypeScript schema extraction${quick ? " (quick)" : ""}: node ${info.node}, ${info.cores} cores ` +
      `(${info.cpu}), load ${info.loadAverage.join(" ")}`,
  );
  if (pending) log(`mcpsmith: pending (${pending}); measuring the peers only`);

  const builtAtStart = mcpsmithBuild();
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), "mcpsmith-bench-ts-"));
  const sizes: SizeResult[] = [];
  try {
    for (const tools of SETTINGS.sizes) {
      const fixture = writeFixture(join(root, `tools-${tools}`), tools);
      const reps = SETTINGS.reps[tools]!;
      log(
        `${tools} tools in ${fixture.toolFiles.length} files (+ ${fixture.typeFiles.length} .types.ts), median of ${reps}:`,
      );
      const size: SizeResult = {
        tools,
        files: fixture.toolFiles.length,
        cold: await measureCold(fixture, extractors, reps, sizes.length === 0, trimPeers),
      };
      if (!pending) {
        size.firstRun = await measureFirstRuns(fixture, reps);
        size.incremental = await measureIncremental(fixture, SETTINGS.incrementalRuns, SETTINGS.edits);
      }
      sizes.push(size);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  const elapsedS = (performance.now() - started) / 1000;
  const builtAtEnd = mcpsmithBuild();
  const rebuilt = builtAtEnd !== builtAtStart;
  const settings = Object.fromEntries(extractors.map((name) => [name, EXTRACTORS[name].settings]));
  const lines = [
    "",
    `TypeScript types -> JSON Schema: mcpsmith vs typescript-json-schema 0.68 and ts-json-schema-generator 2.10, ` +
      `same types${quick ? " — QUICK run" : ""}`,
    `node ${info.node}, ${info.platform}, ${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB; each run a fresh ` +
      `process; medians of ${SETTINGS.sizes.map((n) => `${SETTINGS.reps[n]} (${n})`).join(", ")}; commit ${info.commit}`,
    pending ? "" : `mcpsmith's extractor: build ${builtAtStart} (hash of packages/codegen/dist/sources/typescript)`,
    ...(rebuilt && !pending
      ? [
          `WARNING: the extractor was rebuilt with changes during the run (now ${builtAtEnd}): its figures may mix two builds; run again`,
        ]
      : []),
    "",
    coldTable(sizes),
    "",
    pending ? `mcpsmith incremental: pending (${pending})` : incrementalTable(sizes),
    "",
    ...sizes.flatMap(schemaNotes),
    "",
    "configured as:",
    ...settingsLines(settings),
    `  the peers read ${trimPeers ? "tsconfig.no-ambient-types.json (the project's options with types: [], --trim-peers)" : 'the project\'s tsconfig.json (types: ["node"])'}`,
    "",
    "cold runs (load + extract, ms):",
    ...sizes.flatMap((size) =>
      extractors.map(
        (name) =>
          `  ${String(size.tools).padStart(4)} tools ${name.padEnd(24)} ${size.cold[name]!.runsTotalMs.join(", ")}`,
      ),
    ),
    ...(pending
      ? []
      : sizes.map(
          (size) =>
            `  ${String(size.tools).padStart(4)} tools ${"mcpsmith, first run".padEnd(24)} ${size.firstRun!.runsTotalMs.join(", ")}`,
        )),
    ...(pending
      ? []
      : sizes.map(
          (size) =>
            `  ${String(size.tools).padStart(4)} tools mcpsmith re-extract after editing ${size.incremental!.file}: ` +
            `${size.incremental!.runsUpdateMs.map((run) => run.join(", ")).join("; ")}`,
        )),
    "",
    `total ${elapsedS.toFixed(0)} s`,
  ];
  console.log(lines.join("\n"));

  mkdirSync(resultsDir, { recursive: true });
  const out = join(
    resultsDir,
    `typescript-${new Date().toISOString().replace(/[:.]/g, "-")}${quick ? "-quick" : ""}.json`,
  );
  const stripped = sizes.map((size) => ({
    ...size,
    cold: Object.fromEntries(Object.entries(size.cold).map(([name, { samples: _samples, ...rest }]) => [name, rest])),
  }));
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, machine: info, settings, trimPeers, pending, builtAtStart, rebuilt, sizes: stripped, elapsedS }, null, 2)}\n`,
  );
  console.log(`written to ${out}`);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
