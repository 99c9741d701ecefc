import type { ToolAnnotations, ToolHints } from "./types.js";

/** Each hint as `@tool({ ... })` takes it, and the annotation clients read it as (`readOnly` -> `readOnlyHint`). */
export const TOOL_HINTS = {
  readOnly: "readOnlyHint",
  destructive: "destructiveHint",
  idempotent: "idempotentHint",
  openWorld: "openWorldHint",
} as const satisfies Record<keyof ToolHints, keyof ToolAnnotations>;

type HintAnnotations = Omit<ToolAnnotations, "title">;

/** The annotations for hints written the short way; a hint left out stays out (no `undefined` keys). */
export function hintAnnotations(hints: Readonly<ToolHints>): HintAnnotations {
  const annotations: HintAnnotations = {};
  for (const [hint, annotation] of Object.entries(TOOL_HINTS) as [keyof ToolHints, keyof HintAnnotations][]) {
    const value = hints[hint];
    if (value !== undefined) annotations[annotation] = value;
  }
  return annotations;
}

/** The reverse of {@link hintAnnotations}: the short hints that give these annotations. */
export function hintsOf(annotations: Readonly<HintAnnotations>): ToolHints {
  const hints: ToolHints = {};
  for (const [hint, annotation] of Object.entries(TOOL_HINTS) as [keyof ToolHints, keyof HintAnnotations][]) {
    const value = annotations[annotation];
    if (value !== undefined) hints[hint] = value;
  }
  return hints;
}
