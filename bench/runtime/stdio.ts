/**
 * stdio measurements: how long a host waits from spawning a server to its first `tools/list` answer, and how
 * much memory the server holds once it has answered.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { cpuMsOf, rssOf } from "./proc.js";
import { initialize, legacyToolsList, modernToolsList } from "./protocol.js";

export type Era = "modern" | "legacy";

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
  readonly #waiting = new Map<number, (line: string) => void>();
  #stderr = "";

  constructor(script: string, args: readonly string[]) {
    this.child = spawn(process.execPath, [script, ...args], { stdio: "pipe" });
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === "number") this.#waiting.get(id)?.(line);
    });
  }

  send(message: object): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  answer(id: number, timeoutMs = 20_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to id ${id}; stderr: ${this.#stderr}`)), timeoutMs);
      const exited = (code: number | null) =>
        reject(new Error(`server exited (${code}) before answering id ${id}; stderr: ${this.#stderr}`));
      this.child.once("exit", exited);
      this.#waiting.set(id, (line) => {
        clearTimeout(timer);
        this.child.off("exit", exited);
        this.#waiting.delete(id);
        resolve(line);
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
  options: { era: Era; tools?: number; rss?: boolean },
): Promise<StdioRun> {
  const started = performance.now();
  const peer = new StdioPeer(script, ["--transport", "stdio", "--tools", String(options.tools ?? 1)]);
  try {
    let line: string;
    if (options.era === "modern") {
      peer.send(modernToolsList(1));
      line = await peer.answer(1);
    } else {
      peer.send(initialize(1));
      const init = JSON.parse(await peer.answer(1)) as { result?: unknown };
      if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
      peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      peer.send(legacyToolsList(2));
      line = await peer.answer(2);
    }
    const startupMs = performance.now() - started;
    const startupCpuMs = cpuMsOf(peer.child.pid);
    const message = JSON.parse(line) as { result?: { tools?: unknown[] } };
    const tools = message.result?.tools?.length;
    if (tools === undefined) throw new Error(`tools/list failed: ${line.slice(0, 300)}`);
    if (tools !== (options.tools ?? 1)) throw new Error(`tools/list listed ${tools} tools, expected ${options.tools}`);
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
