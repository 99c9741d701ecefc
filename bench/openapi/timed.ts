/**
 * Runs one command in a process of its own and measures it from outside: wall time from spawn to exit, CPU time
 * (user + system) and peak resident memory. Peak memory comes from GNU time (`/usr/bin/time -f`), which reports the
 * rusage of the command and every process it waited for; without it, from rss-wrapper.ts, which runs a Node script
 * in-process and reads `process.resourceUsage()` at exit (that process only). A command that runs past its time
 * limit is killed, with its process group, and reported as timed out rather than measured.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const GNU_TIME = "/usr/bin/time";
const wrapper = join(dirname(fileURLToPath(import.meta.url)), "rss-wrapper.js");

/** How peak memory is read on this machine, for the printed settings. */
export const PEAK_RSS_SOURCE = existsSync(GNU_TIME)
  ? "GNU time (rusage of the command and its children)"
  : "process.resourceUsage().maxRSS inside the measured Node process";

export interface Command {
  /** A Node script and its arguments: run as `node script ...args`. */
  script: string;
  args: string[];
  cwd?: string;
  timeoutMs: number;
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** Output lines (stdout or stderr) to count, e.g. a generator's per-tool failure messages. */
  countLines?: RegExp;
}

export interface Timed {
  ok: boolean;
  wallMs: number;
  cpuMs?: number;
  maxRssBytes?: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  /** Lines of stdout and stderr matching `countLines`. */
  counted: number;
  /** The last few kilobytes of stderr, for the reason a run failed. */
  stderrTail: string;
}

/** What to spawn for a command: under GNU time when present (its figures go to `report`), else in the wrapper. */
function launcher(command: Command, report: string): { file: string; args: string[] } {
  if (existsSync(GNU_TIME)) {
    return {
      file: GNU_TIME,
      args: ["-f", "%e %U %S %M", "-o", report, process.execPath, command.script, ...command.args],
    };
  }
  return { file: process.execPath, args: [wrapper, report, command.script, ...command.args] };
}

/** GNU time's `%e %U %S %M` (seconds, seconds, seconds, KiB) or the wrapper's JSON. */
function readReport(report: string): { cpuMs: number; maxRssBytes: number } | undefined {
  if (!existsSync(report)) return undefined;
  const text = readFileSync(report, "utf8").trim();
  if (text.startsWith("{")) return JSON.parse(text) as { cpuMs: number; maxRssBytes: number };
  // GNU time writes "Command exited with non-zero status N" before the figures when the command fails.
  const fields = text.split("\n").at(-1)!.split(" ").map(Number);
  if (fields.length !== 4 || fields.some(Number.isNaN)) return undefined;
  return { cpuMs: (fields[1]! + fields[2]!) * 1000, maxRssBytes: fields[3]! * 1024 };
}

/** Counts the lines of a stream that match `pattern`, a line split across chunks counted once. */
function lineCounter(pattern: RegExp | undefined): { feed(text: string): void; end(): number } {
  let partial = "";
  let count = 0;
  const take = (line: string) => {
    if (pattern?.test(line)) count++;
  };
  return {
    feed(text) {
      const lines = (partial + text).split("\n");
      partial = lines.pop()!;
      lines.forEach(take);
    },
    end() {
      take(partial);
      partial = "";
      return count;
    },
  };
}

export function timed(command: Command): Promise<Timed> {
  const scratch = mkdtempSync(join(tmpdir(), "mcpsmith-bench-time-"));
  const report = join(scratch, "report");
  const { file, args } = launcher(command, report);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Its own process group, so a timeout kills the command and anything it started, not just GNU time.
    const child = spawn(file, args, {
      cwd: command.cwd,
      env: { ...process.env, ...command.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderrTail = "";
    const outLines = lineCounter(command.countLines);
    const errLines = lineCounter(command.countLines);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      outLines.feed(chunk.toString());
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString()).slice(-4000);
      errLines.feed(chunk.toString());
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, command.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      rmSync(scratch, { recursive: true, force: true });
      reject(error);
    });
    child.once("exit", (exitCode, signal) => {
      const wallMs = performance.now() - started;
      clearTimeout(timer);
      const figures = timedOut ? undefined : readReport(report);
      rmSync(scratch, { recursive: true, force: true });
      resolve({
        ok: !timedOut && exitCode === 0,
        wallMs,
        ...figures,
        exitCode,
        signal,
        timedOut,
        stdout,
        counted: outLines.end() + errLines.end(),
        stderrTail: stderrTail.trim(),
      });
    });
  });
}

/** Why a run failed, in one line: timeout, signal (an out-of-memory kill shows as SIGKILL or SIGABRT) or exit code. */
export function failureOf(run: Timed, timeoutMs: number): string {
  if (run.timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  const last =
    run.stderrTail
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("at ") && !line.startsWith("Command exited"))
      .at(-1) ?? "";
  const how = run.signal ? `killed by ${run.signal}` : `exit ${run.exitCode}`;
  return last ? `${how}: ${last.slice(0, 160)}` : how;
}
