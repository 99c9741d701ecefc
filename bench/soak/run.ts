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
 * The server's resident set size is read from /proc every 5 seconds (Linux only). The first fifth of the run warms
 * up; over the rest, the least-squares slope is reported in MB per 10 minutes.
 *
 *   node bench/dist/soak/run.js [--minutes N] [--quick]   # default 10 minutes; --quick is 2
 *
 * Results are printed and written to bench/results/soak-*.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LEGACY, MODERN, MODERN_META, modernToolCall, TOOL } from "../runtime/protocol.js";
import { table } from "../runtime/stats.js";

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, "..", "..", "results");
const argv = process.argv.slice(2);
const minutesAt = argv.indexOf("--minutes");
const minutes = minutesAt >= 0 ? Number(argv[minutesAt + 1]) : argv.includes("--quick") ? 2 : 10;
if (!(Number.isFinite(minutes) && minutes > 0)) throw new Error("--minutes must be a positive number");
const DURATION_MS = minutes * 60_000;
const SAMPLE_MS = 5_000;
const IN_FLIGHT = 16;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function start(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [join(here, "server.js")], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
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

/** The resident set size of a process, in bytes (VmRSS). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
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

/** Least-squares slope of (ms, bytes) samples, in bytes per millisecond. */
function slope(samples: readonly { at: number; rss: number }[]): number {
  const n = samples.length;
  const meanAt = samples.reduce((sum, { at }) => sum + at, 0) / n;
  const meanRss = samples.reduce((sum, { rss }) => sum + rss, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { at, rss } of samples) {
    covariance += (at - meanAt) * (rss - meanRss);
    variance += (at - meanAt) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

const MB = 1024 * 1024;
const { child, url } = await start();
const kinds = Object.keys(CYCLES);
const counts = Object.fromEntries(kinds.map((kind) => [kind, 0]));
let failures = 0;
let lastFailure = "";
const started = performance.now();
const samples: { at: number; rss: number }[] = [];
const sampler = setInterval(() => {
  const at = performance.now() - started;
  samples.push({ at, rss: rssOf(child.pid!) });
  log(`soak: ${(at / 60_000).toFixed(1)} min, RSS ${(samples.at(-1)!.rss / MB).toFixed(1)} MB`);
}, SAMPLE_MS);

log(`soak: ${minutes} minutes of mixed traffic against ${url.href}, load average ${loadavg()[0]!.toFixed(1)}`);
let turn = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() - started < DURATION_MS) {
      const kind = kinds[turn++ % kinds.length]!;
      try {
        await CYCLES[kind]!(url);
        counts[kind]! += 1;
      } catch (error) {
        failures += 1;
        lastFailure = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }),
);
clearInterval(sampler);
const alive = child.exitCode === null && child.signalCode === null;
child.kill("SIGTERM");

const warm = samples.filter(({ at }) => at >= DURATION_MS / 5);
const perTenMinutes = (slope(warm) * 600_000) / MB;
const rssMb = warm.map(({ rss }) => rss / MB);
const result = {
  date: new Date().toISOString(),
  minutes,
  cpus: cpus().length,
  loadAverage: loadavg()[0],
  alive,
  cycles: counts,
  failures,
  lastFailure,
  rssMb: { min: Math.min(...rssMb), max: Math.max(...rssMb), last: rssMb.at(-1) },
  slopeMbPer10Minutes: perTenMinutes,
  samples: samples.map(({ at, rss }) => ({ seconds: Math.round(at / 1000), rssMb: +(rss / MB).toFixed(1) })),
};

console.log(table([["cycle", "count"], ...kinds.map((kind) => [kind, counts[kind]!.toLocaleString("en")])]));
console.log(
  table([
    ["server alive", "failures", "RSS after warm-up, MB (min-max)", "slope, MB per 10 min"],
    [
      String(alive),
      String(failures),
      `${result.rssMb.min.toFixed(1)}-${result.rssMb.max.toFixed(1)}`,
      perTenMinutes.toFixed(2),
    ],
  ]),
);
if (failures > 0) log(`soak: last failure: ${lastFailure}`);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, `soak-${Date.now()}.json`), `${JSON.stringify(result, null, 2)}\n`);
process.exit(alive ? 0 : 1);
