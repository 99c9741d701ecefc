/**
 * `pnpm bench`: mcpsmith against a hand-written `@modelcontextprotocol/server` 2.4.0 server (documented style) and
 * the floor (servers/floor.ts: plain `node:http` or stdin lines, no library), the same `echo` tool, measured in one
 * run, side by side, each server in its own child process. mcpsmith also runs with `fastPath: false` (its own SDK
 * path) in the 2026-07-28 and stdio scenarios, so the figures show what the fast path gains.
 *
 *   node bench/dist/run.js [--quick] [--profile] [--only http,stdio,startup,memory,middleware,auth,telemetry]
 *     [--scenarios modern,legacy-object,...]
 *
 * `--quick` is a smoke run (its time in bench/README.md); `--profile` runs the servers under `--cpu-prof` (HTTP; with
 * `--only http,stdio`, the stdio calls too) and prints where their CPU time went, by phase of a request
 * (docs/performance.md). Results are printed as a table of every figure, then a table of the fast path's targets, and
 * written to bench/results/runtime-*.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBenchIssuer, verificationCpuUs } from "./auth.js";
import { buildPetstoreProject } from "./generated-project.js";
import { type LoadPlan, type LoadResult, runLoadChild } from "./load.js";
import { formatSummary, type ProfileSummary, phaseTable, summarizeFile } from "./profile.js";
import { legacyHandshake, legacyToolCall, modernToolCall, modernToolsListCall } from "./protocol.js";
import { median, percentile, table } from "./stats.js";
import { type Era, type StdioCallResult, type StdioRun, stdioCalls, stdioRun } from "./stdio.js";

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
      : "http,stdio,memory,middleware,auth,telemetry"
  ).split(","),
);

const SETTINGS = quick
  ? { concurrency: 32, warmupMs: 300, durationMs: 1_000, rounds: 1, stdioRuns: 2, memoryRuns: 1, manyTools: 1000 }
  : { concurrency: 32, warmupMs: 1_000, durationMs: 3_000, rounds: 4, stdioRuns: 10, memoryRuns: 3, manyTools: 1000 };

type ServerName = "sdk" | "mcpsmith" | "noFastPath" | "generated" | "floor";
/** The servers of the throughput and memory figures. */
const SERVERS: readonly ServerName[] = ["sdk", "mcpsmith", "noFastPath", "floor"];
/**
 * The servers of the start-up figures: those, a one-tool server in the style mcpsmith's generators write (JSON
 * Schemas, no zod, Node's compile cache on where Node has one), and a project the OpenAPI generator wrote
 * (generated-project.ts: the petstore, 19 tools), the one the start-up target is judged on.
 */
type StartupName = ServerName | "project";
const STARTUP_SERVERS: readonly StartupName[] = ["sdk", "mcpsmith", "noFastPath", "generated", "project", "floor"];
/** The servers of the 2025-11-25 scenarios: the floor answers only 2026-07-28 (and a stdio initialize). */
const LEGACY_SERVERS: readonly ServerName[] = ["sdk", "mcpsmith", "noFastPath"];
const LABEL: Record<ServerName, string> = {
  sdk: "SDK 2.4.0",
  mcpsmith: "mcpsmith",
  noFastPath: "mcpsmith, fastPath: false",
  generated: "mcpsmith, generated (no zod)",
  floor: "floor",
};
const STARTUP_LABEL: Record<StartupName, string> = { ...LABEL, project: "generated project (petstore)" };
const LABEL_WIDTH = Math.max(...SERVERS.map((name) => LABEL[name].length));
/** Each server's script and the arguments that make it that server. */
const COMMAND: Record<ServerName, { script: string; args: readonly string[] }> = {
  sdk: { script: join(here, "servers", "sdk.js"), args: [] },
  mcpsmith: { script: join(here, "servers", "mcpsmith.js"), args: [] },
  noFastPath: { script: join(here, "servers", "mcpsmith.js"), args: ["--no-fast-path"] },
  generated: { script: join(here, "servers", "generated.js"), args: [] },
  floor: { script: join(here, "servers", "floor.js"), args: [] },
};
/** An empty list per server, to collect its runs in. */
function perServer<T>(servers: readonly ServerName[] = SERVERS): Record<ServerName, T[]> {
  return Object.fromEntries(servers.map((name) => [name, [] as T[]])) as Record<ServerName, T[]>;
}

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

/** Each order of the peers in turn, so that no server always gets the quieter (or busier) machine. */
function turn<T>(peers: readonly T[], round: number): T[] {
  const shift = round % peers.length;
  const order = [...peers.slice(shift), ...peers.slice(0, shift)];
  return Math.floor(round / peers.length) % 2 === 0 ? order : order.reverse();
}

/** Node flags that profile a server into its own folder (one profile per process). */
function profileFlags(section: string, name: ServerName): string[] {
  return profile ? ["--cpu-prof", "--cpu-prof-dir", join(profileDir, section, name)] : [];
}

async function startHttp(
  name: ServerName,
  tools: number,
  extra: readonly string[] = [],
  section = "http",
  env: NodeJS.ProcessEnv = process.env,
): Promise<HttpServer> {
  const flags = profileFlags(section, name);
  const { script, args: own } = COMMAND[name];
  const args = [...flags, script, "--transport", "http", "--tools", String(tools), ...own, ...extra];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe", "ipc"], env });
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
  /** Requests the server answered in all (warm-up included): divides its CPU profile. */
  answered: number;
  /** Its first answer, compared with the other servers'. */
  firstAnswer: unknown;
}

interface Scenario {
  id: string;
  title: string;
  /** Tools the servers register (the scenario's calls use `echo` or list them all). */
  tools: number;
  /** What else the servers are started with (`--object`: `echo` returns an object). */
  serverArgs?: readonly string[];
  plan: Pick<LoadPlan, "setup" | "call" | "expect" | "ignoreSession">;
  /** Who is measured: the floor only on the 2026-07-28 requests it answers. */
  peers: readonly ServerName[];
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
      peers: SERVERS,
      ...hot,
    },
    // A 2025-11-25 client as the spec has it: it sends back the session id if the server assigned one at
    // `initialize` (mcpsmith does, the SDK's documented server does not).
    {
      id: "legacy",
      title: "HTTP 2025-11-25 tools/call",
      plan: { setup: legacyHandshake(), call: legacyToolCall(), expect: { kind: "echo", modern: false } },
      peers: LEGACY_SERVERS,
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
      peers: LEGACY_SERVERS,
      ...hot,
    },
    // `echo` returns an object (structuredContent, checked against its output schema, and its JSON as text): the
    // floor writes the same bytes, to both eras.
    {
      id: "modern-object",
      title: "HTTP 2026-07-28 tools/call, object result",
      serverArgs: ["--object"],
      plan: { setup: [], call: modernToolCall(), expect: { kind: "echo", modern: true, object: true } },
      peers: SERVERS,
      ...hot,
    },
    {
      id: "legacy-object",
      title: "HTTP 2025-11-25 tools/call, object result",
      serverArgs: ["--object"],
      plan: {
        setup: legacyHandshake(),
        call: legacyToolCall(),
        expect: { kind: "echo", modern: false, object: true },
      },
      peers: SERVERS,
      ...hot,
    },
    {
      id: "modern-call-large",
      title: `HTTP 2026-07-28 tools/call, ${SETTINGS.manyTools} tools`,
      plan: { setup: [], call: modernToolCall(), expect: { kind: "echo", modern: true } },
      peers: SERVERS,
      ...large,
    },
    {
      id: "modern-list-large",
      title: `HTTP 2026-07-28 tools/list, ${SETTINGS.manyTools} tools`,
      plan: { setup: [], call: modernToolsListCall(), expect: { kind: "list", tools: SETTINGS.manyTools } },
      peers: SERVERS,
      ...large,
    },
  ];
  // Under --profile each scenario has processes of its own, and start-up is a phase of its own in the tables.
  // `--scenarios a,b`: only these HTTP scenarios (by id).
  const picked = argv.includes("--scenarios") ? new Set(argv[argv.indexOf("--scenarios") + 1]!.split(",")) : undefined;
  return picked ? list.filter((scenario) => picked.has(scenario.id)) : list;
}

type PeerFigures<F> = Partial<Record<ServerName, F>>;

/**
 * Servers are started once per model (size and arguments) and serve its scenarios in turn; under `--profile`, once
 * per scenario, so that each profile holds one kind of request.
 */
async function benchHttp(list: readonly Scenario[]): Promise<Record<string, PeerFigures<HttpFigures>>> {
  const figures: Record<string, PeerFigures<HttpFigures>> = {};
  const model = (scenario: Scenario) => `${scenario.tools} ${(scenario.serverArgs ?? []).join(" ")}`;
  const groups = profile
    ? list.map((scenario) => [scenario])
    : [...new Set(list.map(model))].map((key) => list.filter((s) => model(s) === key));
  for (const group of groups) {
    const { tools, serverArgs = [] } = group[0]!;
    const section = profile ? group[0]!.id : "http";
    const servers: PeerFigures<HttpServer> = {};
    try {
      for (const name of SERVERS.filter((peer) => group.some((scenario) => scenario.peers.includes(peer)))) {
        servers[name] = await startHttp(name, tools, serverArgs, section);
      }
      // The scenarios of a model take turns round by round, each round in another order, as the peers do within a
      // round: a legacy scenario is judged against the 2026-07-28 one of the same server, and on a shared machine a
      // slow minute then falls on both eras' rounds alike, instead of on all of one scenario's (nor does the first
      // round on a cold server always fall on the same scenario).
      const results = new Map(
        group.map((scenario) => [
          scenario,
          Object.fromEntries(scenario.peers.map((name) => [name, [] as LoadResult[]])),
        ]),
      );
      const rounds = Math.max(...group.map((scenario) => scenario.rounds));
      for (let round = 0; round < rounds; round++) {
        for (const scenario of turn(
          group.filter((each) => round < each.rounds),
          round,
        )) {
          for (const name of turn(scenario.peers, round)) {
            const server = servers[name]!;
            const result = await runLoadChild({
              url: server.url,
              ...scenario.plan,
              concurrency: scenario.concurrency,
              warmupMs: scenario.warmupMs,
              durationMs: scenario.durationMs,
              ...(server.child.pid !== undefined && { serverPid: server.child.pid }),
            });
            log(
              `  ${scenario.id} round ${round + 1} ${LABEL[name]}: ${result.rps.toFixed(0)} req/s` +
                (result.errors ? `, ${result.errors} errors (${result.firstError})` : ""),
            );
            results.get(scenario)![name]!.push(result);
          }
        }
      }
      for (const scenario of group) {
        figures[scenario.id] = Object.fromEntries(
          scenario.peers.map((name) => [name, httpFigures(results.get(scenario)![name]!)]),
        ) as PeerFigures<HttpFigures>;
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
    answered: rounds.reduce((sum, round) => sum + round.answered, 0),
    firstAnswer: rounds[0]?.firstAnswer,
  };
}

/** Where two JSON values first differ (a JSON pointer and both values), or undefined when they are the same. */
function firstDifference(a: unknown, b: unknown, path = ""): string | undefined {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? undefined : `${path || "/"}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path || "/"}: an array vs an object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key}`,
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * Every peer's first answer against mcpsmith's: "same JSON" or where it differs. The throughput of a server that
 * answers something else would not be comparable.
 */
function compareAnswers(title: string, answers: PeerFigures<unknown>): string[] {
  const reference = answers.mcpsmith;
  return SERVERS.filter((name) => name !== "mcpsmith" && name in answers).map((name) => {
    const difference = firstDifference(reference, answers[name]);
    return `  ${title}: ${LABEL[name]} vs mcpsmith: ${difference ? `DIFFERENT at ${difference}` : "same JSON"}`;
  });
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

/**
 * One HTTP 2026-07-28 tools/call setup next to the same without a feature: throughput, p50 and server CPU per
 * request, each with its ratio (the price of middleware, of auth).
 */
function priceTable(
  columns: [string, string, string],
  without: HttpFigures,
  withIt: HttpFigures,
  extra: string[][] = [],
) {
  const row = (figure: string, unit: string, a: number, b: number) => [
    `${figure} (${unit})`,
    formatValue(a, unit),
    formatValue(b, unit),
    `${(b / a).toFixed(2)}x`,
  ];
  return table([
    ["figure (mcpsmith, HTTP 2026-07-28 tools/call)", ...columns],
    row("throughput", "req/s", without.rps, withIt.rps),
    row("p50 latency", "ms", without.p50Ms, withIt.p50Ms),
    ...(Number.isNaN(without.cpuUsPerCall)
      ? []
      : [row("server CPU per request", "µs", without.cpuUsPerCall, withIt.cpuUsPerCall)]),
    ...extra,
  ]);
}

function middlewareReport(figures: Record<ChainName, HttpFigures>): string {
  return priceTable(["no middleware", "empty chain", "empty/none"], figures.none, figures.empty);
}

// ---------------------------------------------------------------------------------------------------------------
// The price of telemetry: mcpsmith with no OpenTelemetry provider registered and with one (spans and metrics made,
// batched and dropped), on the fast path and the SDK path, on the hot 2026-07-28 tools/call, alternating, in one
// run. With MCPSMITH_BENCH_BASELINE (another build's dist/index.js, say the commit before telemetry), that build
// runs beside them: the no-provider cost against it.

type TelemetryName = "baseline" | "none" | "provider";
type PathName = "fast" | "sdk";

async function benchTelemetry(): Promise<Record<PathName, Partial<Record<TelemetryName, HttpFigures>>>> {
  const baseline = process.env.MCPSMITH_BENCH_BASELINE;
  const names: TelemetryName[] = baseline ? ["baseline", "none", "provider"] : ["none", "provider"];
  const servers: { path: PathName; name: TelemetryName; server: HttpServer }[] = [];
  try {
    for (const path of ["fast", "sdk"] as const) {
      const pathFlags = path === "sdk" ? ["--no-fast-path"] : [];
      for (const name of names) {
        const flags = name === "provider" ? [...pathFlags, "--telemetry"] : pathFlags;
        const env = name === "baseline" ? { ...process.env, MCPSMITH_BENCH_RUNTIME: baseline } : process.env;
        servers.push({ path, name, server: await startHttp("mcpsmith", 1, flags, "telemetry", env) });
      }
    }
    const results = new Map<(typeof servers)[number], LoadResult[]>(servers.map((entry) => [entry, []]));
    for (let round = 0; round < SETTINGS.rounds; round++) {
      for (const entry of round % 2 === 0 ? servers : [...servers].reverse()) {
        const result = await runLoadChild({
          url: entry.server.url,
          setup: [],
          call: modernToolCall(),
          expect: { kind: "echo", modern: true },
          concurrency: SETTINGS.concurrency,
          warmupMs: SETTINGS.warmupMs,
          durationMs: SETTINGS.durationMs,
          ...(entry.server.child.pid !== undefined && { serverPid: entry.server.child.pid }),
        });
        log(`  telemetry ${entry.path} ${entry.name} round ${round + 1}: ${result.rps.toFixed(0)} req/s`);
        results.get(entry)!.push(result);
      }
    }
    const figures: Record<PathName, Partial<Record<TelemetryName, HttpFigures>>> = { fast: {}, sdk: {} };
    for (const [entry, runs] of results) figures[entry.path][entry.name] = httpFigures(runs);
    return figures;
  } finally {
    await Promise.all(servers.map((entry) => stopHttp(entry.server)));
  }
}

function telemetryReport(figures: Record<PathName, Partial<Record<TelemetryName, HttpFigures>>>): string {
  const cpu = (figure: HttpFigures | undefined) => figure?.cpuUsPerCall ?? Number.NaN;
  const ratio = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? "" : `${(b / a).toFixed(3)}x`);
  const rows = (["fast", "sdk"] as const).map((path) => {
    const { baseline, none, provider } = figures[path];
    return [
      path === "fast" ? "fast path" : "SDK path",
      baseline ? formatValue(cpu(baseline), "µs") : "",
      formatValue(cpu(none), "µs"),
      ratio(cpu(baseline), cpu(none)),
      formatValue(cpu(provider), "µs"),
      ratio(cpu(none), cpu(provider)),
      `${(none?.rps ?? 0).toFixed(0)} / ${(provider?.rps ?? 0).toFixed(0)}`,
    ];
  });
  return table([
    [
      "server CPU per tools/call (HTTP 2026-07-28)",
      "baseline build",
      "no provider",
      "none/baseline",
      "provider",
      "provider/none",
      "req/s none / provider",
    ],
    ...rows,
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
  return priceTable(["no auth", "JWT, cached JWKS", "jwt/none"], figures.none, figures.jwt, [
    ["JWT verification alone, in process (CPU µs)", "", verifyCpuUs.toFixed(0), ""],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// stdio start-up and memory

interface StdioFigures {
  startupMs: number;
  /** Each run's figure, in the order of the rounds (every server ran once a round, one after the other). */
  runsMs: number[];
  /** Median CPU time the server used up to its answer (NaN where /proc is not available). */
  startupCpuMs: number;
  runsCpuMs: number[];
}

function stdioFigures(runs: readonly StdioRun[]): StdioFigures {
  const cpu = runs.map((run) => run.startupCpuMs);
  return {
    startupMs: median(runs.map((run) => run.startupMs)),
    runsMs: runs.map((run) => round1(run.startupMs)),
    startupCpuMs: cpu.every((ms) => ms !== undefined) ? median(cpu as number[]) : Number.NaN,
    runsCpuMs: cpu.map((ms) => (ms === undefined ? Number.NaN : round1(ms))),
  };
}

async function benchStartup(): Promise<Record<Era, Record<StartupName, StdioFigures>>> {
  const figures = {} as Record<Era, Record<StartupName, StdioFigures>>;
  const project = buildPetstoreProject(join(benchDir, ".."));
  try {
    for (const era of ["modern", "legacy"] as const) {
      const run = (name: StartupName) =>
        name === "project"
          ? stdioRun(project.script, { era, projectDir: project.cwd })
          : stdioRun(COMMAND[name].script, { era, serverArgs: COMMAND[name].args });
      // One discarded run each: the first spawn pays for a cold file cache (and fills Node's compile cache).
      for (const name of STARTUP_SERVERS) await run(name);
      const runs = Object.fromEntries(STARTUP_SERVERS.map((name) => [name, [] as StdioRun[]])) as Record<
        StartupName,
        StdioRun[]
      >;
      for (let i = 0; i < SETTINGS.stdioRuns; i++) {
        for (const name of turn(STARTUP_SERVERS, i)) runs[name].push(await run(name));
      }
      figures[era] = Object.fromEntries(STARTUP_SERVERS.map((name) => [name, stdioFigures(runs[name])])) as Record<
        StartupName,
        StdioFigures
      >;
      log(
        `  stdio start-up (${era}): ` +
          STARTUP_SERVERS.map(
            (name) =>
              `${STARTUP_LABEL[name]} ${figures[era][name].startupMs.toFixed(0)} ms (CPU ${figures[era][name].startupCpuMs.toFixed(0)} ms)`,
          ).join(", "),
      );
    }
  } finally {
    project.remove();
  }
  return figures;
}

/**
 * The start-up target, for both eras: a generated server's time from spawn to its first tools/list answer at most
 * 1.5x the floor's (1.2x the moonshot), judged on the generated project, with the one-tool generated-style server and
 * the server that imports zod (the README's style) beside it. Wall-clock time and the server's CPU time, medians of
 * the interleaved runs; a ratio to the floor is the median of the round-by-round ratios (each run against the
 * floor's run of the same round), which a slow phase of a shared machine moves far less than a ratio of medians.
 */
function startupReport(startup: Record<Era, Record<StartupName, StdioFigures>>): string {
  const header = [
    "stdio start-up to the first tools/list",
    ...STARTUP_SERVERS.map((name) => STARTUP_LABEL[name]),
    "project/floor",
    "one-tool/floor",
    "zod/floor",
    "target (project)",
    "result",
  ];
  const lines: string[][] = [];
  for (const [era, title] of [
    ["legacy", "2025-11-25 host: initialize, initialized, tools/list"],
    ["modern", "2026-07-28 host: tools/list with _meta"],
  ] as const) {
    for (const [key, runs, unit] of [
      ["startupMs", "runsMs", "ms"],
      ["startupCpuMs", "runsCpuMs", "CPU ms"],
    ] as const) {
      const f = startup[era];
      const ratio = (name: StartupName) => pairedRatio(f[name][runs], f.floor[runs]);
      const measured = !Number.isNaN(f.floor[key]);
      lines.push([
        `${title} (${unit})`,
        ...STARTUP_SERVERS.map((name) => formatValue(f[name][key], "ms")),
        measured ? formatRatio(ratio("project")) : "",
        measured ? formatRatio(ratio("generated")) : "",
        measured ? formatRatio(ratio("mcpsmith")) : "",
        "<= 1.50x floor (moonshot 1.20x)",
        measured ? (ratio("project") <= 1.2 ? "moonshot met" : ratio("project") <= 1.5 ? "met" : "MISSED") : "?",
      ]);
    }
  }
  return table([header, ...lines]);
}

interface MemoryFigures {
  tools: number;
  rssBytes: number;
  startupMs: number;
  listBytes: number;
}

async function benchMemory(tools: number): Promise<Record<ServerName, MemoryFigures>> {
  const figures = {} as Record<ServerName, MemoryFigures>;
  const runs = perServer<StdioRun>();
  for (let i = 0; i < SETTINGS.memoryRuns; i++) {
    for (const name of turn(SERVERS, i)) {
      const { script, args } = COMMAND[name];
      runs[name].push(await stdioRun(script, { era: "modern", tools, rss: true, serverArgs: args }));
    }
  }
  for (const name of SERVERS) {
    figures[name] = {
      tools,
      rssBytes: median(runs[name].map((run) => run.rssBytes!)),
      startupMs: median(runs[name].map((run) => run.startupMs)),
      listBytes: runs[name][0]!.listBytes,
    };
  }
  log(
    `  stdio ${tools} tool(s): RSS ${SERVERS.map((name) => `${LABEL[name]} ${mb(figures[name].rssBytes)} MB`).join(", ")}`,
  );
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------
// stdio calls per second: one host, one server process per round, 32 tools/call in flight

interface StdioCallFigures {
  rps: number;
  roundsRps: number[];
  p50Ms: number;
  p99Ms: number;
  cpuUsPerCall: number;
  requests: number;
  errors: number;
  firstError?: string;
  answered: number;
  firstAnswer: unknown;
}

function stdioCallFigures(rounds: readonly StdioCallResult[]): StdioCallFigures {
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
    answered: rounds.reduce((sum, round) => sum + round.answered, 0),
    firstAnswer: rounds[0]?.firstAnswer,
  };
}

/**
 * Under `--profile`, one longer round per server, so each server leaves one profile. A 2025-11-25 host's calls go
 * to the servers that answer them (not the floor).
 */
async function benchStdioCalls(era: Era): Promise<PeerFigures<StdioCallFigures>> {
  const rounds = profile ? 1 : SETTINGS.rounds;
  const durationMs = profile ? SETTINGS.durationMs * SETTINGS.rounds : SETTINGS.durationMs;
  const servers = era === "modern" ? SERVERS : LEGACY_SERVERS;
  const results = perServer<StdioCallResult>();
  for (let round = 0; round < rounds; round++) {
    for (const name of turn(servers, round)) {
      const result = await stdioCalls(COMMAND[name].script, {
        concurrency: SETTINGS.concurrency,
        warmupMs: SETTINGS.warmupMs,
        durationMs,
        nodeFlags: profileFlags(era === "modern" ? "stdio-calls" : "stdio-calls-legacy", name),
        serverArgs: COMMAND[name].args,
        era,
      });
      log(
        `  stdio ${era} calls round ${round + 1} ${LABEL[name]}: ${result.rps.toFixed(0)} calls/s` +
          (result.errors ? `, ${result.errors} errors (${result.firstError})` : ""),
      );
      results[name].push(result);
    }
  }
  return Object.fromEntries(servers.map((name) => [name, stdioCallFigures(results[name])]));
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

/**
 * A target: mcpsmith's ratio to one peer, at least (higher is better) or at most `ratio`. The baseline: mcpsmith at
 * least the SDK's throughput, stdio start-up within 10% of the SDK's; the fast path's (docs/performance.md). Against
 * `modern`: a legacy client's figure against mcpsmith's own for a 2026-07-28 client in the same run (`Row.modern`).
 */
interface Target {
  /** Which set it belongs to: what any mcpsmith server owes, or what the compiled fast path was built to reach. */
  set: "baseline" | "fast path";
  against: "sdk" | "floor" | "modern";
  ratio: number;
}

interface Row {
  figure: string;
  values: PeerFigures<number>;
  unit: string;
  better: Better;
  targets?: Target[];
  /** A throughput row's latencies, for the fast path's table (the figures table has them as rows of their own). */
  latencyMs?: { p50: PeerFigures<number>; p99: PeerFigures<number> };
  /** A legacy client's row: mcpsmith's figure for a 2026-07-28 client on the same transport, in the same run. */
  modern?: EraComparison;
}

/**
 * mcpsmith's rate for a 2026-07-28 client, and the legacy client's ratio to it: over HTTP, where the two scenarios'
 * rounds alternate on one server, the median of the round-by-round ratios (a slow minute of a shared machine falls
 * on one pair of rounds, not on one era); over stdio, the ratio of the medians.
 */
interface EraComparison {
  rate: number;
  ratio: number;
}

/**
 * The median of round i of `values` over round i of `against`: the rounds of the two were run one after the other (a
 * legacy era's HTTP rate against the 2026-07-28 one, a server's start-up against the floor's).
 */
function pairedRatio(values: readonly number[], against: readonly number[]): number {
  return median(values.slice(0, against.length).map((value, round) => value / against[round]!));
}

function formatValue(value: number | undefined, unit: string): string {
  if (value === undefined || Number.isNaN(value)) return "—";
  if (unit === "MB") return mb(value);
  if (unit === "req/s" || unit === "calls/s" || unit === "µs") return value.toFixed(0);
  return value.toFixed(value < 10 ? 2 : 1);
}

/** mcpsmith's figure over a peer's (the fast path's gain, against `noFastPath`), or over its own 2026-07-28 one. */
function ratioOf(row: Row, against: Exclude<ServerName, "mcpsmith"> | "modern"): number | undefined {
  if (against === "modern") return row.modern?.ratio;
  const mine = row.values.mcpsmith;
  const theirs = row.values[against];
  return mine === undefined || theirs === undefined ? undefined : mine / theirs;
}

function formatRatio(value: number | undefined): string {
  return value === undefined ? "" : `${value.toFixed(2)}x`;
}

const AGAINST: Record<Target["against"], string> = { sdk: "SDK", floor: "floor", modern: "mcpsmith 2026-07-28" };

function targetText(row: Row, target: Target): string {
  const sign = row.better === "higher" ? ">=" : "<=";
  return `${sign} ${target.ratio.toFixed(2)}x ${AGAINST[target.against]}`;
}

function verdict(row: Row, target: Target): "met" | "MISSED" | "?" {
  const ratio = ratioOf(row, target.against);
  if (ratio === undefined) return "?";
  return (row.better === "higher" ? ratio >= target.ratio : ratio <= target.ratio) ? "met" : "MISSED";
}

/** Every figure, side by side, with mcpsmith's ratios to the others and the baseline targets. */
function report(rows: Row[]): string {
  const header = [
    "figure",
    ...SERVERS.map((name) => LABEL[name]),
    "mcpsmith/SDK",
    "mcpsmith/floor",
    `mcpsmith/${LABEL.noFastPath.replace("mcpsmith, ", "")}`,
    "baseline targets",
  ];
  const lines = rows.map((row) => [
    `${row.figure} (${row.unit})`,
    ...SERVERS.map((name) => formatValue(row.values[name], row.unit)),
    formatRatio(ratioOf(row, "sdk")),
    formatRatio(ratioOf(row, "floor")),
    formatRatio(ratioOf(row, "noFastPath")),
    (row.targets ?? [])
      .filter((target) => target.set === "baseline")
      .map((target) => `${targetText(row, target)} ${verdict(row, target)}`)
      .join(", "),
  ]);
  return table([header, ...lines]);
}

/**
 * The fast path's targets, one line each: the figures of every server, what the fast path gains over mcpsmith's own SDK
 * path, the ratio the target is on, the target, met or MISSED; under a throughput, its p50 / p99 latencies.
 */
function fastPathReport(rows: Row[]): string {
  const header = [
    "fast path target",
    ...SERVERS.map((name) => LABEL[name]),
    "fast path gain",
    "mcpsmith is",
    "target",
    "result",
  ];
  const lines: string[][] = [];
  for (const row of rows) {
    const targets = (row.targets ?? []).filter((target) => target.set === "fast path");
    targets.forEach((target, i) => {
      lines.push([
        i === 0 ? `${row.figure} (${row.unit})` : "",
        ...SERVERS.map((name) => (i === 0 ? formatValue(row.values[name], row.unit) : "")),
        i === 0 ? formatRatio(ratioOf(row, "noFastPath")) : "",
        `${formatRatio(ratioOf(row, target.against))} ${AGAINST[target.against]}`,
        targetText(row, target),
        verdict(row, target),
      ]);
    });
    if (targets.length > 0 && row.latencyMs) {
      const { p50, p99 } = row.latencyMs;
      lines.push([
        "  p50 / p99 latency (ms)",
        ...SERVERS.map((name) =>
          p50[name] === undefined ? "—" : `${formatValue(p50[name], "ms")} / ${formatValue(p99[name], "ms")}`,
        ),
        "",
        "",
        "",
        "",
      ]);
    }
  }
  return table([header, ...lines]);
}

/** The rows of one throughput measurement (HTTP or stdio): requests/s, p50, p99, server CPU per request. */
function throughputRows(
  title: string,
  unit: "req/s" | "calls/s",
  figures: PeerFigures<{ rps: number; p50Ms: number; p99Ms: number; cpuUsPerCall: number }>,
  targets: Target[],
  withP99: boolean,
  modern?: EraComparison,
): Row[] {
  const pick = (key: "rps" | "p50Ms" | "p99Ms" | "cpuUsPerCall") =>
    Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, f[key]])) as PeerFigures<number>;
  const rows: Row[] = [
    {
      figure: `${title} throughput`,
      values: pick("rps"),
      unit,
      better: "higher",
      targets,
      latencyMs: { p50: pick("p50Ms"), p99: pick("p99Ms") },
      ...(modern !== undefined && { modern }),
    },
    { figure: `${title} p50 latency`, values: pick("p50Ms"), unit: "ms", better: "lower" },
  ];
  if (withP99) rows.push({ figure: `${title} p99 latency`, values: pick("p99Ms"), unit: "ms", better: "lower" });
  if (!Number.isNaN(figures.mcpsmith?.cpuUsPerCall)) {
    rows.push({ figure: `${title} server CPU per request`, values: pick("cpuUsPerCall"), unit: "µs", better: "lower" });
  }
  return rows;
}

/** The targets an HTTP scenario's throughput is judged on. */
function httpTargets(id: string): Target[] {
  if (id === "modern") {
    return [
      { set: "fast path", against: "sdk", ratio: 10 },
      { set: "fast path", against: "floor", ratio: 0.5 },
    ];
  }
  if (id === "modern-list-large") return [{ set: "fast path", against: "sdk", ratio: 20 }];
  // A legacy client's calls on the fast path: within 10% of a 2026-07-28 client's rate.
  if (id === "legacy" || id === "legacy-stateless") {
    return [
      { set: "baseline", against: "sdk", ratio: 1 },
      { set: "fast path", against: "modern", ratio: 0.9 },
    ];
  }
  if (id === "modern-object" || id === "legacy-object") return [{ set: "fast path", against: "floor", ratio: 0.5 }];
  return [{ set: "baseline", against: "sdk", ratio: 1 }];
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

/** Each profiled server's phases, side by side, with the requests it answered; and each one's full summary. */
function profileReport(
  title: string,
  section: string,
  answered: PeerFigures<number>,
  profiles: Record<string, PeerFigures<ProfileSummary>>,
): string[] {
  const found: { label: string; name: ServerName; summary: ProfileSummary; requests: number; file: string }[] = [];
  const summaries: PeerFigures<ProfileSummary> = {};
  profiles[section] = summaries;
  for (const name of SERVERS) {
    const requests = answered[name];
    if (requests === undefined) continue;
    const dir = join(profileDir, section, name);
    const file = readdirSync(dir).find((entry) => entry.endsWith(".cpuprofile"));
    if (!file) continue;
    const summary = summarizeFile(join(dir, file));
    summaries[name] = summary;
    found.push({ label: LABEL[name], name, summary, requests, file: join(dir, file) });
  }
  return [
    "",
    `${title}: where the servers' CPU time went, by phase of a request (share of busy time; CPU µs per request)`,
    table(phaseTable(found)),
    ...found.map(({ label, summary, requests, file }) => `\n${formatSummary(`${label} (${file})`, summary, requests)}`),
  ];
}

async function main(): Promise<void> {
  const info = machine();
  log(
    `mcpsmith bench${quick ? " (quick)" : ""}${profile ? " (profile)" : ""}: node ${info.node}, ${info.cores} cores ` +
      `(${info.cpu}), load ${info.loadAverage.join(" ")}`,
  );
  const started = performance.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {};
  const answers: string[] = [];
  const perRound: string[] = [];
  const profileLines: string[] = [];
  const profiles: Record<string, PeerFigures<ProfileSummary>> = {};
  let startupTable: string | undefined;

  const httpScenarios = only.has("http") ? scenarios() : [];
  if (httpScenarios.length > 0) {
    log(`HTTP, median of ${SETTINGS.rounds} rounds of ${SETTINGS.durationMs} ms (1,000-tool models: fewer, shorter):`);
    const http = await benchHttp(httpScenarios);
    results.http = http;
    for (const scenario of httpScenarios) {
      const f = http[scenario.id]!;
      // A legacy scenario is judged against the 2026-07-28 one of the same model, their rounds taken in turns.
      const mine = f.mcpsmith;
      const theirs = http.modern?.mcpsmith;
      const modern =
        scenario.id.startsWith("legacy") && mine !== undefined && theirs !== undefined
          ? { rate: theirs.rps, ratio: pairedRatio(mine.roundsRps, theirs.roundsRps) }
          : undefined;
      rows.push(...throughputRows(scenario.title, "req/s", f, httpTargets(scenario.id), scenario.tools === 1, modern));
      answers.push(
        ...compareAnswers(
          scenario.title,
          Object.fromEntries(Object.entries(f).map(([name, figures]) => [name, figures.firstAnswer])),
        ),
      );
      for (const name of scenario.peers) {
        const figures = f[name]!;
        perRound.push(
          `  ${scenario.id.padEnd(17)} ${LABEL[name].padEnd(LABEL_WIDTH)} ${figures.roundsRps.join(", ")}` +
            ` (${figures.requests} requests, ${scenario.concurrency} in flight, ${figures.errors} errors` +
            `${figures.firstError ? `: ${figures.firstError}` : ""}` +
            `${figures.session ? ", on the session the server assigned at initialize" : ""})`,
        );
      }
      if (profile) {
        const answered = Object.fromEntries(Object.entries(f).map(([name, figures]) => [name, figures.answered]));
        profileLines.push(...profileReport(scenario.title, scenario.id, answered, profiles));
      }
    }
  }
  if (only.has("stdio")) {
    log(`stdio tools/call, ${SETTINGS.concurrency} in flight, one host:`);
    results.stdioCalls = {};
    let modernRate: number | undefined;
    for (const [era, title, id] of [
      ["modern", "stdio 2026-07-28 tools/call", "stdio-calls"],
      ["legacy", "stdio 2025-11-25 tools/call", "stdio-legacy"],
    ] as const) {
      const calls = await benchStdioCalls(era);
      (results.stdioCalls as Record<string, unknown>)[era] = calls;
      const targets: Target[] =
        era === "modern"
          ? [{ set: "fast path", against: "sdk", ratio: 10 }]
          : [{ set: "fast path", against: "modern", ratio: 0.9 }];
      if (era === "modern") modernRate = calls.mcpsmith?.rps;
      const mine = calls.mcpsmith?.rps;
      const modern =
        era === "legacy" && modernRate !== undefined && mine !== undefined
          ? { rate: modernRate, ratio: mine / modernRate }
          : undefined;
      rows.push(...throughputRows(title, "calls/s", calls, targets, true, modern));
      answers.push(
        ...compareAnswers(
          title,
          Object.fromEntries(Object.entries(calls).map(([name, figures]) => [name, figures.firstAnswer])),
        ),
      );
      for (const [name, figures] of Object.entries(calls) as [ServerName, StdioCallFigures][]) {
        perRound.push(
          `  ${id.padEnd(17)} ${LABEL[name].padEnd(LABEL_WIDTH)} ${figures.roundsRps.join(", ")} (${figures.requests} calls, ${figures.errors} errors)`,
        );
      }
      if (profile) {
        const answered = Object.fromEntries(Object.entries(calls).map(([name, figures]) => [name, figures.answered]));
        profileLines.push(...profileReport(title, id, answered, profiles));
      }
    }
  }
  // `--only startup` measures start-up alone (`stdio` measures it with the calls).
  if ((only.has("stdio") || only.has("startup")) && !profile) {
    log(`stdio start-up to the first tools/list answer, median of ${SETTINGS.stdioRuns}:`);
    const startup = await benchStartup();
    results.stdioStartup = startup;
    startupTable = startupReport(startup);
    for (const [era, title] of [
      ["modern", "stdio start-up, 2026-07-28 tools/list"],
      ["legacy", "stdio start-up, initialize + tools/list"],
    ] as const) {
      const f = startup[era];
      const values = (key: "startupMs" | "startupCpuMs") =>
        Object.fromEntries(SERVERS.map((name) => [name, f[name][key]])) as PeerFigures<number>;
      rows.push({
        figure: title,
        values: values("startupMs"),
        unit: "ms",
        better: "lower",
        // The target against the floor is a generated server's (the start-up table below).
        targets: [{ set: "baseline", against: "sdk", ratio: 1.1 }],
      });
      if (!Number.isNaN(f.sdk.startupCpuMs)) {
        rows.push({ figure: `${title}, server CPU`, values: values("startupCpuMs"), unit: "ms", better: "lower" });
      }
    }
  }
  if (only.has("memory") && !profile) {
    log(`stdio memory after tools/list, median of ${SETTINGS.memoryRuns}:`);
    const many = await benchMemory(SETTINGS.manyTools);
    const one = await benchMemory(1);
    results.memory = { [SETTINGS.manyTools]: many, 1: one };
    const values = (figures: Record<ServerName, MemoryFigures>, pick: (f: MemoryFigures) => number) =>
      Object.fromEntries(SERVERS.map((name) => [name, pick(figures[name])])) as PeerFigures<number>;
    rows.push(
      {
        figure: `RSS, ${SETTINGS.manyTools} tools`,
        values: values(many, (f) => f.rssBytes),
        unit: "MB",
        better: "lower",
        targets: [{ set: "fast path", against: "sdk", ratio: 1 }],
      },
      { figure: "RSS, 1 tool", values: values(one, (f) => f.rssBytes), unit: "MB", better: "lower" },
      {
        figure: `stdio start-up, ${SETTINGS.manyTools} tools`,
        values: values(many, (f) => f.startupMs),
        unit: "ms",
        better: "lower",
      },
      {
        figure: `tools/list size, ${SETTINGS.manyTools} tools`,
        values: values(many, (f) => f.listBytes / 1024),
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
  let telemetry: Record<PathName, Partial<Record<TelemetryName, HttpFigures>>> | undefined;
  if (only.has("telemetry") && !profile) {
    log(`telemetry: mcpsmith with no provider and with one, both paths, median of ${SETTINGS.rounds} rounds:`);
    telemetry = await benchTelemetry();
    results.telemetry = telemetry;
  }
  let middleware: Record<ChainName, HttpFigures> | undefined;
  if (only.has("middleware") && !profile) {
    log(`middleware: mcpsmith with no middleware and with an empty chain, median of ${SETTINGS.rounds} rounds:`);
    middleware = await benchMiddleware();
    results.middleware = middleware;
  }

  const elapsedS = (performance.now() - started) / 1000;
  const lines = [
    "",
    `mcpsmith vs @modelcontextprotocol/server 2.4.0 (documented style) vs the floor (no library), same echo tool` +
      `${quick ? " — QUICK run" : ""}${profile ? " — PROFILED run (servers under --cpu-prof: slower)" : ""}`,
    `node ${info.node}, ${info.platform}, ${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB, ` +
      `load ${info.loadAverage.join(" ")} at the start; ` +
      `${SETTINGS.concurrency} in flight, median of ${SETTINGS.rounds} x ${SETTINGS.durationMs / 1000} s ` +
      `after ${SETTINGS.warmupMs / 1000} s warm-up; stdio start-up: median of ${SETTINGS.stdioRuns}`,
    "",
    ...(rows.length > 0 ? [report(rows)] : []),
    ...(rows.some((row) => row.targets?.some((target) => target.set === "fast path"))
      ? ["", "the fast path: targets, all figures from this run", fastPathReport(rows)]
      : []),
    ...(startupTable ? ["", "start-up: the target, both eras, all figures from this run", startupTable] : []),
    ...(middleware ? ["", middlewareReport(middleware)] : []),
    ...(telemetry ? ["", telemetryReport(telemetry)] : []),
    ...(auth ? ["", authReport(auth)] : []),
    ...(answers.length > 0 ? ["", "first answers (checked before measuring):", ...answers] : []),
    ...(perRound.length > 0 ? ["", "throughput per round:", ...perRound] : []),
    "",
    `total ${elapsedS.toFixed(0)} s`,
    ...profileLines,
  ];
  console.log(lines.join("\n"));

  mkdirSync(resultsDir, { recursive: true });
  const out = join(resultsDir, `runtime-${stamp()}${quick ? "-quick" : ""}${profile ? "-profile" : ""}.json`);
  // Latency samples are summarised above; the file keeps the figures, not tens of thousands of numbers.
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, profile, machine: info, settings: SETTINGS, rows, results, profiles, elapsedS: round1(elapsedS) }, null, 2)}\n`,
  );
  console.log(`written to ${out}`);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
