import type { ToolHints } from "./options.js";
import type { ToolAnnotations } from "./types.js";

/** Each hint as `@tool({ ... })` takes it, and the annotation clients read it as (`readOnly` -> `readOnlyHint`). */
export const TOOL_HINTS = {
  readOnly: "readOnlyHint",
  destructive: "destructiveHint",
  idempotent: "idempotentHint",
  openWorld: "openWorldHint",
} as const satisfies Record<keyof ToolHints, keyof ToolAnnotations>;

const HINTS_BY_ANNOTATION = Object.fromEntries(Object.entries(TOOL_HINTS).map(([hint, name]) => [name, hint]));

type HintAnnotations = Omit<ToolAnnotations, "title">;

/** The annotations for hints written the short way; a hint left out stays out (no `undefined` keys). */
export function hintAnnotations(hints: Readonly<ToolHints>): HintAnnotations {
  return renamed(hints, TOOL_HINTS);
}

/** The reverse of {@link hintAnnotations}: the short hints that give these annotations. */
export function hintsOf(annotations: Readonly<HintAnnotations>): ToolHints {
  return renamed(annotations, HINTS_BY_ANNOTATION);
}

/** The values of `source` named in `names`, under their new names, in the order of TOOL_HINTS. */
function renamed(source: object, names: Readonly<Record<string, string>>): Record<string, boolean> {
  const values = source as Readonly<Record<string, boolean | undefined>>;
  const result: Record<string, boolean> = {};
  for (const [from, to] of Object.entries(names)) {
    const value = values[from];
    if (value !== undefined) result[to] = value;
  }
  return result;
}
