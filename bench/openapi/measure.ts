/**
 * The measured steps for one spec: each generator run `reps` times in a fresh process (who goes first rotates),
 * then each output type-checked, then mcpsmith's discovery tools/list. Outputs are written under `workDir` and only
 * the last run's are kept (msgraph's peer output alone is hundreds of megabytes: bench/README.md).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { median } from "../runtime/stats.js";
import type { DiscoveryResult } from "./discovery-worker.js";
import type { Generator, GeneratorName } from "./generators.js";
import type { Spec } from "./specs.js";
import type { StartupRun } from "./startup-worker.js";
import { failureOf, timed } from "./timed.js";
import { type TypeCheck, typeCheck } from "./typecheck.js";

export interface Generation {
  /** Medians over the successful runs. */
  wallMs: number;
  cpuMs: number;
  maxRssBytes: number;
  runsWallMs: number[];
  /** Total size of the files written (node_modules excluded), bytes. */
  outputBytes?: number;
  /** Lines matching the generator's failure pattern (the peer's "Failed to stringify schema for tool ..."). */
  reportedFailures: number;
  /** Set when a run failed: nothing else is then measured for this generator and spec. */
  failure?: string;
  outDir: string;
}

export interface Settings {
  reps: number;
  generateTimeoutMs: number;
  typecheckTimeoutMs: number;
  warmUp: boolean;
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number | undefined) => (bytes === undefined ? "?" : `${(bytes / 2 ** 20).toFixed(0)} MB`);

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path)
    .filter((entry) => entry !== "node_modules")
    .reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}

export async function measureGeneration(
  spec: Spec,
  generators: readonly Generator[],
  settings: Settings,
  workDir: string,
): Promise<Record<GeneratorName, Generation>> {
  const outDir = (generator: Generator, run: number | string) => join(workDir, `${spec.name}-${generator.name}-${run}`);
  for (const generator of settings.warmUp ? generators : []) {
    // The first process to read a library or the spec pays for a cold disk cache: discarded.
    await timed(generator.command(spec.file, outDir(generator, "warm-up"), settings.generateTimeoutMs));
    rmSync(outDir(generator, "warm-up"), { recursive: true, force: true });
  }
  const runs = new Map(generators.map((generator) => [generator.name, [] as Awaited<ReturnType<typeof timed>>[]]));
  const failures = new Map<GeneratorName, string>();
  for (let rep = 0; rep < settings.reps; rep++) {
    const order = generators.map((_, i) => generators[(i + rep) % generators.length]!);
    for (const generator of order) {
      if (failures.has(generator.name)) continue;
      const command = generator.command(spec.file, outDir(generator, rep), settings.generateTimeoutMs);
      if (generator.name === "openapi-mcp-generator") command.countLines = /^Failed to stringify schema for tool /;
      const run = await timed(command);
      if (!run.ok) {
        failures.set(generator.name, failureOf(run, settings.generateTimeoutMs));
        log(`  ${spec.name}, ${generator.name}: FAILED (${failures.get(generator.name)}) after ${seconds(run.wallMs)}`);
        continue;
      }
      runs.get(generator.name)!.push(run);
      // Outputs are deterministic: the last one is kept for the type-check, earlier ones only take disk space.
      if (rep > 0) rmSync(outDir(generator, rep - 1), { recursive: true, force: true });
      log(
        `  ${spec.name}, run ${rep + 1}/${settings.reps}, ${generator.name}: ${seconds(run.wallMs)}, ` +
          `CPU ${seconds(run.cpuMs ?? Number.NaN)}, peak RSS ${mb(run.maxRssBytes)}`,
      );
    }
  }
  const result = {} as Record<GeneratorName, Generation>;
  for (const generator of generators) {
    const done = runs.get(generator.name)!;
    const last = outDir(generator, Math.max(0, done.length - 1));
    const failure = failures.get(generator.name);
    result[generator.name] = {
      wallMs: median(done.map((run) => run.wallMs)),
      cpuMs: median(done.map((run) => run.cpuMs ?? Number.NaN)),
      maxRssBytes: median(done.map((run) => run.maxRssBytes ?? Number.NaN)),
      runsWallMs: done.map((run) => Math.round(run.wallMs)),
      ...(!failure && generator.writesProject && { outputBytes: sizeOf(last) }),
      reportedFailures: done[0]?.counted ?? 0,
      ...(failure && { failure }),
      outDir: last,
    };
  }
  return result;
}

export async function measureTypeCheck(name: string, projectDir: string, settings: Settings): Promise<TypeCheck> {
  const check = await typeCheck(projectDir, settings.typecheckTimeoutMs);
  log(
    `  ${name}: tsc ${check.linked.tsc.version} ${seconds(check.run.wallMs)}, peak RSS ${mb(check.run.maxRssBytes)}, ` +
      (check.completed ? `${check.errors} error(s)` : `did not complete (${check.failure})`),
  );
  return check;
}

const DISCOVERY_WORKER = new URL("./discovery-worker.js", import.meta.url).pathname;

export async function measureDiscovery(spec: Spec, timeoutMs: number): Promise<DiscoveryResult | { failure: string }> {
  const run = await timed({ script: DISCOVERY_WORKER, args: [spec.file], timeoutMs });
  if (!run.ok) return { failure: failureOf(run, timeoutMs) };
  const result = JSON.parse(run.stdout) as DiscoveryResult;
  log(`  ${spec.name}: discovery tools/list ${result.discoveryTools} tools, ~${result.discoveryTokens} tokens`);
  return result;
}

const STARTUP_WORKER = new URL("./startup-worker.js", import.meta.url).pathname;

export interface Startup {
  /** Medians over the runs: spawn to the first tools/list answer, and the server's peak RSS by then. */
  firstListMs: number;
  peakRssBytes?: number;
  tools: number;
  runsMs: number[];
}

/**
 * `mcpsmith serve openapi SPEC --mode MODE`, or the generated project in `project` (its `dist/main.js --mode MODE`),
 * started `reps` times, each in a fresh process (startup-worker.ts), the modes alternating so that both see the same
 * machine.
 */
export async function measureStartup(
  spec: Spec,
  reps: number,
  timeoutMs: number,
  project?: string,
): Promise<Record<"tools" | "discovery", Startup | { failure: string }>> {
  const what = project === undefined ? "served" : "generated project";
  const runs = { tools: [] as StartupRun[], discovery: [] as StartupRun[] };
  const failures: Partial<Record<"tools" | "discovery", string>> = {};
  for (let rep = 0; rep < reps; rep++) {
    for (const mode of ["discovery", "tools"] as const) {
      if (failures[mode]) continue;
      const args = [spec.file, mode, ...(project === undefined ? [] : [project])];
      const run = await timed({ script: STARTUP_WORKER, args, timeoutMs });
      if (!run.ok) failures[mode] = failureOf(run, timeoutMs);
      else runs[mode].push(JSON.parse(run.stdout) as StartupRun);
    }
  }
  const summary = (mode: "tools" | "discovery"): Startup | { failure: string } => {
    const failure = failures[mode];
    if (failure !== undefined) return { failure };
    const rss = runs[mode].map((run) => run.peakRssBytes).filter((bytes) => bytes !== undefined);
    const result: Startup = {
      firstListMs: median(runs[mode].map((run) => run.firstListMs)),
      ...(rss.length > 0 && { peakRssBytes: median(rss) }),
      tools: runs[mode][0]!.tools,
      runsMs: runs[mode].map((run) => run.firstListMs),
    };
    log(
      `  ${spec.name} (${what}): --mode ${mode} first tools/list ${seconds(result.firstListMs)}, ${mb(result.peakRssBytes)}`,
    );
    return result;
  };
  return { discovery: summary("discovery"), tools: summary("tools") };
}
