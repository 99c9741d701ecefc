/**
 * A composed server against its sources served alone: start-up (spawn to the first `tools/list`), server CPU and
 * peak memory of one `mcpsmith serve --config` over an OpenAPI document (petstore), a database (Chinook SQLite),
 * annotated TypeScript and a module of decorated classes, next to the sum of four servers each serving one of
 * them from a config of its own. Each runs REPS times; medians are printed. The first start of the composed server
 * (nothing compiled, no IR kept) is measured apart, on a fresh copy of the project. Then a remote MCP server behind
 * the composed server: added latency and memory per remote (remote.ts).
 *
 *   node bench/dist/run.js --only compose [--quick]     (or node bench/dist/compose/run.js [--quick])
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { remoteFigures } from "./remote.js";
import { type Startup, startup } from "./startup.js";

const quick = process.argv.includes("--quick");
const REPS = quick ? 3 : 9;
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = join(ROOT, "packages/cli/dist/bin.js");
const log = (message: string) => process.stderr.write(`${message}\n`);

const SOURCES: Record<string, object> = {
  pets: { openapi: "./petstore.yaml", baseUrl: "http://127.0.0.1:9/api/v3" },
  music: { database: "./chinook.sqlite" },
  utils: { typescript: "./src/tools.ts" },
  app: { module: "./src/app.ts" },
};

/** The test's composed project (test/fixtures/compose) in a fresh folder, with a config per source and one for all. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-compose-"));
  cpSync(join(ROOT, "test/fixtures/compose"), dir, { recursive: true });
  copyFileSync(corpusFile("openapi/petstore3-oas30.yaml"), join(dir, "petstore.yaml"));
  copyFileSync(corpusFile("sql/chinook.sqlite"), join(dir, "chinook.sqlite"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench", version: "1.0.0", type: "module" }));
  mkdirSync(join(dir, "node_modules/@mcpsmith"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(dir, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(ROOT, "node_modules/zod"), join(dir, "node_modules/zod"), "dir");
  const write = (name: string, sources: object) =>
    writeFileSync(join(dir, name), JSON.stringify({ name: "bench", mode: "tools", sources }));
  write("all.json", SOURCES);
  for (const [key, source] of Object.entries(SOURCES)) write(`${key}.json`, { [key]: source });
  return dir;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Figures {
  firstListMs: number;
  cpuMs: number;
  peakMb: number;
  tools: number;
}

async function measure(dir: string, config: string): Promise<Figures> {
  const runs: Startup[] = [];
  for (let i = 0; i < REPS; i++) runs.push(await startup([CLI, "serve", "--config", config], dir, process.env));
  return {
    firstListMs: median(runs.map((run) => run.firstListMs)),
    cpuMs: median(runs.map((run) => run.cpuMs ?? Number.NaN)),
    peakMb: median(runs.map((run) => (run.peakRssBytes ?? Number.NaN) / 2 ** 20)),
    tools: runs[0]!.tools,
  };
}

async function main(): Promise<void> {
  log(
    `mcpsmith bench, composition${quick ? " (quick)" : ""}: node ${process.version}, ${cpus().length} cores, ${REPS} runs each`,
  );
  const dir = project();
  const fresh = project();
  try {
    const first = await startup([CLI, "serve", "--config", "all.json"], fresh, process.env);
    const alone: Record<string, Figures> = {};
    for (const key of Object.keys(SOURCES)) alone[key] = await measure(dir, `${key}.json`);
    const composed = await measure(dir, "all.json");
    const sum = (field: keyof Figures) => Object.values(alone).reduce((total, figures) => total + figures[field], 0);
    const row = (label: string, f: Figures) =>
      `| ${label.padEnd(38)} | ${String(f.tools).padStart(5)} | ${f.firstListMs.toFixed(0).padStart(8)} | ${f.cpuMs.toFixed(0).padStart(8)} | ${f.peakMb.toFixed(1).padStart(8)} |`;
    const lines = [
      "| server                                 | tools | first list (ms) | CPU (ms) | peak RSS (MB) |",
      "| -------------------------------------- | ----: | --------------: | -------: | ------------: |",
      ...Object.entries(alone).map(([key, figures]) => row(`${key} alone (${Object.keys(SOURCES[key]!)[0]})`, figures)),
      row("sum of the four alone", {
        tools: sum("tools"),
        firstListMs: sum("firstListMs"),
        cpuMs: sum("cpuMs"),
        peakMb: sum("peakMb"),
      }),
      row("composed (one server, four sources)", composed),
      row("composed, first start (nothing cached)", {
        tools: first.tools,
        firstListMs: first.firstListMs,
        cpuMs: first.cpuMs ?? Number.NaN,
        peakMb: (first.peakRssBytes ?? Number.NaN) / 2 ** 20,
      }),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    process.stdout.write(`${(await remoteFigures(ROOT, quick)).join("\n")}\n`);
    log(
      `composed / sum alone: first list ${(composed.firstListMs / sum("firstListMs")).toFixed(2)}x, CPU ${(composed.cpuMs / sum("cpuMs")).toFixed(2)}x, peak RSS ${(composed.peakMb / sum("peakMb")).toFixed(2)}x`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  }
}

await main();
