import { thousands } from "../text.js";

/** What the index of `api` needs of each function: its name and the group it is listed under. */
export interface IndexEntry {
  readonly name: string;
  readonly group?: string | undefined;
}

/**
 * What `api` holds, in at most `maxChars` characters, for `execute`'s description: every function name when they
 * fit; else the groups with their counts; else the groups merged by the first segment of their names (Microsoft
 * Graph's 417 tags become a few dozen, `users.user` under `users`); else as many groups as fit, biggest first,
 * with the number left out. Functions without a group count under the first word of their name.
 */
export function apiIndex(entries: readonly IndexEntry[], maxChars: number): string {
  if (entries.length === 0) return "api holds no functions.";
  const names = `Functions: ${entries.map((entry) => entry.name).join(", ")}.`;
  if (names.length <= maxChars) return names;
  const groups = countBy(entries, (entry) => entry.group ?? firstSegment(entry.name));
  const byGroup = groupsText(groups, entries.length);
  if (byGroup.length <= maxChars) return byGroup;
  const merged = countBy(entries, (entry) => firstSegment(entry.group ?? entry.name));
  const byMerged = groupsText(merged, entries.length);
  if (byMerged.length <= maxChars) return byMerged;
  const biggest = [...merged].sort((a, b) => b[1] - a[1]);
  for (let kept = biggest.length - 1; kept > 0; kept--) {
    const shown = new Map(biggest.slice(0, kept));
    const left = biggest.length - kept;
    const text = `${groupsText(shown, entries.length).slice(0, -1)}, and ${thousands(left)} smaller groups.`;
    if (text.length <= maxChars) return text;
  }
  return `${thousands(entries.length)} functions in ${thousands(merged.size)} groups.`;
}

function groupsText(groups: ReadonlyMap<string, number>, total: number): string {
  const list = [...groups].map(([group, count]) => `${group} (${thousands(count)})`).join(", ");
  return `${thousands(total)} functions by group: ${list}.`;
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** `users.user` -> `users`, `repos/get-content` -> `repos`, `list_tracks` -> `list`. */
function firstSegment(name: string): string {
  return name.split(/[./_\-\s:]+/).find((segment) => segment !== "") ?? name;
}
