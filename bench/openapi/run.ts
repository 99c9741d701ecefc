/**
 * OpenAPI -> MCP generation: mcpsmith against openapi-mcp-generator 4.0.1 on petstore (19 operations), GitHub
 * (1,223) and Microsoft Graph (11,422), side by side in one run.
 *
 *   node bench/dist/run.js --only openapi [--quick] [--specs petstore,stripe,github,msgraph] [--startup-only]
 *   (or node bench/dist/openapi/run.js with the same flags)
 *
 * Generation: each generator's CLI in a fresh process (wall, CPU, peak RSS), medians of several runs. Then
 * `tsc --noEmit` on each output, with its dependencies linked from this workspace (nothing is installed), its
 * errors counted. Then mcpsmith's tools/list in discovery mode, listed by the official client. Then start-up:
 * `mcpsmith serve openapi` in `--mode tools` and in discovery mode, time to the first tools/list answer and peak RSS,
 * then the same of the generated project, built with tsc (project-build.ts) (`--startup-only` measures only
 * these). The issue's targets
 * are printed PASS or MISS; results also go to bench/results/openapi-*.json.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Generator, mcpsmithGenerator, peer } from "./generators.js";
import { measureDiscovery, measureGeneration, measureStartup, measureTypeCheck, type Settings } from "./measure.js";
import { buildProject } from "./project-build.js";
import {
  discoveryTable,
  failureNotes,
  generationTable,
  linkNotes,
  type SpecResult,
  type StartupResult,
  startupTable,
  typeCheckTable,
} from "./report.js";
import { SPEC_NAMES, type Spec, type SpecName, specsOf } from "./specs.js";
import { PEAK_RSS_SOURCE } from "./timed.js";

const resultsDir = fileURLToPath(new URL("../../results/", import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const startupOnly = argv.includes("--startup-only");
const TEN_MINUTES = 10 * 60_000;
// Runs per spec: generating msgraph takes the peer minutes, so it is measured once.
const REPS: Record<SpecName, number> = quick
  ? { petstore: 1, stripe: 1, github: 1, msgraph: 1 }
  : { petstore: 5, stripe: 3, github: 3, msgraph: 1 };
const specNames = argv.includes("--specs")
  ? argv[argv.indexOf("--specs") + 1]!.split(",").filter(Boolean)
  : quick
    ? ["petstore", "github"]
    : [...SPEC_NAMES];

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** The commit measured (the generator changes under it as it is developed). */
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
  const specs = specsOf(specNames);
  const info = { ...machine(), commit: commit() };
  const { generator: ours, pending } = await mcpsmithGenerator();
  const generators = [peer, ours];
  log(
    `mcpsmith bench, OpenAPI generation${quick ? " (quick)" : ""}: node ${info.node}, ${info.cores} cores ` +
      `(${info.cpu}), load ${info.loadAverage.join(" ")}`,
  );
  if (pending) log(`mcpsmith: ${pending}; measuring its OpenAPI source (spec -> IR) instead`);

  const started = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-openapi-"));
  const results: SpecResult[] = [];
  const startups: StartupResult[] = [];
  const projectStartups: StartupResult[] = [];
  try {
    for (const [index, spec] of specs.entries()) {
      const base: Settings = {
        reps: REPS[spec.name],
        generateTimeoutMs: TEN_MINUTES,
        typecheckTimeoutMs: TEN_MINUTES,
        warmUp: !quick && index === 0,
      };
      log(`${spec.name} (${spec.operations.toLocaleString("en-US")} operations), median of ${base.reps}:`);
      if (!startupOnly) results.push(await measureGenerated(spec, generators, base, workDir));
      startups.push({ name: spec.name, startup: await measureStartup(spec, base.reps, 15 * 60_000) });
      const project = await buildProject(spec, workDir, 15 * 60_000, log);
      projectStartups.push({
        name: spec.name,
        startup:
          "failure" in project
            ? { tools: project, discovery: project }
            : await measureStartup(spec, base.reps, 15 * 60_000, project.dir),
      });
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  const elapsedS = (performance.now() - started) / 1000;
  const lines = [
    "",
    `OpenAPI -> MCP: mcpsmith vs openapi-mcp-generator, same specs${quick ? " — QUICK run" : ""}`,
    `node ${info.node}, ${info.platform}, ${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB; each run a fresh ` +
      `process; medians of ${specs.map((s) => `${REPS[s.name]} (${s.name})`).join(", ")}; commit ${info.commit}`,
    ...(pending
      ? [
          "",
          `NOTE: ${pending}.`,
          "The mcpsmith column is its OpenAPI source only (spec -> IR: read, bundle, lower), not a generated project:",
          "it writes no files, so it has no output to type-check, and no generation target is judged.",
        ]
      : []),
    "",
    ...(startupOnly
      ? []
      : [generationTable(results, Boolean(pending)), "", typeCheckTable(results), "", discoveryTable(results), ""]),
    startupTable(startups),
    "",
    startupTable(projectStartups, "generated project start-up"),
    "",
    "measured as:",
    ...generators.map((generator) => `  ${generator.name}: ${generator.label}`),
    `  peak RSS: ${PEAK_RSS_SOURCE}; tsc --noEmit -p OUTPUT with the output's own tsconfig`,
    "  tools/list: the spec served as `mcpsmith serve openapi --mode discovery` serves it, listed by the official",
    "  client; tokens = JSON characters / 4 (codegen's estimate); tools mode: the same estimate of the IR's tools",
    "type-checks resolved against this workspace (node_modules of symlinks; nothing installed):",
    ...linkNotes(results),
    ...(failureNotes(results).length > 0 ? ["failures and warnings:", ...failureNotes(results)] : []),
    "",
    "generation runs (wall, ms):",
    ...results.flatMap((spec) =>
      generators.map(
        (g) => `  ${spec.name.padEnd(8)} ${g.name.padEnd(22)} ${spec.generation[g.name].runsWallMs.join(", ")}`,
      ),
    ),
    "start-up runs (first tools/list, ms):",
    ...startupRuns(startups, "served"),
    ...startupRuns(projectStartups, "project"),
    "",
    `total ${elapsedS.toFixed(0)} s`,
  ];
  console.log(lines.join("\n"));

  mkdirSync(resultsDir, { recursive: true });
  const out = join(
    resultsDir,
    `openapi-${new Date().toISOString().replace(/[:.]/g, "-")}${quick ? "-quick" : ""}.json`,
  );
  const stored = results.map((spec) => ({
    ...spec,
    typeCheck: Object.fromEntries(
      Object.entries(spec.typeCheck).map(([name, { run, ...check }]) => [
        name,
        { ...check, wallMs: run.wallMs, maxRssBytes: run.maxRssBytes },
      ]),
    ),
  }));
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, machine: info, pending, generators: generators.map((g) => g.label), specs: stored, startups, elapsedS }, null, 2)}\n`,
  );
  console.log(`written to ${out}`);
}

/** Both generators' outputs for one spec, each output type-checked, then discovery mode's tools/list. */
async function measureGenerated(
  spec: Spec,
  generators: Generator[],
  base: Settings,
  workDir: string,
): Promise<SpecResult> {
  const generation = await measureGeneration(spec, generators, base, workDir);
  const result: SpecResult = { name: spec.name, operations: spec.operations, generation, typeCheck: {} };
  for (const generator of generators) {
    const output = generation[generator.name];
    if (!generator.writesProject || output.failure) continue;
    result.typeCheck[generator.name] = await measureTypeCheck(generator.name, output.outDir, base);
    // Type-checked: the output is not needed any more, and msgraph's are large.
    rmSync(output.outDir, { recursive: true, force: true });
  }
  // Not a compared figure, so more time: lowering msgraph takes minutes on a loaded machine.
  result.discovery = await measureDiscovery(spec, 15 * 60_000);
  return result;
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});

function startupRuns(results: readonly StartupResult[], what: string): string[] {
  return results.flatMap((spec) =>
    (["discovery", "tools"] as const).flatMap((mode) => {
      const run = spec.startup[mode];
      return run && !("failure" in run)
        ? [`  ${spec.name.padEnd(8)} ${what.padEnd(8)} --mode ${mode.padEnd(12)} ${run.runsMs.join(", ")}`]
        : [];
    }),
  );
}
