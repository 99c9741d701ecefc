/**
 * stdio measurements: how long a host waits from spawning a server to its first `tools/list` answer, and how
 * much memory the server holds once it has answered.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { cpuMsOf, rssOf } from "./proc.js";
import { checkEchoResult, initialize, legacyToolsList, modernToolCallMessage, modernToolsList } from "./protocol.js";

export type Era = "modern" | "legacy";

/** How long start-up may take before a run fails (a 1,000-tool SDK server on a busy machine takes seconds). */
const ANSWER_TIMEOUT_MS = 20_000;

export interface StdioRun {
  /** From `spawn()` to the `tools/list` answer having been read, in milliseconds. */
  startupMs: number;
  /** CPU time the server had used by then (Linux only): steadier than wall-clock time on a busy machine. */
  startupCpuMs?: number;
  tools: number;
  /** Size of the `tools/list` answer line, in bytes. */
  listBytes: number;
  /** Resident set size of the server once it answered (see `rssOf`), in bytes. */
  rssBytes?: number;
}

/** A server process and a way to wait for the answer to a request id. */
class StdioPeer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly #waiting = new Map<number, { resolve: (line: string) => void; reject: (error: Error) => void }>();
  #stderr = "";

  constructor(script: string, args: readonly string[], nodeFlags: readonly string[] = [], cwd?: string) {
    this.child = spawn(process.execPath, [...nodeFlags, script, ...args], { stdio: "pipe", cwd });
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id !== "number") return;
      const waiting = this.#waiting.get(id);
      this.#waiting.delete(id);
      waiting?.resolve(line);
    });
    // One listener for every request in flight (32 of them in the throughput runs), not one each.
    this.child.once("exit", (code) => {
      for (const [id, { reject }] of this.#waiting) {
        reject(new Error(`server exited (${code}) before answering id ${id}; stderr: ${this.#stderr}`));
      }
      this.#waiting.clear();
    });
  }

  send(message: object): void {
    this.sendLine(JSON.stringify(message));
  }

  sendLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The answer line to request `id`; with a timeout, rejects when it has not come by then. */
  answer(id: number, timeoutMs?: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.#waiting.delete(id);
              reject(new Error(`no answer to id ${id}; stderr: ${this.#stderr}`));
            }, timeoutMs);
      this.#waiting.set(id, {
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  /** The host's shutdown: close stdin, then SIGTERM if the server lingers. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGTERM"), 2_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Spawns a server and lists its tools the way a host does: a 2026-07-28 client sends one `tools/list`; a
 * 2025-11-25 client waits for `initialize`, sends `notifications/initialized`, then `tools/list`.
 */
export async function stdioRun(
  script: string,
  options: {
    era: Era;
    tools?: number;
    rss?: boolean;
    serverArgs?: readonly string[];
    /** A generated project's folder: its entry is started there, with no bench flags. */
    projectDir?: string;
  },
): Promise<StdioRun> {
  const started = performance.now();
  const benchFlags = ["--transport", "stdio", "--tools", String(options.tools ?? 1)];
  const peer = new StdioPeer(
    script,
    [...(options.projectDir === undefined ? benchFlags : []), ...(options.serverArgs ?? [])],
    [],
    options.projectDir,
  );
  try {
    let line: string;
    if (options.era === "modern") {
      peer.send(modernToolsList(1));
      line = await peer.answer(1, ANSWER_TIMEOUT_MS);
    } else {
      peer.send(initialize(1));
      const init = JSON.parse(await peer.answer(1, ANSWER_TIMEOUT_MS)) as { result?: unknown };
      if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
      peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      peer.send(legacyToolsList(2));
      line = await peer.answer(2, ANSWER_TIMEOUT_MS);
    }
    const startupMs = performance.now() - started;
    const startupCpuMs = cpuMsOf(peer.child.pid);
    const message = JSON.parse(line) as { result?: { tools?: unknown[] } };
    const tools = message.result?.tools?.length;
    if (tools === undefined) throw new Error(`tools/list failed: ${line.slice(0, 300)}`);
    // A project lists what it was generated with; the bench's servers what --tools told them.
    const expected = options.projectDir === undefined ? (options.tools ?? 1) : options.tools;
    if (expected !== undefined && tools !== expected) {
      throw new Error(`tools/list listed ${tools} tools, expected ${expected}`);
    }
    const run: StdioRun = {
      startupMs,
      ...(startupCpuMs !== undefined && { startupCpuMs }),
      tools,
      listBytes: Buffer.byteLength(line),
    };
    if (options.rss) {
      // Let the answer's garbage settle as it would between two requests of a real session.
      await new Promise((resolve) => setTimeout(resolve, 300));
      run.rssBytes = rssOf(peer.child.pid!);
    }
    return run;
  } finally {
    await peer.stop();
  }
}

export interface StdioCallPlan {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** Flags for the server's Node (`--cpu-prof`, say). */
  nodeFlags?: readonly string[];
  /** Arguments for the server script after `--transport stdio --tools 1` (`--no-fast-path`, say). */
  serverArgs?: readonly string[];
  /** The client's era: 2026-07-28 calls (the default), or calls on a connection opened with `initialize`. */
  era?: Era;
}

export interface StdioCallResult {
  requests: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  rps: number;
  /** CPU time (user + system) the server spent during the measured phase (Linux only). */
  serverCpuMs?: number;
  latenciesMs: number[];
  /** Every call the server answered (warm-up included): divides a CPU profile's time. */
  answered: number;
  /** The first answer's message, compared across servers. */
  firstAnswer: unknown;
}

/**
 * Calls per second over stdio: one host (this process) and one server, `concurrency` `tools/call`s of `echo` in
 * flight (2026-07-28 ones, or a 2025-11-25 host's after its handshake), each with its own id. The first answer must be the right result; later answers must not be
 * JSON-RPC errors. The server's CPU time over the measured phase comes from /proc.
 */
export async function stdioCalls(script: string, plan: StdioCallPlan): Promise<StdioCallResult> {
  const peer = new StdioPeer(
    script,
    ["--transport", "stdio", "--tools", "1", ...(plan.serverArgs ?? [])],
    plan.nodeFlags,
  );
  try {
    // The request's text around its id, built once: the host's cost per call stays the same for every server.
    const modern = (plan.era ?? "modern") === "modern";
    const { _meta, ...legacyParams } = (modernToolCallMessage(0) as { params: Record<string, unknown> }).params;
    const params = JSON.stringify(modern ? { ...legacyParams, _meta } : legacyParams);
    const line = (id: number) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}`;
    let nextId = 1;
    if (!modern) {
      // A 2025-11-25 host: the handshake first, as a host opens every connection.
      peer.send(initialize(nextId));
      const init = JSON.parse(await peer.answer(nextId++, ANSWER_TIMEOUT_MS)) as { result?: unknown };
      if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
      peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    }
    peer.sendLine(line(nextId));
    const first = JSON.parse(await peer.answer(nextId++, ANSWER_TIMEOUT_MS)) as Record<string, unknown>;
    const problem = checkEchoResult(first, modern);
    if (problem) throw new Error(`the first answer is wrong: ${problem}`);

    let answered = 1;
    let errors = 0;
    let firstError: string | undefined;
    let measuring = false;
    let stopAt = 0;
    const latencies: number[] = [];
    const worker = async () => {
      while (performance.now() < stopAt) {
        const id = nextId++;
        const sent = performance.now();
        peer.sendLine(line(id));
        const answer = await peer.answer(id);
        answered++;
        // The error member is near the start of an answer; a full parse is what the host does anyway.
        const message = JSON.parse(answer) as { error?: unknown };
        if (message.error !== undefined) {
          errors++;
          firstError ??= JSON.stringify(message.error);
        } else if (measuring) latencies.push(performance.now() - sent);
      }
    };
    const phase = async (ms: number) => {
      stopAt = performance.now() + ms;
      await Promise.all(Array.from({ length: plan.concurrency }, worker));
    };
    await phase(plan.warmupMs);
    errors = 0;
    firstError = undefined;
    measuring = true;
    const cpuBefore = cpuMsOf(peer.child.pid);
    const started = performance.now();
    await phase(plan.durationMs);
    const elapsedMs = performance.now() - started;
    const cpuAfter = cpuMsOf(peer.child.pid);
    return {
      requests: latencies.length,
      errors,
      ...(firstError !== undefined && { firstError }),
      elapsedMs,
      rps: (latencies.length * 1000) / elapsedMs,
      ...(cpuBefore !== undefined && cpuAfter !== undefined && { serverCpuMs: cpuAfter - cpuBefore }),
      latenciesMs: latencies,
      answered,
      firstAnswer: first,
    };
  } finally {
    await peer.stop();
  }
}
