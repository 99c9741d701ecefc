/**
 * Runs the workers: each extractor on each fixture size, several times, alternating who goes first; then
 * mcpsmith's incremental runs. Every run is a fresh `node` process (see worker.ts).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../runtime/stats.js";
import type { ExtractorName } from "./extractors/extractor.js";
import type { Fixture } from "./fixture/project.js";
import type { WorkerJob, WorkerResult } from "./worker.js";

const workerScript = join(dirname(fileURLToPath(import.meta.url)), "worker.js");

export interface Figures {
  /** Medians over the repetitions: wall time, then CPU time of the same phases. */
  totalMs: number;
  loadMs: number;
  coldMs: number;
  totalCpuMs: number;
  coldCpuMs: number;
  maxRssBytes: number;
  runsTotalMs: number[];
  samples?: Record<string, unknown>;
}

export interface Incremental {
  /** Median over the runs of the first edit after the cold extraction, wall and CPU time. */
  first: { wallMs: number; cpuMs: number };
  /** Median over every later edit of every run. */
  later: { wallMs: number; cpuMs: number };
  /** Per run, every edit's wall time. */
  runsUpdateMs: number[][];
  /** The file edited, relative to the fixture. */
  file: string;
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

export function runWorker(job: WorkerJob, env: NodeJS.ProcessEnv = process.env): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workerScript, JSON.stringify(job)], {
      stdio: ["ignore", "pipe", "pipe"],
      env,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.once("exit", (code) => {
      if (code === 0) resolve(JSON.parse(stdout) as WorkerResult);
      else reject(new Error(`${job.extractor} on ${job.fixtureDir} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/**
 * Cold runs of every extractor on one fixture, `reps` times each; with `warmUp`, one discarded run each first (the
 * first process to read a library pays for a cold disk cache).
 */
export async function measureCold(
  fixture: Fixture,
  extractors: readonly ExtractorName[],
  reps: number,
  warmUp: boolean,
  trimPeers: boolean,
): Promise<Record<string, Figures>> {
  const runs = new Map<ExtractorName, WorkerResult[]>(extractors.map((name) => [name, []]));
  for (const extractor of warmUp ? extractors : []) {
    await runWorker({ extractor, fixtureDir: fixture.dir, edits: 0, samples: false, trimPeers });
  }
  for (let rep = 0; rep < reps; rep++) {
    // Rotate who goes first, so no extractor always gets the quieter (or busier) moment.
    const order = extractors.map((_, i) => extractors[(i + rep) % extractors.length]!);
    for (const extractor of order) {
      const result = await runWorker({ extractor, fixtureDir: fixture.dir, edits: 0, samples: rep === 0, trimPeers });
      runs.get(extractor)!.push(result);
      log(
        `  ${fixture.tools} tools, run ${rep + 1}/${reps}, ${extractor}: ` +
          `${(result.loadMs + result.coldMs).toFixed(0)} ms (load ${result.loadMs.toFixed(0)}), ` +
          `CPU ${(result.loadCpuMs + result.coldCpuMs).toFixed(0)} ms, ` +
          `peak RSS ${(result.maxRssBytes / 2 ** 20).toFixed(0)} MB`,
      );
    }
  }
  const figures: Record<string, Figures> = {};
  for (const [extractor, results] of runs) figures[extractor] = figuresOf(results);
  return figures;
}

function figuresOf(results: readonly WorkerResult[]): Figures {
  return {
    totalMs: median(results.map((r) => r.loadMs + r.coldMs)),
    loadMs: median(results.map((r) => r.loadMs)),
    coldMs: median(results.map((r) => r.coldMs)),
    totalCpuMs: median(results.map((r) => r.loadCpuMs + r.coldCpuMs)),
    coldCpuMs: median(results.map((r) => r.coldCpuMs)),
    maxRssBytes: median(results.map((r) => r.maxRssBytes)),
    runsTotalMs: results.map((r) => Math.round(r.loadMs + r.coldMs)),
    ...(results[0]?.samples && { samples: results[0].samples }),
  };
}

/**
 * mcpsmith's cold runs as the first run on a machine: the compiler's V8 code cache (code-cache.ts, kept under the
 * temporary folder) starts empty, so the compiler is parsed and compiled from source, as the peers' always is (Node
 * 20 caches no compiled code for them). The regular cold runs find the cache the warm-up run wrote.
 */
export async function measureFirstRuns(fixture: Fixture, reps: number): Promise<Figures> {
  const results: WorkerResult[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const emptyTmp = mkdtempSync(join(tmpdir(), "mcpsmith-bench-first-run-"));
    try {
      const env = { ...process.env, TMPDIR: emptyTmp };
      const result = await runWorker({ extractor: "mcpsmith", fixtureDir: fixture.dir, edits: 0, samples: false }, env);
      results.push(result);
      log(
        `  ${fixture.tools} tools, first run ${rep + 1}/${reps} (empty code cache), mcpsmith: ` +
          `${(result.loadMs + result.coldMs).toFixed(0)} ms (load ${result.loadMs.toFixed(0)}), ` +
          `CPU ${(result.loadCpuMs + result.coldCpuMs).toFixed(0)} ms`,
      );
    } finally {
      rmSync(emptyTmp, { recursive: true, force: true });
    }
  }
  return figuresOf(results);
}

/**
 * mcpsmith's re-extraction after one edited file: `runs` processes, each editing the same file `edits` times. The
 * first edit after the cold run and the later ones are kept apart: the first costs more (see the README).
 */
export async function measureIncremental(fixture: Fixture, runs: number, edits: number): Promise<Incremental> {
  // A file in the middle of the project: its types are imported by one class, like most files in a real one.
  const editFile = fixture.typeFiles[Math.floor(fixture.typeFiles.length / 2)]!;
  const results: WorkerResult[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await runWorker({ extractor: "mcpsmith", fixtureDir: fixture.dir, edits, editFile, samples: false });
    results.push(result);
    log(
      `  ${fixture.tools} tools, incremental run ${run + 1}/${runs}: ` +
        `${result.updateMs.map((ms) => ms.toFixed(0)).join(", ")} ms (CPU ${result.updateCpuMs.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
  }
  const first = (values: (r: WorkerResult) => number[]) => median(results.map((r) => values(r)[0]!));
  const later = (values: (r: WorkerResult) => number[]) => median(results.flatMap((r) => values(r).slice(1)));
  return {
    first: { wallMs: first((r) => r.updateMs), cpuMs: first((r) => r.updateCpuMs) },
    later: { wallMs: later((r) => r.updateMs), cpuMs: later((r) => r.updateCpuMs) },
    runsUpdateMs: results.map((r) => r.updateMs.map((ms) => Math.round(ms))),
    file: editFile.slice(fixture.dir.length + 1),
  };
}
