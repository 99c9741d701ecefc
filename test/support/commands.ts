import { type ChildProcess, spawn } from "node:child_process";

export interface CommandResult {
  code: number | null;
  /** stdout and stderr as they came, interleaved. */
  output: string;
  stdout: string;
}

export interface CommandOptions {
  cwd: string;
  /** The whole environment of the command (not added to this process's). */
  env: Record<string, string | undefined>;
  /** A hang guard, not a speed assertion: the command's whole process group is killed after this long. */
  killAfterMs?: number;
}

/**
 * Runs a command to its end, in a process group of its own: a package manager starts install scripts, a `create`
 * starts another package manager, and a hang guard that fired must end all of them, not only the first.
 */
export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const guard = setTimeout(() => killGroup(child.pid), options.killAfterMs ?? 5 * 60_000);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      clearTimeout(guard);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(guard);
      resolve({ code, output, stdout });
    });
  });
}

/** Ends a process group this test started (`detached: true` made the child its leader). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGKILL"): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** `command args...` as a person would type it, for failure messages. */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(" ");
}

/** SIGTERM to a process group this test started, SIGKILL to what is left of it after `graceMs`. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 3_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    killGroup(child.pid, "SIGTERM");
    const timer = setTimeout(() => killGroup(child.pid), graceMs);
    await exited;
    clearTimeout(timer);
  }
  // A child of the leader (wrangler's workerd) may outlive it by a moment: the group is ended whole.
  killGroup(child.pid);
}
