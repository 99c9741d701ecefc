/**
 * `pnpm bench`: mcpsmith against a hand-written `@modelcontextprotocol/server` 2.4.0 server (documented style),
 * the same `echo` tool, measured in one run, side by side, each server in its own child process.
 *
 *   node bench/dist/run.js [--quick] [--profile] [--only http,stdio,memory,middleware,auth]
 *
 * `--quick` is a smoke run (its time in bench/README.md); `--profile` runs the HTTP servers under `--cpu-prof` and prints
 * where their CPU time went. Results are printed as a table and written to bench/results/runtime-*.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBenchIssuer, verificationCpuUs } from "./auth.js";
import { type LoadPlan, type LoadResult, runLoadChild } from "./load.js";
import { formatSummary, type ProfileSummary, summarizeFile } from "./profile.js";
import { legacyHandshake, legacyToolCall, modernToolCall, modernToolsListCall } from "./protocol.js";
import { median, percentile, table } from "./stats.js";
import { type Era, type StdioRun, stdioRun } from "./stdio.js";

const here = dirname(fileURLToPath(import.meta.url));
// bench/: this module is bench/dist/runtime/run.js once built.
const benchDir = join(here, "..", "..");
const resultsDir = join(benchDir, "results");

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const profile = argv.includes("--profile");
const only = new Set(
  (argv.includes("--only")
    ? argv[argv.indexOf("--only") + 1]!
    : profile
      ? "http"
      : "http,stdio,memory,middleware,auth"
  ).split(","),
);

const SETTINGS = quick
  ? { concurrency: 32, warmupMs: 300, durationMs: 1_000, rounds: 1, stdioRuns: 2, memoryRuns: 1, manyTools: 1000 }
  : { concurrency: 32, warmupMs: 1_000, durationMs: 3_000, rounds: 4, stdioRuns: 10, memoryRuns: 3, manyTools: 1000 };

type ServerName = "sdk" | "mcpsmith";
const SERVERS: readonly ServerName[] = ["sdk", "mcpsmith"];
const LABEL: Record<ServerName, string> = { sdk: "SDK 2.4.0", mcpsmith: "mcpsmith" };
const script = (name: ServerName) => join(here, "servers", `${name}.js`);

const profileDir = join(resultsDir, `profiles-${stamp()}`);

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

interface HttpServer {
  name: ServerName;
  child: ChildProcess;
  url: string;
}

async function startHttp(name: ServerName, tools: number, extra: readonly string[] = []): Promise<HttpServer> {
  const flags = profile ? ["--cpu-prof", "--cpu-prof-dir", join(profileDir, name)] : [];
  const args = [...flags, script(name), "--transport", "http", "--tools", String(tools), ...extra];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`${name} HTTP server exited (${code}): ${stderr}`)));
  });
  return { name, child, url };
}

async function stopHttp(server: HttpServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  server.child.kill("SIGTERM");
  await exited;
}

interface HttpFigures {
  rps: number;
  roundsRps: number[];
  p50Ms: number;
  p99Ms: number;
  /** Server CPU time per answered call, pooled over the rounds (NaN where /proc is not available). */
  cpuUsPerCall: number;
  requests: number;
  errors: number;
  firstError?: string;
  /** The server gave the legacy client a session, so its calls were served on it rather than statelessly. */
  session: boolean;
}

interface Scenario {
  id: string;
  title: string;
  /** Tools the servers register (the scenario's calls use `echo` or list them all). */
  tools: number;
  plan: Pick<LoadPlan, "setup" | "call" | "expect" | "ignoreSession">;
  concurrency: number;
  rounds: number;
  warmupMs: number;
  durationMs: number;
}

function scenarios(): Scenario[] {
  const hot = {
    tools: 1,
    concurrency: SETTINGS.concurrency,
    rounds: SETTINGS.rounds,
    warmupMs: SETTINGS.warmupMs,
    durationMs: SETTINGS.durationMs,
  };
  // The documented SDK server rebuilds every tool per request, a few requests a second with 1,000 tools:
  // fewer in flight keeps its latencies (and the run) bounded.
  const large = { tools: SETTINGS.manyTools, concurrency: 4, rounds: quick ? 1 : 2, warmupMs: 500, durationMs: 2_000 };
  const list: Scenario[] = [
    {
      id: "modern",
      title: "HTTP 2026-07-28 tools/call",
      plan: { setup: [], call: modernToolCall(), expect: { kind: "echo", modern: true } },
      ...hot,
    },
    // A 2025-11-25 client as the spec has it: it sends back the session id if the server assigned one at
    // `initialize` (mcpsmith does, the SDK's documented server does not).
    {
      id: "legacy",
      title: "HTTP 2025-11-25 tools/call",
      plan: { setup: legacyHandshake(), call: legacyToolCall(), expect: { kind: "echo", modern: false } },
      ...hot,
    },
    // Never sends the session id: mcpsmith's stateless legacy path, the one the SDK serves for both.
    {
      id: "legacy-stateless",
      title: "HTTP 2025-11-25 stateless tools/call",
      plan: {
        setup: legacyHandshake(),
        call: legacyToolCall(),
        expect: { kind: "echo", modern: false },
        ignoreSession: true,
      },
      ...hot,
    },
    {
      id: "modern-call-large",
      title: `HTTP 2026-07-28 tools/call, ${SETTINGS.manyTools} tools`,
      plan: { setup: [], call: modernToolCall(), expect: { kind: "echo", modern: true } },
      ...large,
    },
    {
      id: "modern-list-large",
      title: `HTTP 2026-07-28 tools/list, ${SETTINGS.manyTools} tools`,
      plan: { setup: [], call: modernToolsListCall(), expect: { kind: "list", tools: SETTINGS.manyTools } },
      ...large,
    },
  ];
  // A profile is about the hot path; the large model would mix its start-up into it.
  return profile ? list.filter((scenario) => scenario.tools === 1) : list;
}

async function benchHttp(list: readonly Scenario[]): Promise<Record<string, Record<ServerName, HttpFigures>>> {
  const figures: Record<string, Record<ServerName, HttpFigures>> = {};
  for (const tools of [...new Set(list.map((scenario) => scenario.tools))]) {
    const servers = { sdk: await startHttp("sdk", tools), mcpsmith: await startHttp("mcpsmith", tools) };
    try {
      for (const scenario of list.filter((s) => s.tools === tools)) {
        const results: Record<ServerName, LoadResult[]> = { sdk: [], mcpsmith: [] };
        for (let round = 0; round < scenario.rounds; round++) {
          // Alternate who goes first, so neither server always gets the quieter (or busier) machine.
          const order = round % 2 === 0 ? SERVERS : [...SERVERS].reverse();
          for (const name of order) {
            const result = await runLoadChild({
              url: servers[name].url,
              ...scenario.plan,
              concurrency: scenario.concurrency,
              warmupMs: scenario.warmupMs,
              durationMs: scenario.durationMs,
              ...(servers[name].child.pid !== undefined && { serverPid: servers[name].child.pid }),
            });
            log(
              `  ${scenario.id} round ${round + 1} ${LABEL[name]}: ${result.rps.toFixed(0)} req/s` +
                (result.errors ? `, ${result.errors} errors (${result.firstError})` : ""),
            );
            results[name].push(result);
          }
        }
        figures[scenario.id] = { sdk: httpFigures(results.sdk), mcpsmith: httpFigures(results.mcpsmith) };
      }
    } finally {
      await Promise.all(Object.values(servers).map(stopHttp));
    }
  }
  return figures;
}

function httpFigures(rounds: LoadResult[]): HttpFigures {
  const latencies = rounds.flatMap((round) => round.latenciesMs);
  const firstError = rounds.find((round) => round.firstError)?.firstError;
  return {
    rps: median(rounds.map((round) => round.rps)),
    roundsRps: rounds.map((round) => Math.round(round.rps)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    cpuUsPerCall: rounds.every((round) => round.serverCpuMs !== undefined)
      ? (1000 * rounds.reduce((sum, round) => sum + round.serverCpuMs!, 0)) / latencies.length
      : Number.NaN,
    requests: latencies.length,
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    ...(firstError !== undefined && { firstError }),
    session: rounds.some((round) => round.session),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The price of middleware: mcpsmith alone, and mcpsmith with one middleware whose http, request and tool hooks
// only pass on (`use()` with an empty chain), on the hot 2026-07-28 tools/call, alternating, in one run.

type ChainName = "none" | "empty";

async function benchMiddleware(): Promise<Record<ChainName, HttpFigures>> {
  const servers: Record<ChainName, HttpServer> = {
    none: await startHttp("mcpsmith", 1),
    empty: await startHttp("mcpsmith", 1, ["--middleware", "1"]),
  };
  const names: readonly ChainName[] = ["none", "empty"];
  try {
    const results: Record<ChainName, LoadResult[]> = { none: [], empty: [] };
    for (let round = 0; round < SETTINGS.rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const result = await runLoadChild({
          url: servers[name].url,
          setup: [],
          call: modernToolCall(),
          expect: { kind: "echo", modern: true },
          concurrency: SETTINGS.concurrency,
          warmupMs: SETTINGS.warmupMs,
          durationMs: SETTINGS.durationMs,
          ...(servers[name].child.pid !== undefined && { serverPid: servers[name].child.pid }),
        });
        log(`  middleware ${name} round ${round + 1}: ${result.rps.toFixed(0)} req/s`);
        results[name].push(result);
      }
    }
    return { none: httpFigures(results.none), empty: httpFigures(results.empty) };
  } finally {
    await Promise.all(Object.values(servers).map(stopHttp));
  }
}

function middlewareReport(figures: Record<ChainName, HttpFigures>): string {
  const row = (figure: string, unit: string, none: number, empty: number) => [
    `${figure} (${unit})`,
    formatValue(none, unit),
    formatValue(empty, unit),
    `${(empty / none).toFixed(2)}x`,
  ];
  return table([
    ["figure (mcpsmith, HTTP 2026-07-28 tools/call)", "no middleware", "empty chain", "empty/none"],
    row("throughput", "req/s", figures.none.rps, figures.empty.rps),
    row("p50 latency", "ms", figures.none.p50Ms, figures.empty.p50Ms),
    ...(Number.isNaN(figures.none.cpuUsPerCall)
      ? []
      : [row("server CPU per request", "µs", figures.none.cpuUsPerCall, figures.empty.cpuUsPerCall)]),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// The price of authorization: mcpsmith without auth, and with a JWT verified per request against a cached JWKS
// (`http.auth` with `jwtVerifier`, ES256), on the hot 2026-07-28 tools/call, alternating, in one run.

type AuthName = "none" | "jwt";

interface AuthFigures {
  http: Record<AuthName, HttpFigures>;
  /** CPU µs of one JWT verification against the cached key set, in process. */
  verifyCpuUs: number;
}

async function benchAuth(): Promise<AuthFigures> {
  const issuer = await startBenchIssuer();
  const verifyCpuUs = await verificationCpuUs(issuer, quick ? 500 : 5_000);
  const flags = ["--auth-jwks", issuer.jwksUrl, "--auth-issuer", issuer.issuer, "--auth-audience", issuer.audience];
  const servers: Record<AuthName, HttpServer> = {
    none: await startHttp("mcpsmith", 1),
    jwt: await startHttp("mcpsmith", 1, flags),
  };
  const names: readonly AuthName[] = ["none", "jwt"];
  const call = modernToolCall();
  const withToken = { ...call, headers: { ...call.headers, authorization: `Bearer ${issuer.token}` } };
  try {
    const results: Record<AuthName, LoadResult[]> = { none: [], jwt: [] };
    for (let round = 0; round < SETTINGS.rounds; round++) {
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const result = await runLoadChild({
          url: servers[name].url,
          setup: [],
          call: name === "jwt" ? withToken : call,
          expect: { kind: "echo", modern: true },
          concurrency: SETTINGS.concurrency,
          warmupMs: SETTINGS.warmupMs,
          durationMs: SETTINGS.durationMs,
          ...(servers[name].child.pid !== undefined && { serverPid: servers[name].child.pid }),
        });
        log(`  auth ${name} round ${round + 1}: ${result.rps.toFixed(0)} req/s`);
        results[name].push(result);
      }
    }
    // The key set is fetched once and cached: every request after the first verifies locally.
    // (Twice in all: once by the server, once by the in-process verification above.)
    if (issuer.fetches() !== 2) throw new Error(`the JWKS was fetched ${issuer.fetches()} times, expected twice`);
    return { http: { none: httpFigures(results.none), jwt: httpFigures(results.jwt) }, verifyCpuUs };
  } finally {
    await Promise.all(Object.values(servers).map(stopHttp));
    await issuer.close();
  }
}

function authReport({ http: figures, verifyCpuUs }: AuthFigures): string {
  const row = (figure: string, unit: string, none: number, jwt: number) => [
    `${figure} (${unit})`,
    formatValue(none, unit),
    formatValue(jwt, unit),
    `${(jwt / none).toFixed(2)}x`,
  ];
  return table([
    ["figure (mcpsmith, HTTP 2026-07-28 tools/call)", "no auth", "JWT, cached JWKS", "jwt/none"],
    row("throughput", "req/s", figures.none.rps, figures.jwt.rps),
    row("p50 latency", "ms", figures.none.p50Ms, figures.jwt.p50Ms),
    ...(Number.isNaN(figures.none.cpuUsPerCall)
      ? []
      : [row("server CPU per request", "µs", figures.none.cpuUsPerCall, figures.jwt.cpuUsPerCall)]),
    ["JWT verification alone, in process (CPU µs)", "", verifyCpuUs.toFixed(0), ""],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// stdio start-up and memory

interface StdioFigures {
  startupMs: number;
  runsMs: number[];
  /** Median CPU time the server used up to its answer (NaN where /proc is not available). */
  startupCpuMs: number;
}

function stdioFigures(runs: readonly StdioRun[]): StdioFigures {
  const cpu = runs.map((run) => run.startupCpuMs);
  return {
    startupMs: median(runs.map((run) => run.startupMs)),
    runsMs: runs.map((run) => round1(run.startupMs)),
    startupCpuMs: cpu.every((ms) => ms !== undefined) ? median(cpu as number[]) : Number.NaN,
  };
}

async function benchStartup(): Promise<Record<Era, Record<ServerName, StdioFigures>>> {
  const figures = {} as Record<Era, Record<ServerName, StdioFigures>>;
  for (const era of ["modern", "legacy"] as const) {
    // One discarded run each: the first spawn pays for a cold file cache.
    for (const name of SERVERS) await stdioRun(script(name), { era });
    const runs: Record<ServerName, StdioRun[]> = { sdk: [], mcpsmith: [] };
    for (let i = 0; i < SETTINGS.stdioRuns; i++) {
      for (const name of i % 2 === 0 ? SERVERS : [...SERVERS].reverse()) {
        runs[name].push(await stdioRun(script(name), { era }));
      }
    }
    figures[era] = { sdk: stdioFigures(runs.sdk), mcpsmith: stdioFigures(runs.mcpsmith) };
    log(
      `  stdio start-up (${era}): SDK ${figures[era].sdk.startupMs.toFixed(0)} ms, ` +
        `mcpsmith ${figures[era].mcpsmith.startupMs.toFixed(0)} ms`,
    );
  }
  return figures;
}

interface MemoryFigures {
  tools: number;
  rssBytes: number;
  startupMs: number;
  listBytes: number;
}

async function benchMemory(tools: number): Promise<Record<ServerName, MemoryFigures>> {
  const figures = {} as Record<ServerName, MemoryFigures>;
  const runs: Record<ServerName, StdioRun[]> = { sdk: [], mcpsmith: [] };
  for (let i = 0; i < SETTINGS.memoryRuns; i++) {
    for (const name of SERVERS) runs[name].push(await stdioRun(script(name), { era: "modern", tools, rss: true }));
  }
  for (const name of SERVERS) {
    figures[name] = {
      tools,
      rssBytes: median(runs[name].map((run) => run.rssBytes!)),
      startupMs: median(runs[name].map((run) => run.startupMs)),
      listBytes: runs[name][0]!.listBytes,
    };
  }
  log(`  stdio ${tools} tool(s): RSS SDK ${mb(figures.sdk.rssBytes)} MB, mcpsmith ${mb(figures.mcpsmith.rssBytes)} MB`);
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------
// Report

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

type Better = "higher" | "lower";

interface Row {
  figure: string;
  sdk: number;
  mcpsmith: number;
  unit: string;
  better: Better;
  /** The issue's target for the mcpsmith/SDK ratio, if it sets one. */
  target?: { ratio: number; text: string };
}

function formatValue(value: number, unit: string): string {
  if (unit === "MB") return mb(value);
  if (unit === "req/s" || unit === "µs") return value.toFixed(0);
  return value.toFixed(value < 10 ? 2 : 1);
}

function report(rows: Row[]): string {
  const header = ["figure", LABEL.sdk, LABEL.mcpsmith, "mcpsmith/SDK", "target"];
  const lines = rows.map((row) => {
    const ratio = row.mcpsmith / row.sdk;
    let target = "";
    if (row.target) {
      const met = row.better === "higher" ? ratio >= row.target.ratio : ratio <= row.target.ratio;
      target = `${row.target.text} ${met ? "met" : "MISSED"}`;
    }
    return [
      `${row.figure} (${row.unit})`,
      formatValue(row.sdk, row.unit),
      formatValue(row.mcpsmith, row.unit),
      `${ratio.toFixed(2)}x`,
      target,
    ];
  });
  return table([header, ...lines]);
}

function machine() {
  const cpu = cpus();
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cores: cpu.length,
    cpu: cpu[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    loadAverage: loadavg().map(round1),
  };
}

async function main(): Promise<void> {
  const info = machine();
  log(
    `mcpsmith bench${quick ? " (quick)" : ""}: node ${info.node}, ${info.cores} cores (${info.cpu}), ` +
      `load ${info.loadAverage.join(" ")}`,
  );
  const started = performance.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {};

  const httpScenarios = only.has("http") ? scenarios() : [];
  if (httpScenarios.length > 0) {
    log(`HTTP, median of ${SETTINGS.rounds} rounds of ${SETTINGS.durationMs} ms (1,000-tool models: fewer, shorter):`);
    const http = await benchHttp(httpScenarios);
    results.http = http;
    for (const scenario of httpScenarios) {
      const { title, tools } = scenario;
      const f = http[scenario.id]!;
      rows.push({
        figure: `${title} throughput`,
        sdk: f.sdk.rps,
        mcpsmith: f.mcpsmith.rps,
        unit: "req/s",
        better: "higher",
        target: { ratio: 1, text: ">= 1.00x" },
      });
      rows.push({
        figure: `${title} p50 latency`,
        sdk: f.sdk.p50Ms,
        mcpsmith: f.mcpsmith.p50Ms,
        unit: "ms",
        better: "lower",
      });
      if (tools === 1) {
        rows.push({
          figure: `${title} p99 latency`,
          sdk: f.sdk.p99Ms,
          mcpsmith: f.mcpsmith.p99Ms,
          unit: "ms",
          better: "lower",
        });
      }
      if (!Number.isNaN(f.sdk.cpuUsPerCall)) {
        rows.push({
          figure: `${title} server CPU per request`,
          sdk: f.sdk.cpuUsPerCall,
          mcpsmith: f.mcpsmith.cpuUsPerCall,
          unit: "µs",
          better: "lower",
        });
      }
    }
  }
  if (only.has("stdio")) {
    log(`stdio start-up to the first tools/list answer, median of ${SETTINGS.stdioRuns}:`);
    const startup = await benchStartup();
    results.stdioStartup = startup;
    for (const [era, title] of [
      ["modern", "stdio start-up, 2026-07-28 tools/list"],
      ["legacy", "stdio start-up, initialize + tools/list"],
    ] as const) {
      const f = startup[era];
      rows.push({
        figure: title,
        sdk: f.sdk.startupMs,
        mcpsmith: f.mcpsmith.startupMs,
        unit: "ms",
        better: "lower",
        target: { ratio: 1.1, text: "<= 1.10x" },
      });
      if (!Number.isNaN(f.sdk.startupCpuMs)) {
        rows.push({
          figure: `${title}, server CPU`,
          sdk: f.sdk.startupCpuMs,
          mcpsmith: f.mcpsmith.startupCpuMs,
          unit: "ms",
          better: "lower",
        });
      }
    }
  }
  if (only.has("memory")) {
    log(`stdio memory after tools/list, median of ${SETTINGS.memoryRuns}:`);
    const many = await benchMemory(SETTINGS.manyTools);
    const one = await benchMemory(1);
    results.memory = { [SETTINGS.manyTools]: many, 1: one };
    rows.push(
      {
        figure: `RSS, ${SETTINGS.manyTools} tools`,
        sdk: many.sdk.rssBytes,
        mcpsmith: many.mcpsmith.rssBytes,
        unit: "MB",
        better: "lower",
      },
      { figure: "RSS, 1 tool", sdk: one.sdk.rssBytes, mcpsmith: one.mcpsmith.rssBytes, unit: "MB", better: "lower" },
      {
        figure: `stdio start-up, ${SETTINGS.manyTools} tools`,
        sdk: many.sdk.startupMs,
        mcpsmith: many.mcpsmith.startupMs,
        unit: "ms",
        better: "lower",
      },
      {
        figure: `tools/list size, ${SETTINGS.manyTools} tools`,
        sdk: many.sdk.listBytes / 1024,
        mcpsmith: many.mcpsmith.listBytes / 1024,
        unit: "KiB",
        better: "lower",
      },
    );
  }

  let auth: AuthFigures | undefined;
  if (only.has("auth")) {
    log(`auth: mcpsmith with no auth and with JWT access tokens (cached JWKS), median of ${SETTINGS.rounds} rounds:`);
    auth = await benchAuth();
    results.auth = auth;
  }
  let middleware: Record<ChainName, HttpFigures> | undefined;
  if (only.has("middleware")) {
    log(`middleware: mcpsmith with no middleware and with an empty chain, median of ${SETTINGS.rounds} rounds:`);
    middleware = await benchMiddleware();
    results.middleware = middleware;
  }

  const elapsedS = (performance.now() - started) / 1000;
  const lines = [
    "",
    `mcpsmith vs @modelcontextprotocol/server 2.4.0 (documented style), same echo tool${quick ? " — QUICK run" : ""}`,
    `node ${info.node}, ${info.platform}, ${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB; ` +
      `HTTP: ${SETTINGS.concurrency} in flight, median of ${SETTINGS.rounds} x ${SETTINGS.durationMs / 1000} s ` +
      `after ${SETTINGS.warmupMs / 1000} s warm-up; stdio: median of ${SETTINGS.stdioRuns}`,
    "",
    ...(rows.length > 0 ? [report(rows)] : []),
    ...(middleware ? ["", middlewareReport(middleware)] : []),
    ...(auth ? ["", authReport(auth)] : []),
  ];
  const http = results.http as Record<string, Record<ServerName, HttpFigures>> | undefined;
  if (http) {
    lines.push("", "HTTP req/s per round:");
    for (const scenario of httpScenarios) {
      for (const name of SERVERS) {
        const f = http[scenario.id]![name];
        lines.push(
          `  ${scenario.id.padEnd(17)} ${LABEL[name].padEnd(9)} ${f.roundsRps.join(", ")}` +
            ` (${f.requests} requests, ${scenario.concurrency} in flight, ${f.errors} errors` +
            `${f.firstError ? `: ${f.firstError}` : ""}` +
            `${f.session ? ", on the session the server assigned at initialize" : ""})`,
        );
      }
    }
  }
  lines.push("", `total ${elapsedS.toFixed(0)} s`);
  console.log(lines.join("\n"));

  let profiles: Record<string, ProfileSummary> | undefined;
  if (profile) {
    profiles = {};
    for (const name of SERVERS) {
      const dir = join(profileDir, name);
      const file = readdirSync(dir).find((entry) => entry.endsWith(".cpuprofile"));
      if (!file) continue;
      profiles[name] = summarizeFile(join(dir, file));
      console.log(`\n${formatSummary(`${LABEL[name]} HTTP server profile (${join(dir, file)})`, profiles[name])}`);
    }
  }

  mkdirSync(resultsDir, { recursive: true });
  const out = join(resultsDir, `runtime-${stamp()}${quick ? "-quick" : ""}.json`);
  // Latency samples are summarised above; the file keeps the figures, not tens of thousands of numbers.
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, machine: info, settings: SETTINGS, rows, results, profiles, elapsedS: round1(elapsedS) }, null, 2)}\n`,
  );
  console.log(`written to ${out}`);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
