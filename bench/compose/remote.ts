/**
 * Remote MCP servers behind a composed server: the latency a proxied call adds over calling the remote directly,
 * and the memory each remote costs the proxy. The remote is the tests' bare-SDK v2 server
 * (test/fixtures/remotes/remote-server.mjs) on its own HTTP port; the proxy is `mcpsmith serve --config --http`
 * with it as a source. Both are called the same way, one 2026-07-28 stateless `tools/call` POST at a time from this
 * process (no client library in the measure), after a warm-up of both (WARM_UP_CALLS); p50 and p99 of each, side by side in one run.
 * Memory: the proxy's peak RSS up to its first `tools/list` with 1 and with 33 remotes (all the same endpoint),
 * over stdio; the difference over 32 is the cost of one remote (its client, connection and model).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startup } from "./startup.js";

const REVISION = "2026-07-28";

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Spawns `node args...` and resolves with the URL it prints as `listening on http://...`. */
async function listening(args: string[], cwd: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      log += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (code ${code}):\n${log}`)));
  });
  return { url, child };
}

/** One stateless 2026-07-28 `tools/call`, as a modern client sends it. */
async function call(url: string, name: string, id: number): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": REVISION,
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name,
        arguments: { text: "hi" },
        _meta: {
          "io.modelcontextprotocol/protocolVersion": REVISION,
          "io.modelcontextprotocol/clientCapabilities": {},
          "io.modelcontextprotocol/clientInfo": { name: "mcpsmith-bench", version: "0" },
        },
      },
    }),
  });
  const text = await response.text();
  if (!response.ok || !text.includes('"hi"')) throw new Error(`${name} at ${url}: HTTP ${response.status} ${text}`);
}

/**
 * Calls to each path before any is measured: a proxy serves for hours, so the figure is of code V8 has optimised.
 * Both processes take about 2,000 calls to get there (a remote called 200 times answered in 1.7 ms of its CPU, one
 * called 2,200 times in 0.9 ms).
 */
const WARM_UP_CALLS = 2_500;

async function latencies(url: string, name: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call(url, name, i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

export async function remoteFigures(root: string, quick: boolean): Promise<string[]> {
  const cli = join(root, "packages/cli/dist/bin.js");
  const fixture = join(root, "test/fixtures/remotes/remote-server.mjs");
  const dir = mkdtempSync(join(tmpdir(), "mcpsmith-bench-remote-"));
  const children: ChildProcess[] = [];
  try {
    const remote = await listening([fixture, "--sdk", "v2", "--http", "0"], root);
    children.push(remote.child);
    const sources = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`r${i}`, { mcp: { url: remote.url }, tools: { include: ["echo"] } }]),
      );
    const write = (name: string, count: number) =>
      writeFileSync(join(dir, name), JSON.stringify({ name: "bench", mode: "tools", sources: sources(count) }));
    write("one.json", 1);
    write("many.json", 33);
    const proxy = await listening([cli, "serve", "--config", "one.json", "--http", "0"], dir);
    children.push(proxy.child);

    const count = quick ? 500 : 3000;
    for (let i = 0; i < (quick ? 200 : WARM_UP_CALLS); i++) {
      await call(remote.url, "echo", i);
      await call(proxy.url, "r0_echo", i);
    }
    // Interleaved rounds, so that load on the machine falls on both alike.
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let round = 0; round < 3; round++) {
      direct.push(...(await latencies(remote.url, "echo", count / 3)));
      proxied.push(...(await latencies(proxy.url, "r0_echo", count / 3)));
    }
    direct.sort((a, b) => a - b);
    proxied.sort((a, b) => a - b);

    const rss = async (config: string) =>
      (await startup([cli, "serve", "--config", config], dir, process.env)).peakRssBytes ?? Number.NaN;
    const reps = quick ? 3 : 5;
    const one: number[] = [];
    const many: number[] = [];
    for (let i = 0; i < reps; i++) {
      one.push(await rss("one.json"));
      many.push(await rss("many.json"));
    }
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const perRemote = (medianOf(many) - medianOf(one)) / 32 / 2 ** 20;

    const ms = (value: number) => value.toFixed(3).padStart(7);
    return [
      "",
      `Remote MCP server behind the composed server (v2 SDK remote over HTTP, 2026-07-28 tools/call, ${count} calls each, sequential):`,
      "",
      "| path                         | p50 (ms) | p99 (ms) |",
      "| ---------------------------- | -------: | -------: |",
      `| the remote, directly         | ${ms(percentile(direct, 50))}  | ${ms(percentile(direct, 99))}  |`,
      `| through the composed server  | ${ms(percentile(proxied, 50))}  | ${ms(percentile(proxied, 99))}  |`,
      `| added by the proxy           | ${ms(percentile(proxied, 50) - percentile(direct, 50))}  | ${ms(percentile(proxied, 99) - percentile(direct, 99))}  |`,
      "",
      `Memory per remote (the proxy's peak RSS at its first tools/list, 33 remotes against 1, median of ${reps}): ${perRemote.toFixed(2)} MB`,
    ];
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
