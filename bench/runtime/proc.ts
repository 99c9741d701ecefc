/**
 * What the bench reads about another process from outside, without its cooperation: CPU time used and resident
 * memory. Linux `/proc` first; `ps` where there is none.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time a process has used so far, in milliseconds, for all its threads. Unlike wall-clock figures, it hardly
 * moves when other processes share the machine. Read from each live thread's /proc/PID/task/TID/schedstat, which
 * counts nanoseconds: /proc/PID/stat counts 10 ms ticks, too coarse for a start-up of ~100 ms where one tick is a
 * tenth of the figure. stat also holds the time of threads that have exited, which schedstat no longer lists, so
 * when stat is ahead by more than its own tick, stat is the answer. Undefined off Linux.
 */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const ticked = cpuMsOfStat(`/proc/${pid}/stat`);
  const exact = liveThreadsCpuMsOf(pid);
  if (exact === undefined) return ticked;
  return ticked !== undefined && ticked - exact > TICK_MS ? ticked : exact;
}

const TICK_MS = 10;

function liveThreadsCpuMsOf(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended between the listing and the read: its time is in stat, which the caller compares
      }
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** The same for one thread: a process's main thread is the task whose id is the process's. */
export function threadCpuMsOf(pid: number | undefined, tid = pid): number | undefined {
  return pid === undefined ? undefined : cpuMsOfStat(`/proc/${pid}/task/${tid}/stat`);
}

function cpuMsOfStat(path: string): number | undefined {
  try {
    const stat = readFileSync(path, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of a process and all its descendants (a server started through npx runs as npx's child), in
 * milliseconds: cpuMsOf summed over the tree, found through /proc/PID/task/TID/children. Undefined off Linux.
 */
export function cpuMsOfTree(pid: number | undefined): number | undefined {
  const own = cpuMsOf(pid);
  if (pid === undefined || own === undefined) return undefined;
  return childrenOf(pid).reduce((sum, child) => sum + (cpuMsOfTree(child) ?? 0), own);
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Resident set size of another process, in bytes. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) * 1024;
}

/** The peak resident memory a process has had so far (`VmHWM`), in bytes; undefined off Linux. */
export function peakRssOf(pid: number): number | undefined {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}
