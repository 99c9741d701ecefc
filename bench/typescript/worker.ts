/**
 * One measured run, in a process of its own so each starts cold (no warmed-up compiler, no shared caches) and its
 * peak memory is its own: loads one extractor, extracts every asked-for type of the fixture once, and, for
 * mcpsmith with `edits` > 0, edits one file that many times and re-extracts after each edit (as `mcpsmith dev`).
 *
 *   node bench/dist/typescript/worker.js '<WorkerJob as JSON>'   # prints a WorkerResult as JSON
 */
import { readFileSync, writeFileSync } from "node:fs";
import { canonical } from "./compare.js";
import type { ExtractorName, JsonSchema } from "./extractors/extractor.js";
import { EXTRACTORS } from "./extractors/index.js";
import { editTypesFile, readFixture } from "./fixture/project.js";

export interface WorkerJob {
  extractor: ExtractorName;
  /** The fixture's folder (the worker reads its manifest there). */
  fixtureDir: string;
  /** Incremental runs: how many times to edit `editFile` and re-extract (0: cold only). */
  edits: number;
  editFile?: string;
  /** Return the sample types' schemas (once per extractor and size is enough). */
  samples: boolean;
  /** Point the peers at the project's compiler options without ambient types (`types: []`), as mcpsmith trims them. */
  trimPeers?: boolean;
}

export interface WorkerResult {
  /** Importing the library: module loading and its compile, before any work on the project. */
  loadMs: number;
  /** From nothing to every asked-for schema in memory (program, type checker, schema building). */
  coldMs: number;
  /**
   * CPU time (user + system, all threads) of the same two phases, each until the process is idle again (`settle`):
   * steadier than wall time on a busy machine.
   */
  loadCpuMs: number;
  coldCpuMs: number;
  /** One re-extraction per edit, each started on an idle process: wall, and CPU until idle again. */
  updateMs: number[];
  updateCpuMs: number[];
  /** process.resourceUsage().maxRSS at the end, in bytes: the process's peak resident memory. */
  maxRssBytes: number;
  produced: number;
  /** The sample types' schemas in canonical form (compare.ts), when asked for. */
  samples?: Record<string, unknown>;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Waits until the process is idle again, and returns the CPU time spent meanwhile. A phase goes on after its call
 * returns: V8 keeps compiling hot functions and marking the heap on background threads, for tens of milliseconds.
 * Counted in the phase that caused it, that work is not charged to the next one (an edit started the instant a
 * cold run returned paid for the cold run's compilation); and an edit then starts on an idle process, as an edit
 * made by a person does. Idle: under 1 ms of CPU in 25 ms while this thread sleeps (at most 3 s).
 */
async function settle(): Promise<number> {
  const start = cpuMs();
  let last = start;
  for (let waited = 0; waited < 3000; waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const now = cpuMs();
    if (now - last < 1) break;
    last = now;
  }
  return cpuMs() - start;
}

function check(produced: number, wanted: number, what: string): void {
  if (produced !== wanted) throw new Error(`${what}: produced ${produced} of the ${wanted} asked-for schemas`);
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2]!) as WorkerJob;
  const module = EXTRACTORS[job.extractor];
  const fixture = readFixture(job.fixtureDir);
  const wanted = fixture.typeNames.length;

  const started = performance.now();
  const startedCpu = cpuMs();
  const extractor = await module.load();
  const loaded = performance.now();
  const loadCpuMs = cpuMs() - startedCpu + (await settle());
  const coldStart = performance.now();
  const coldStartCpu = cpuMs();
  const trimmed = job.trimPeers === true && job.extractor !== "mcpsmith";
  const cold = extractor.cold(trimmed ? { ...fixture, tsconfig: fixture.trimmedTsconfig } : fixture);
  const coldMs = performance.now() - coldStart;
  const coldCpuMs = cpuMs() - coldStartCpu + (await settle());
  check(cold.produced, wanted, job.extractor);
  // Taken before any edit, in canonical form (references inlined: small, and comparable across extractors).
  const samples = job.samples
    ? Object.fromEntries(fixture.sampleTypes.map((name) => [name, canonical(cold.schemaFor(name))]))
    : undefined;

  const updateMs: number[] = [];
  const updateCpuMs: number[] = [];
  if (job.edits > 0) {
    if (!extractor.update || !job.editFile) throw new Error(`${job.extractor} has no incremental mode`);
    const original = readFileSync(job.editFile, "utf8");
    try {
      for (let edit = 1; edit <= job.edits; edit++) {
        const changed = editTypesFile(original, edit);
        writeFileSync(job.editFile, changed.text);
        await settle();
        const before = performance.now();
        const beforeCpu = cpuMs();
        const updated = extractor.update(job.editFile);
        updateMs.push(performance.now() - before);
        updateCpuMs.push(cpuMs() - beforeCpu + (await settle()));
        check(updated.produced, wanted, `${job.extractor} after edit ${edit}`);
        // The edit must show: a re-extraction that returned the old schema would be measuring no work.
        const properties = (canonical(updated.schemaFor(changed.typeName)) as JsonSchema).properties;
        if (!properties || !(changed.field in (properties as JsonSchema))) {
          throw new Error(`${job.extractor}: ${changed.typeName} lacks ${changed.field} after re-extraction`);
        }
      }
    } finally {
      writeFileSync(job.editFile, original);
    }
  }

  const result: WorkerResult = {
    loadMs: loaded - started,
    coldMs,
    loadCpuMs,
    coldCpuMs,
    updateMs,
    updateCpuMs,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    produced: cold.produced,
    ...(samples && { samples }),
  };
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
