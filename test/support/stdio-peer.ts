import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { ROOT, stopProcess } from "./servers.js";

/** A server on stdio spoken to line by line, keeping every line it writes. */
export class StdioPeer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: unknown[] = [];
  #pending = "";
  #waiters: Array<() => void> = [];

  readonly #hangGuardMs: number;

  /**
   * `hangGuardMs`: how long `next` waits for a line before it gives up (a hang guard, not a speed assertion);
   * `env` is added to this process's.
   */
  constructor(script: string, args: string[] = [], hangGuardMs = 10_000, env: Record<string, string> = {}) {
    this.#hangGuardMs = hangGuardMs;
    this.child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    this.child.stderr.resume();
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.#pending += chunk;
      for (let newline = this.#pending.indexOf("\n"); newline >= 0; newline = this.#pending.indexOf("\n")) {
        const line = this.#pending.slice(0, newline);
        this.#pending = this.#pending.slice(newline + 1);
        // Every line on stdout must be JSON: a line that is not fails the test where it is read.
        this.lines.push(JSON.parse(line));
      }
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Resolves with the first line, from `from` on, that matches; rejects when the hang guard runs out. */
  async next(from: number, matches: (line: unknown) => boolean): Promise<unknown> {
    const deadline = Date.now() + this.#hangGuardMs;
    for (;;) {
      const found = this.lines.slice(from).find(matches);
      if (found !== undefined) return found;
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(`no answer within ${this.#hangGuardMs} ms (server exited: ${this.child.exitCode !== null})`);
      }
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** Closes stdin (a stdio server's way to shut down), then SIGTERM and SIGKILL if it lingers. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await stopProcess(this.child);
  }
}
