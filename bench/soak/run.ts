/**
 * `pnpm bench --only soak`: whether the server's memory stays flat under long mixed traffic of both eras. One
 * server process (soak/server.ts, default options), and this process as its clients, 16 cycles in flight, each
 * cycle one of:
 *
 * - a legacy session: `initialize`, a `tools/call`, its GET stream opened and dropped, `DELETE`;
 * - a legacy session opened and left (ended later by the 1,000-session cap);
 * - a 2026-07-28 `tools/call`;
 * - a 2026-07-28 `subscriptions/listen` stream opened and dropped;
 * - a task created (2026-07-28, the tasks extension), which ends at once and expires after its TTL.
 *
 * Every 5 seconds the server collects garbage and reports its resident set size and heap, under traffic. Every 30
 * seconds the clients also stop: once every cycle in flight has ended and the server has had 2 seconds to see the
 * dropped streams close, it reports them at rest. Under traffic, RSS moves with whatever is in flight (sockets and
 * buffers of the cycles the clients dropped, which a loaded machine closes later); at rest it is what the server
 * retains, which is what a leak raises. The first 2 minutes warm up; over the rest, the least-squares slope of each
 * series is reported in MB per 10 minutes (the target, under 1, is for RSS at rest).
 *
 *   node bench/dist/soak/run.js [--minutes N] [--quick]   # default 10 minutes; --quick is 4
 *
 * Results are printed and written to bench/results/soak-*.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEGACY, MODERN, MODERN_META, modernToolCall, TOOL } from "../runtime/protocol.js";
import { table } from "../runtime/stats.js";

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, "..", "..", "results");
const argv = process.argv.slice(2);
const minutesAt = argv.indexOf("--minutes");
const minutes = minutesAt >= 0 ? Number(argv[minutesAt + 1]) : argv.includes("--quick") ? 4 : 10;
/**
 * Memory climbs while the 1,000-session cap and the tasks of one TTL fill up, and while V8 sizes its heap to the
 * load: the slope is read after this.
 */
const WARM_UP_MS = 2 * 60_000;
if (!(Number.isFinite(minutes) && minutes * 60_000 > WARM_UP_MS)) {
  throw new Error("--minutes must be more than the 2 minutes of warm-up");
}
const DURATION_MS = minutes * 60_000;
const SAMPLE_MS = 5_000;
const REST_EVERY_MS = 30_000;
/** Long enough for the server to see the connections the clients dropped close, on a loaded machine. */
const SETTLE_MS = 2_000;
const IN_FLIGHT = 16;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function start(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, ["--expose-gc", join(here, "server.js")], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`soak/server.js exited (${code}): ${stderr}`)));
  });
  return { child, url: new URL(url) };
}

interface Memory {
  rss: number;
  heapUsed: number;
  /** What V8 has committed for its heap: RSS that grows while this stays flat is native memory, not V8's. */
  heapTotal: number;
  /** Memory of Buffers and other objects outside V8's heap (sockets' buffers among them). */
  external: number;
}

/** The server's memory after a full collection (it answers "memory" over IPC). */
function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as Memory));
    child.send("memory");
  });
}

const LEGACY_POST = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "soak", version: "0.0.0" } },
});
const LEGACY_CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: TOOL, arguments: { text: "soak" } },
});
const TASKS_META = {
  ...MODERN_META,
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
};

function modern(method: string, params: object, name?: string): RequestInit {
  return {
    method: "POST",
    headers: {
      ...LEGACY_POST,
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(name !== undefined && { "mcp-name": name }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: TASKS_META } }),
  };
}

async function drain(response: Response): Promise<Response> {
  await response.arrayBuffer();
  return response;
}

/** Opens a stream, waits for its headers, and drops the connection. */
async function openAndDrop(url: URL, init: RequestInit): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  controller.abort();
  await response.body?.cancel().catch(() => {});
}

async function openSession(url: URL): Promise<string> {
  const response = await drain(await fetch(url, { method: "POST", headers: LEGACY_POST, body: INITIALIZE }));
  const id = response.headers.get("mcp-session-id");
  if (id === null) throw new Error(`initialize answered ${response.status} without a session`);
  return id;
}

const CYCLES: Record<string, (url: URL) => Promise<void>> = {
  async "legacy session, ended by DELETE"(url) {
    const id = await openSession(url);
    const inSession = { ...LEGACY_POST, "mcp-session-id": id, "mcp-protocol-version": LEGACY };
    await drain(await fetch(url, { method: "POST", headers: inSession, body: LEGACY_CALL }));
    await openAndDrop(url, { headers: { ...inSession, accept: "text/event-stream" } });
    await drain(await fetch(url, { method: "DELETE", headers: inSession }));
  },
  async "legacy session, left to the cap"(url) {
    await openSession(url);
  },
  async "2026-07-28 tools/call"(url) {
    const { headers, body } = modernToolCall();
    await drain(await fetch(url, { method: "POST", headers, body }));
  },
  async "2026-07-28 listen stream, dropped"(url) {
    await openAndDrop(url, modern("subscriptions/listen", { notifications: { toolsListChanged: true } }));
  },
  async "2026-07-28 task"(url) {
    await drain(await fetch(url, modern("tools/call", { name: "job", arguments: {} }, "job")));
  },
};

/** Least-squares slope of (ms, bytes) samples, in MB per 10 minutes. */
function slope(samples: readonly { at: number; bytes: number }[]): number {
  const n = samples.length;
  const meanAt = samples.reduce((sum, { at }) => sum + at, 0) / n;
  const meanBytes = samples.reduce((sum, { bytes }) => sum + bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { at, bytes } of samples) {
    covariance += (at - meanAt) * (bytes - meanBytes);
    variance += (at - meanAt) ** 2;
  }
  return variance === 0 ? 0 : ((covariance / variance) * 600_000) / MB;
}

const MB = 1024 * 1024;
const { child, url } = await start();
const kinds = Object.keys(CYCLES);
const counts = Object.fromEntries(kinds.map((kind) => [kind, 0]));
let failures = 0;
let lastFailure = "";
const started = performance.now();
const samples: Sample[] = [];
const rested: Sample[] = [];

interface Sample extends Memory {
  at: number;
}

async function sample(into: Sample[], label: string): Promise<void> {
  const at = performance.now() - started;
  const memory = await memoryOf(child);
  into.push({ at, ...memory });
  log(
    `soak: ${(at / 60_000).toFixed(1)} min, ${label}: RSS ${(memory.rss / MB).toFixed(1)} MB, heap ${(memory.heapUsed / MB).toFixed(1)} of ${(memory.heapTotal / MB).toFixed(1)} MB, external ${(memory.external / MB).toFixed(1)} MB`,
  );
}

// One sample at a time: a rest sample and a traffic sample would otherwise race for the server's answer.
let sampling: Promise<void> = Promise.resolve();
const queueSample = (into: Sample[], label: string) => {
  sampling = sampling.then(() => sample(into, label));
  return sampling;
};
const sampler = setInterval(() => void queueSample(samples, "under traffic"), SAMPLE_MS);

/** The clients' pause: while `resting` is set, no new cycle starts; the last cycle to end lets the rest begin. */
let resting: Promise<void> | undefined;
let active = 0;
let allIdle: (() => void) | undefined;
async function rest(): Promise<void> {
  let release!: () => void;
  resting = new Promise((resolve) => {
    release = resolve;
  });
  if (active > 0) await new Promise<void>((resolve) => (allIdle = resolve));
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await queueSample(rested, "at rest");
  resting = undefined;
  release();
}
const rester = setInterval(() => void rest(), REST_EVERY_MS);

log(`soak: ${minutes} minutes of mixed traffic against ${url.href}, load average ${loadavg()[0]!.toFixed(1)}`);
let turn = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() - started < DURATION_MS) {
      while (resting !== undefined) await resting;
      const kind = kinds[turn++ % kinds.length]!;
      active += 1;
      try {
        await CYCLES[kind]!(url);
        counts[kind]! += 1;
      } catch (error) {
        failures += 1;
        lastFailure = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        active -= 1;
        if (active === 0 && resting !== undefined) allIdle?.();
      }
    }
  }),
);
clearInterval(sampler);
clearInterval(rester);
await sampling;
const alive = child.exitCode === null && child.signalCode === null;
child.kill("SIGTERM");

/** The series after warm-up, in MB, with its least-squares slope. */
function series(of: readonly Sample[], read: (sample: Sample) => number) {
  const warm = of.filter(({ at }) => at >= WARM_UP_MS);
  const mb = warm.map((sample) => read(sample) / MB);
  return {
    min: Math.min(...mb),
    max: Math.max(...mb),
    last: mb.at(-1),
    slopeMbPer10Minutes: slope(warm.map((sample) => ({ at: sample.at, bytes: read(sample) }))),
  };
}
const READINGS = {
  RSS: (sample: Sample) => sample.rss,
  "heap used": (sample: Sample) => sample.heapUsed,
  "heap committed": (sample: Sample) => sample.heapTotal,
  external: (sample: Sample) => sample.external,
};
const atRest = Object.fromEntries(Object.entries(READINGS).map(([name, read]) => [name, series(rested, read)]));
const underTraffic = Object.fromEntries(Object.entries(READINGS).map(([name, read]) => [name, series(samples, read)]));
const toSeconds = ({ at, rss, heapUsed, heapTotal, external }: Sample) => ({
  seconds: Math.round(at / 1000),
  rssMb: +(rss / MB).toFixed(1),
  heapMb: +(heapUsed / MB).toFixed(1),
  heapCommittedMb: +(heapTotal / MB).toFixed(1),
  externalMb: +(external / MB).toFixed(1),
});
const result = {
  date: new Date().toISOString(),
  minutes,
  cpus: cpus().length,
  loadAverage: loadavg()[0],
  alive,
  cycles: counts,
  failures,
  lastFailure,
  atRest,
  underTraffic,
  samples: { atRest: rested.map(toSeconds), underTraffic: samples.map(toSeconds) },
};

console.log(table([["cycle", "count"], ...kinds.map((kind) => [kind, counts[kind]!.toLocaleString("en")])]));
console.log(
  table([
    ["after warm-up", "min MB", "max MB", "slope, MB per 10 min"],
    ...(
      [
        ["at rest", atRest],
        ["under traffic", underTraffic],
      ] as const
    ).flatMap(([when, readings]) =>
      Object.entries(readings).map(([name, { min, max, slopeMbPer10Minutes }]) => [
        `${name}, ${when}`,
        min.toFixed(1),
        max.toFixed(1),
        slopeMbPer10Minutes.toFixed(2),
      ]),
    ),
  ]),
);
console.log(`server alive: ${alive}; failed cycles: ${failures}`);
if (failures > 0) log(`soak: last failure: ${lastFailure}`);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `soak-${Date.now()}.json`), `${JSON.stringify(result, null, 2)}\n`);
process.exit(alive ? 0 : 1);
