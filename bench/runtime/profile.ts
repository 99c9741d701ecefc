/**
 * Summarises V8 `.cpuprofile` files (from `node --cpu-prof`): self time by function and by where the code
 * lives (zod, the SDK, Node's HTTP internals, mcpsmith, garbage collection). `run.js --profile` calls it on the
 * server children; `node profile.js FILE...` prints the same for any profile.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the monotonic clock that `process.hrtime` reads too. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time on the monotonic clock (`process.hrtime.bigint()` / 1000), microseconds. */
export interface ProfileWindow {
  fromMicros: number;
  toMicros: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of samples spent outside idle, in percent of all samples. */
  busyPercent: number;
  byArea: { area: string; percent: number }[];
  byFunction: { name: string; where: string; percent: number }[];
}

/** Where a frame's code comes from, coarse enough to read at a glance. */
export function areaOf(url: string, name: string): string {
  if (name === "(garbage collector)") return "GC";
  if (name === "(idle)") return "idle";
  if (name === "(program)") return "V8 (program)";
  if (url.includes("/zod/") || url.includes("zod@")) return "zod";
  if (url.includes("@modelcontextprotocol/server") || url.includes("@modelcontextprotocol+server")) return "SDK server";
  if (url.includes("@modelcontextprotocol/core") || url.includes("@modelcontextprotocol+core")) return "SDK core";
  if (url.includes("@modelcontextprotocol/node") || url.includes("@modelcontextprotocol+node")) return "SDK node";
  if (url.includes("@modelcontextprotocol/client") || url.includes("@modelcontextprotocol+client")) return "SDK client";
  if (url.includes("/ajv")) return "ajv";
  if (url.includes("better-sqlite3")) return "better-sqlite3";
  if (url.includes("packages/runtime/") || url.includes("@mcpsmith/runtime")) return "mcpsmith";
  if (url.startsWith("node:internal/deps/undici") || url.includes("internal/deps/undici"))
    return "undici (Request/Response)";
  if (url.startsWith("node:internal/webstreams") || url.includes("internal/webstreams")) return "web streams";
  if (url.startsWith("node:internal/http") || url.startsWith("node:_http") || url.startsWith("node:http"))
    return "node:http";
  if (url.startsWith("node:")) return "node (other)";
  if (url === "") return "native/builtins";
  return "other";
}

/** `window`: only the samples taken within it (the measured calls, not the start-up before them). */
export function summarize(profile: CpuProfile, top = 25, window?: ProfileWindow): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (window && (at < window.fromMicros || at > window.toMicros)) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; time: number }>();
  let idle = 0;
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = areaOf(url, functionName);
    if (area === "idle") {
      idle += time;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + time);
    const where = url ? `${shorten(url)}:${lineNumber + 1}` : "";
    const key = `${functionName}@${where}`;
    const entry = functions.get(key) ?? { name: functionName || "(anonymous)", where, time: 0 };
    entry.time += time;
    functions.set(key, entry);
  }
  const busy = total - idle;
  const pct = (time: number) => (busy > 0 ? (100 * time) / busy : 0);
  return {
    totalMs: total / 1000,
    busyPercent: total > 0 ? (100 * busy) / total : 0,
    byArea: [...areas].map(([area, time]) => ({ area, percent: pct(time) })).sort((a, b) => b.percent - a.percent),
    byFunction: [...functions.values()]
      .sort((a, b) => b.time - a.time)
      .slice(0, top)
      .map(({ name, where, time }) => ({ name, where, percent: pct(time) })),
  };
}

function shorten(url: string): string {
  const nodeModules = url.lastIndexOf("node_modules/");
  if (nodeModules >= 0) return url.slice(nodeModules + "node_modules/".length);
  const runtime = url.indexOf("packages/runtime/");
  if (runtime >= 0) return url.slice(runtime);
  return url.replace(/^file:\/\//, "");
}

export function formatSummary(title: string, summary: ProfileSummary): string {
  const lines = [
    `${title}: ${summary.totalMs.toFixed(0)} ms sampled, ${summary.busyPercent.toFixed(0)}% busy; shares of busy time:`,
    ...summary.byArea.map(({ area, percent }) => `  ${percent.toFixed(1).padStart(5)}%  ${area}`),
    "  top functions (self time):",
    ...summary.byFunction.map(({ name, where, percent }) => `  ${percent.toFixed(1).padStart(5)}%  ${name}  ${where}`),
  ];
  return lines.join("\n");
}

export function summarizeFile(path: string, top?: number, window?: ProfileWindow): ProfileSummary {
  return summarize(JSON.parse(readFileSync(path, "utf8")) as CpuProfile, top, window);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  for (const file of process.argv.slice(2)) console.log(`${formatSummary(file, summarizeFile(file, 40))}\n`);
}
