import type { GenerationState } from "./generate.js";

/** Where the session stands when a compile's result arrives. */
export interface SessionState {
  /** A server is running (and answering). */
  running: boolean;
  /** A restart is queued or under way. */
  switching: boolean;
}

/**
 * What to do with a compile's result:
 * - `stale`: the generated server was rewritten after this compile started; tsc compiles it next and that
 *   compile's result is the one to act on (its diagnostics are not printed either);
 * - `restart`: the build is good; derive schemas, then swap the server;
 * - `keep`: no restart; `answerWaiting` when no server runs nor is about to, so held requests get their error now.
 */
export type CompileDecision = { action: "stale" } | { action: "restart" } | { action: "keep"; answerWaiting: boolean };

export function decideAfterCompile(errors: number, generated: GenerationState, state: SessionState): CompileDecision {
  if (generated === "rewritten") return { action: "stale" };
  // After a failed generation a running server keeps its build; with none running (nor about to), the last
  // generated files, which compiled, are the last good build.
  if (errors === 0 && (generated !== "failed" || (!state.running && !state.switching))) return { action: "restart" };
  return { action: "keep", answerWaiting: !state.running && !state.switching };
}
