import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";

/**
 * Child processes that run in a process group of their own, so that ending one ends whatever it started too (a
 * server run through a wrapper, a worker it forked). Groups still alive when this process exits, however it exits
 * short of SIGKILL, are killed then: `mcpsmith dev` never leaves a server behind.
 */
const live = new Set<ChildProcess>();
const GROUPS = process.platform !== "win32";

export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: GROUPS });
  if (live.size === 0) process.on("exit", killLiveGroups);
  live.add(child);
  child.once("exit", () => {
    // The leader is gone; members that outlived it (a grandchild ignoring SIGTERM) go with it.
    signalGroup(child, "SIGKILL");
    live.delete(child);
    if (live.size === 0) process.off("exit", killLiveGroups);
  });
  return child;
}

/** Sends `signal` to the child's whole group (to the child alone where there are no groups). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (GROUPS) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // ESRCH: the group has already ended.
  }
}

/** Ends the child's group: SIGTERM, then SIGKILL if the child has not exited after `graceMs`. */
export function endGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      done();
    });
    signalGroup(child, "SIGTERM");
  });
}

function killLiveGroups(): void {
  for (const child of live) signalGroup(child, "SIGKILL");
}
