import { CodegenError } from "../errors.js";

/** Each group's number of tools, in first-seen order: the toolsets `--toolsets` chooses from. */
export function toolsetsOf<T>(items: readonly T[], groupOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(groupOf(item), (counts.get(groupOf(item)) ?? 0) + 1);
  return counts;
}

/**
 * The items of the chosen toolsets (IR groups: OpenAPI tags, schemas, files), in their original order; all of
 * them when none is chosen. A name that is not a toolset is an error listing the ones there are: a typo must
 * not quietly serve nothing.
 */
export function selectToolsets<T>(items: readonly T[], toolsets: readonly string[], groupOf: (item: T) => string): T[] {
  if (toolsets.length === 0) return [...items];
  const known = toolsetsOf(items, groupOf);
  const unknown = toolsets.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const listed = [...known.keys()];
    const shown = listed.slice(0, 40).join(", ") + (listed.length > 40 ? `, … (${listed.length} in all)` : "");
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `No toolset named ${unknown.map((name) => `"${name}"`).join(", ")}. Toolsets (the source's groups, e.g. OpenAPI tags): ${shown || "none"}.`,
    );
  }
  const wanted = new Set(toolsets);
  return items.filter((item) => wanted.has(groupOf(item)));
}
