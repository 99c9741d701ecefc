// A vitest globalSetup: at the end of the run, no process a test started may still be running. Every process the
// tests start inherits MCPSMITH_TEST_RUN (set here, before the workers start), unless a test clears its
// environment; an orphan that escaped both (a client transport passes a minimal environment) is still found by its
// working folder, which the test made and has since deleted. Linux only (it reads /proc); elsewhere it checks nothing.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";

export const MARKER = "MCPSMITH_TEST_RUN";

/** A process left running, as the report names it. */
export interface Leftover {
  pid: number;
  command: string;
  cwd: string;
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  zombie: boolean;
}

/**
 * The processes started since `before` (the pids alive then) that are still running and belong to this run: they
 * carry its marker, descend from `root` (the vitest process), or work in a folder that was deleted.
 */
export function leftBehind(before: ReadonlySet<number>, marker: string, root = process.pid): Leftover[] {
  const table = processes();
  const children = new Map<number, number[]>();
  for (const info of table.values()) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info.pid]);
  const descendants = new Set<number>();
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      descendants.add(child);
      walk(child);
    }
  };
  walk(root);
  const found: Leftover[] = [];
  for (const { pid, zombie } of table.values()) {
    if (pid === root || zombie || before.has(pid)) continue;
    const environ = read(`/proc/${pid}/environ`);
    const cwd = link(`/proc/${pid}/cwd`);
    if (environ === undefined) continue; // someone else's process, or gone
    if (descendants.has(pid) || `\0${environ}`.includes(`\0${marker}\0`) || cwd.endsWith(" (deleted)")) {
      found.push({ pid, command: read(`/proc/${pid}/cmdline`)?.split("\0").join(" ").trim() ?? "", cwd });
    }
  }
  return found;
}

/** Waits up to `graceMs` for leftovers to exit (their parent's cleanup may still be reaping them). */
export async function awaitLeftovers(find: () => Leftover[], graceMs: number): Promise<Leftover[]> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const found = find();
    if (found.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function pidsAlive(): Set<number> {
  return new Set(processes().keys());
}

export default function setup(): (() => Promise<void>) | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const marker = `${MARKER}=${randomUUID()}`;
  process.env[MARKER] = marker.slice(MARKER.length + 1);
  const before = pidsAlive();
  return async () => {
    // A loaded machine may take a few seconds to let a stopped server exit after its test's cleanup.
    const leftovers = await awaitLeftovers(() => leftBehind(before, marker), 10_000);
    if (leftovers.length === 0) return;
    process.stderr.write(
      `\nThe tests left ${leftovers.length} process(es) running (now killed): every process a test starts must be ended by it, also when it fails.\n${leftovers
        .map(({ pid, command, cwd }) => `  pid ${pid}: ${command}\n    in ${cwd}`)
        .join("\n")}\n`,
    );
    for (const { pid } of leftovers) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    process.exitCode = 1;
  };
}

function processes(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    table.set(Number(name), { pid: Number(name), ppid: Number(ppid), zombie: state === "Z" });
  }
  return table;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function link(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}
