/**
 * `mcpsmith dev`'s generation step, for projects made by `mcpsmith generate ts` (and the `typescript` template):
 * the `ts` runs recorded in mcpsmith.json are repeated whenever a source may have changed, before the compile's
 * result is acted on, so the served tools follow the annotated functions. Each run is `mcpsmith generate`'s own
 * runner with the recorded inputs and options, so the files are byte-identical to a fresh `mcpsmith generate`;
 * it stays open for the session, so after an edit the compiler parses only the files that changed.
 */
import { relative } from "node:path";
import { type GenerateEntry, readManifest } from "@mcpsmith/codegen";
import { plural } from "../../text.js";
import type { TsRun } from "../generate/ts.js";
import { watchSources } from "./sources.js";

/**
 * What the generated files are after a refresh: `rewritten` (tsc compiles them next, so the compile just reported
 * is already stale), `current` (they match the sources), or `failed` (the sources have errors, printed; the
 * generated files are the last good ones).
 */
export type GenerationState = "rewritten" | "current" | "failed";

export interface DevGeneration {
  /** Regenerates if a source changed since the last refresh (always, the first time). */
  refresh(): Promise<GenerationState>;
  close(): void;
}

/** The `generate ts` runs mcpsmith.json records in `project` (none when it has no manifest). */
export function recordedTsGenerations(project: string): GenerateEntry[] {
  return (readManifest(project)?.generate ?? []).filter((entry) => entry.kind === "ts");
}

export function watchGeneration(
  project: string,
  entries: readonly GenerateEntry[],
  log: (text: string) => void,
): DevGeneration {
  // Files the runs write, so their own writes are not taken for changed sources (no regeneration loop).
  const generated = new Set<string>();
  let changed = new Set<string>();
  let first = true;
  let state: GenerationState = "current";
  const watcher = watchSources(
    project,
    (file) => {
      if (!generated.has(file)) changed.add(file);
    },
    log,
  );
  // The open run of each entry; without a watcher nothing says what changed, so each refresh opens a new one.
  const runs = new Map<GenerateEntry, TsRun>();

  async function regenerate(edited: readonly string[]): Promise<GenerationState> {
    const started = performance.now();
    const written: string[] = [];
    let tools = 0;
    let failed = false;
    for (const entry of entries) {
      try {
        const open = watcher === undefined ? undefined : runs.get(entry);
        const run = open ?? (await import("../generate/ts.js")).openTsRun({ ...entry, cwd: project });
        runs.set(entry, run);
        const outcome = run(open === undefined ? [] : edited);
        for (const file of outcome.files) generated.add(file);
        written.push(...outcome.written);
        tools += outcome.tools;
        for (const warning of outcome.warnings) log(`warning ${warning}`);
      } catch (error) {
        // Unsupported types and bad tags name file:line:column in the message; dev carries on either way.
        failed = true;
        log(`generate ts ${entry.inputs.join(" ")}: ${(error as Error).message}`);
      }
    }
    if (failed) {
      log("not regenerated: fix the sources above (the last good build keeps serving)");
      return "failed";
    }
    if (written.length === 0) return "current";
    const files = written.map((file) => relative(project, file)).join(", ");
    log(`regenerated ${files} (${plural(tools, "tool")}, ${Math.round(performance.now() - started)} ms)`);
    return "rewritten";
  }

  return {
    async refresh() {
      // Without a watcher no change is seen, so every compile regenerates (unchanged output is not rewritten).
      // Unchanged since the last refresh: files it rewrote have been compiled since, so they are current now.
      if (!first && watcher !== undefined && changed.size === 0) return state === "failed" ? "failed" : "current";
      first = false;
      const edited = [...changed];
      changed = new Set();
      state = await regenerate(edited);
      return state;
    },
    close() {
      watcher?.close();
    },
  };
}
