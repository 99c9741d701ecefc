/**
 * Code mode: what a model pays for a multi-step task in tools mode, discovery mode and code mode (round trips, and
 * bytes of answers landing in its context), and what the sandbox costs the server (start per run, overhead per api
 * call), in one run.
 *
 *   node bench/dist/run.js --only code-mode [--quick]   (or node bench/dist/code-mode/run.js [--quick])
 *
 * The tasks are scripted, each mode the way an agent would go about it: tools mode lists the tools and calls them;
 * discovery mode searches, describes and calls through call_operation; code mode searches for the signatures it
 * needs and runs one script. Every mode's answer must be the same, or the run fails. Servers are built in process
 * exactly as `mcpsmith serve db|openapi --mode ...` builds them and reached by the official client (2026-07-28,
 * in memory). Results also go to bench/results/code-mode-*.json.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { createTestClient } from "@mcpsmith/runtime/testing";
import type * as Sample from "../../packages/codegen/dist/emit/openapi/sample.js";
import type * as DatabasePipeline from "../../packages/codegen/dist/pipelines/database.js";
import type * as Serve from "../../packages/codegen/dist/serve/index.js";
import type * as OpenApi from "../../packages/codegen/dist/sources/openapi/index.js";
import { table } from "../runtime/stats.js";
import { CHINOOK_CODE, CHINOOK_SEARCHES, chinookByQueries, chinookByTools } from "./chinook.js";
import { GITHUB_CODE, GITHUB_SEARCHES, GITHUB_TOOLS, githubByCalls, githubUpstream } from "./github.js";
import { measureSandbox, type SandboxCost } from "./sandbox-cost.js";
import { Session } from "./session.js";

const quick = process.argv.includes("--quick");
const log = (message: string) => process.stderr.write(`${message}\n`);
const dist = (path: string) =>
  pathToFileURL(fileURLToPath(new URL(`../../../packages/codegen/dist/${path}`, import.meta.url))).href;
const [{ serveDatabase }, { openApiServer }, { loadOpenApi }, { sampleOf }] = (await Promise.all([
  import(dist("pipelines/database.js")),
  import(dist("serve/index.js")),
  import(dist("sources/openapi/index.js")),
  import(dist("emit/openapi/sample.js")),
])) as [typeof DatabasePipeline, typeof Serve, typeof OpenApi, typeof Sample];

type Mode = "tools" | "discovery" | "code";
const MODES: readonly Mode[] = ["tools", "discovery", "code"];

interface TaskFigures {
  task: string;
  mode: Mode;
  roundTrips: number;
  bytes: number;
  exchanges: Session["exchanges"];
}

type Target = Parameters<typeof createTestClient>[0];

/** One scripted run of a task against a served target: the figures, and the answer the script ended with. */
async function scripted(
  target: Target,
  script: (session: Session) => Promise<unknown>,
): Promise<{ session: Session; answer: unknown }> {
  const client = await createTestClient(target, { era: "2026-07-28" });
  try {
    const session = new Session(client);
    await session.listTools();
    return { session, answer: await script(session) };
  } finally {
    await client.close();
  }
}

/** Discovery mode's way to one tool: search for it, describe it, then call it as often as the task needs. */
async function discover(session: Session, query: string, name: string): Promise<void> {
  const found = (await session.call("search_operations", { query, limit: 5 })) as { operations: { name: string }[] };
  if (!found.operations.some((operation) => operation.name === name))
    throw new Error(`"${query}" did not find ${name}`);
  await session.call("describe_operation", { name });
}

/** Code mode's way: search for each function's signature, then one script. */
async function codeRun(session: Session, searches: readonly string[], code: string): Promise<unknown> {
  for (const query of searches) await session.call("search_api", { query, limit: 3 });
  return ((await session.call("execute", { code })) as { result: unknown }).result;
}

async function chinookTask(folder: string): Promise<TaskFigures[]> {
  const file = join(folder, "chinook.sqlite");
  copyFileSync(corpusFile("sql/chinook.sqlite"), file);
  const figures: TaskFigures[] = [];
  const answers: unknown[] = [];
  for (const mode of MODES) {
    const served = await serveDatabase(file, { tools: { mode }, serve: { executor: { connection: file } } });
    try {
      const run = await scripted(await served.build.target(), (session) => {
        if (mode === "tools") return chinookByTools((name, args) => session.call(name, args));
        if (mode === "discovery") return chinookByQueries((name, args) => session.call(name, args));
        return codeRun(session, CHINOOK_SEARCHES, CHINOOK_CODE);
      });
      answers.push(run.answer);
      figures.push({ task: "chinook", mode, ...counts(run.session) });
    } finally {
      await served.executor.close();
    }
  }
  sameAnswers("chinook", answers);
  return figures;
}

async function githubTask(): Promise<TaskFigures[]> {
  const ir = await loadOpenApi(corpusFile("openapi/github-rest-oas30.json"), {
    include: { tags: ["issues", "users"] },
  });
  const upstream = await githubUpstream(ir, sampleOf);
  const figures: TaskFigures[] = [];
  const answers: unknown[] = [];
  try {
    for (const mode of MODES) {
      const built = openApiServer(ir, { mode, executor: { baseUrl: upstream.url } });
      const run = await scripted(await built.target(), async (session) => {
        if (mode === "tools") return githubByCalls((name, args) => session.call(name, args));
        if (mode === "discovery") {
          await discover(session, GITHUB_SEARCHES.list, GITHUB_TOOLS.list);
          await discover(session, GITHUB_SEARCHES.user, GITHUB_TOOLS.user);
          return githubByCalls((name, args) => session.call("call_operation", { name, arguments: args }));
        }
        return codeRun(session, [GITHUB_SEARCHES.list, GITHUB_SEARCHES.user], GITHUB_CODE);
      });
      answers.push(run.answer);
      figures.push({ task: "github", mode, ...counts(run.session) });
    }
  } finally {
    await upstream.close();
  }
  sameAnswers("github", answers);
  return figures;
}

function counts(session: Session) {
  return { roundTrips: session.roundTrips, bytes: session.bytes, exchanges: session.exchanges };
}

function sameAnswers(task: string, answers: readonly unknown[]): void {
  const texts = answers.map((answer) => JSON.stringify(answer));
  if (texts.some((text) => text !== texts[0])) {
    throw new Error(`${task}: the modes answered differently:\n${texts.map((t) => t.slice(0, 300)).join("\n")}`);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  log(`mcpsmith bench, code mode${quick ? " (quick)" : ""}: node ${process.version}, ${cpus().length} cores`);
  const folder = mkdtempSync(join(tmpdir(), "mcpsmith-bench-code-mode-"));
  let tasks: TaskFigures[];
  let sandbox: SandboxCost;
  try {
    tasks = [...(await chinookTask(folder)), ...(await githubTask())];
    sandbox = await measureSandbox(quick);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const rows = [["task", "mode", "round trips", "bytes to the model", "vs tools mode"]];
  for (const figure of tasks) {
    const tools = tasks.find((other) => other.task === figure.task && other.mode === "tools")!;
    rows.push([
      figure.task,
      figure.mode,
      String(figure.roundTrips),
      kb(figure.bytes),
      figure.mode === "tools" ? "" : `${(figure.bytes / tools.bytes).toFixed(2)}x`,
    ]);
  }
  const lines = [
    table(rows),
    "",
    table([
      ["sandbox", "p50", "p90", "CPU"],
      [
        "tools/call of a trivial tool (no sandbox)",
        ms(sandbox.directCall.p50),
        ms(sandbox.directCall.p90),
        ms(sandbox.directCall.cpuMs),
      ],
      ["execute `return 1` (one run)", ms(sandbox.emptyRun.p50), ms(sandbox.emptyRun.p90), ms(sandbox.emptyRun.cpuMs)],
      ["sandbox start per execution (difference)", ms(sandbox.startP50), "", ms(sandbox.startCpuMs)],
      [
        `execute with ${sandbox.callsPerRun} sequential api calls`,
        ms(sandbox.callingRun.p50),
        ms(sandbox.callingRun.p90),
        ms(sandbox.callingRun.cpuMs),
      ],
      ["one api call inside a run (difference / calls)", ms(sandbox.perCallP50), "", ms(sandbox.perCallCpuMs)],
    ]),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const results = fileURLToPath(new URL("../../results/", import.meta.url));
  mkdirSync(results, { recursive: true });
  const file = join(results, `code-mode-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ quick, node: process.version, tasks, sandbox }, null, 2));
  log(`results written to ${file}`);
}

await main();
