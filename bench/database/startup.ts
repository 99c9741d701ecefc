/**
 * `mcpsmith serve db`'s start-up on SQLite: from spawn to the first `tools/list` answer, the way a host lists a
 * server's tools at launch (`stdioRun`, bench/runtime/stdio.ts), with a legacy opening (`initialize` first) and a
 * 2026-07-28 one. Beside it the floor of the round trip (an SDK server that reads nothing: floor-server.ts), and a
 * baseline checkout when one is given. The server reads the database's schema and builds its tools before it can
 * answer; the floor only loads the SDK. Runs alternate between the servers; each server's first run is left out (a
 * cold file cache), and the figures are medians, wall-clock time and the server's CPU time by then.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type StdioRun, stdioRun } from "../runtime/stdio.js";
import type { Engine } from "./engines.js";
import { median } from "./generation.js";
import type { Era } from "./round-trip.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface StartupFigures {
  name: string;
  role: "mcpsmith" | "floor" | "other";
  era: Era;
  startupMs: number;
  startupCpuMs: number;
  runsMs: number[];
}

interface Starter {
  name: string;
  role: StartupFigures["role"];
  script: string;
  args: string[];
  /** Where it runs: a folder of its own keeps `stdioRun` from adding the bench servers' flags. */
  cwd: string;
}

/** The servers whose start-up is compared on `engine` (SQLite: a file, nothing to connect to). */
export function starters(engine: Engine, answerFile: string, baseline?: string): Starter[] {
  const serveDb = (checkout: string): Pick<Starter, "script" | "args" | "cwd"> => ({
    script: join(checkout, "packages/cli/dist/bin.js"),
    args: ["serve", "db", engine.url],
    cwd: checkout,
  });
  return [
    { name: "mcpsmith serve db", role: "mcpsmith", ...serveDb(ROOT) },
    {
      name: "floor: SDK server, no read",
      role: "floor",
      script: fileURLToPath(new URL("./floor-server.js", import.meta.url)),
      args: [answerFile, engine.listTool],
      cwd: ROOT,
    },
    ...(baseline === undefined
      ? []
      : [{ name: `baseline ${baseline}: serve db`, role: "other" as const, ...serveDb(resolve(baseline)) }]),
  ];
}

const STDIO_ERA: Record<Era, "legacy" | "modern"> = { legacy: "legacy", "2026-07-28": "modern" };

/** `runs` alternated runs of each starter in each era, after one left out. */
export async function measureStartups(
  list: readonly Starter[],
  eras: readonly Era[],
  runs: number,
): Promise<StartupFigures[]> {
  const figures: StartupFigures[] = [];
  for (const era of eras) {
    const run = (starter: Starter) =>
      stdioRun(starter.script, { era: STDIO_ERA[era], serverArgs: starter.args, projectDir: starter.cwd });
    for (const starter of list) await run(starter);
    const measured = new Map<Starter, StdioRun[]>(list.map((starter) => [starter, []]));
    for (let i = 0; i < runs; i++) {
      // Each round in another order, so that no server always follows the same one.
      const order = i % 2 === 0 ? list : [...list].reverse();
      for (const starter of order) measured.get(starter)!.push(await run(starter));
    }
    for (const starter of list) {
      const done = measured.get(starter)!;
      figures.push({
        name: starter.name,
        role: starter.role,
        era,
        startupMs: median(done.map((r) => r.startupMs)),
        startupCpuMs: median(done.map((r) => r.startupCpuMs ?? Number.NaN)),
        runsMs: done.map((r) => Math.round(r.startupMs)),
      });
    }
  }
  return figures;
}
