/**
 * `pnpm bench --only scale`: mcpsmith past one machine, in one run, on the real Redis (MCPSMITH_BENCH_REDIS_URL,
 * default redis://127.0.0.1:6379; keys and channels under a prefix of the run's own):
 *
 * - tools/call (2026-07-28) throughput of one replica, of the same replica behind the round-robin proxy (the proxy's
 *   own price), and of two replicas behind it; each replica a process, the load generator another;
 * - notification latency through Redis: p50/p99 from `ctx.notify.toolsChanged()` in a handler on replica A to the
 *   `notifications/tools/list_changed` read off a `subscriptions/listen` stream held by replica B.
 *
 *   node bench/dist/scale/run.js [--quick]
 *
 * Results are printed and written to bench/results/scale-*.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LoadResult, runLoadChild } from "../runtime/load.js";
import { MODERN, MODERN_META, modernToolCall } from "../runtime/protocol.js";
import { median, percentile, table } from "../runtime/stats.js";

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, "..", "..", "results");
const quick = process.argv.includes("--quick");
const SETTINGS = quick
  ? { concurrency: 32, warmupMs: 300, durationMs: 1_000, rounds: 1, notifications: 100 }
  : { concurrency: 32, warmupMs: 1_000, durationMs: 3_000, rounds: 3, notifications: 1_000 };
const REDIS_URL = process.env.MCPSMITH_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

interface Child {
  child: ChildProcess;
  url: URL;
}

/** Starts a script that tells its URL over IPC. */
async function start(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const child = spawn(process.execPath, [join(here, script), ...args], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    env,
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}): ${stderr}`)));
  });
  return { child, url: new URL(url) };
}

async function stop({ child }: Child): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Throughput

type Setup = "one replica" | "proxy, one replica" | "proxy, two replicas";

interface Throughput {
  rps: number;
  roundsRps: number[];
  p50Ms: number;
  p99Ms: number;
  errors: number;
  firstError?: string;
}

async function throughput(targets: Record<Setup, URL>): Promise<Record<Setup, Throughput>> {
  const setups = Object.keys(targets) as Setup[];
  const results = Object.fromEntries(setups.map((setup) => [setup, [] as LoadResult[]])) as Record<Setup, LoadResult[]>;
  for (let round = 0; round < SETTINGS.rounds; round++) {
    // Rotate who goes first, so no setup always gets the quieter (or busier) machine.
    const order = setups.map((_, i) => setups[(i + round) % setups.length]!);
    for (const setup of order) {
      const result = await runLoadChild({
        url: targets[setup].href,
        setup: [],
        call: modernToolCall(),
        expect: { kind: "echo", modern: true },
        concurrency: SETTINGS.concurrency,
        warmupMs: SETTINGS.warmupMs,
        durationMs: SETTINGS.durationMs,
      });
      log(
        `  ${setup} round ${round + 1}: ${result.rps.toFixed(0)} req/s${result.errors ? `, ${result.errors} errors` : ""}`,
      );
      results[setup].push(result);
    }
  }
  return Object.fromEntries(
    setups.map((setup) => {
      const rounds = results[setup];
      const latencies = rounds.flatMap((r) => r.latenciesMs);
      const firstError = rounds.find((r) => r.firstError)?.firstError;
      const figures: Throughput = {
        rps: median(rounds.map((r) => r.rps)),
        roundsRps: rounds.map((r) => Math.round(r.rps)),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        errors: rounds.reduce((sum, r) => sum + r.errors, 0),
        ...(firstError !== undefined && { firstError }),
      };
      return [setup, figures];
    }),
  ) as Record<Setup, Throughput>;
}

// ---------------------------------------------------------------------------------------------------------------
// Notification latency

const now = () => performance.timeOrigin + performance.now();

let nextId = 1;
function rpc(method: string, params: Record<string, unknown>, name?: string): RequestInit {
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(name !== undefined && { "mcp-name": name }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: MODERN_META } }),
  };
}

/** A `subscriptions/listen` stream for tool-list changes; `next()` resolves with the arrival time of the next one. */
async function listen(url: URL): Promise<{ next(): Promise<number>; close(): void }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    ...rpc("subscriptions/listen", { notifications: { toolsListChanged: true } }),
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`listen refused: HTTP ${response.status}`);
  const arrivals: number[] = [];
  let wake: (() => void) | undefined;
  let acknowledged!: () => void;
  const ack = new Promise<void>((resolve) => {
    acknowledged = resolve;
  });
  void (async () => {
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        const at = now();
        pending += decoder.decode(chunk, { stream: true });
        for (let end = pending.indexOf("\n\n"); end >= 0; end = pending.indexOf("\n\n")) {
          const event = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const data = event
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5))
            .join("");
          if (!data) continue;
          const method = (JSON.parse(data) as { method?: string }).method;
          if (method === "notifications/subscriptions/acknowledged") acknowledged();
          if (method === "notifications/tools/list_changed") {
            arrivals.push(at);
            wake?.();
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ack;
  return {
    async next() {
      while (arrivals.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return arrivals.shift()!;
    },
    close: () => abort.abort(),
  };
}

interface Latency {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

async function notificationLatency(publisher: URL, listener: URL): Promise<Latency> {
  const stream = await listen(listener);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < SETTINGS.notifications + 20; i++) {
      const answer = (await (
        await fetch(publisher, rpc("tools/call", { name: "announce", arguments: {} }, "announce"))
      ).json()) as {
        result?: { content: { text: string }[] };
        error?: unknown;
      };
      if (!answer.result) throw new Error(`announce failed: ${JSON.stringify(answer.error)}`);
      const published = Number(answer.result.content[0]!.text);
      const arrived = await stream.next();
      // The first rounds warm both processes up.
      if (i >= 20) latencies.push(arrived - published);
    }
  } finally {
    stream.close();
  }
  return {
    samples: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
  };
}

// ---------------------------------------------------------------------------------------------------------------

if (!(await reachable(REDIS_URL))) {
  log(`scale bench skipped: nothing listens at ${new URL(REDIS_URL).host} (set MCPSMITH_BENCH_REDIS_URL)`);
  process.exit(0);
}

const env = {
  ...process.env,
  MCPSMITH_REDIS_URL: REDIS_URL,
  MCPSMITH_REDIS_PREFIX: `mcpsmith-bench-${randomUUID()}:`,
  MCPSMITH_STATE_KEY: randomUUID() + randomUUID(),
};
const started: Child[] = [];
try {
  log(`scale: two replicas on ${new URL(REDIS_URL).host}, ${quick ? "quick run" : "full run"}`);
  const a = await start("replica.js", [], env);
  started.push(a);
  const b = await start("replica.js", [], env);
  started.push(b);
  const proxyOne = await start("proxy.js", [a.url.href]);
  started.push(proxyOne);
  const proxyTwo = await start("proxy.js", [a.url.href, b.url.href]);
  started.push(proxyTwo);

  const calls = await throughput({
    "one replica": a.url,
    "proxy, one replica": proxyOne.url,
    "proxy, two replicas": proxyTwo.url,
  });
  const latency = await notificationLatency(a.url, b.url);

  const fixed = (value: number, digits = 2) => value.toFixed(digits);
  const base = calls["one replica"].rps;
  console.log("\ntools/call (2026-07-28), HTTP, concurrency", SETTINGS.concurrency);
  console.log(
    table([
      ["setup", "req/s", "vs one replica", "p50 ms", "p99 ms", "errors"],
      ...(Object.entries(calls) as [Setup, Throughput][]).map(([setup, figures]) => [
        setup,
        fixed(figures.rps, 0),
        `${fixed(figures.rps / base)}x`,
        fixed(figures.p50Ms),
        fixed(figures.p99Ms),
        String(figures.errors),
      ]),
    ]),
  );
  console.log("\nnotification latency through Redis: ctx.notify on replica A -> listen stream on replica B");
  console.log(
    table([
      ["samples", "p50 ms", "p99 ms", "max ms"],
      [String(latency.samples), fixed(latency.p50Ms), fixed(latency.p99Ms), fixed(latency.maxMs)],
    ]),
  );
  console.log(
    `\n${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );

  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ settings: SETTINGS, calls, latency }, null, 2)}\n`);
  log(`written to ${file}`);
} finally {
  await Promise.all(started.map(stop));
}
