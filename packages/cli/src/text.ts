import { nearestMatches, thousands } from "@mcpsmith/runtime/internal";

/** The candidate nearest to `input` by edit distance, when it is near enough to be a plausible typo. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  return nearestMatches(input, candidates, 1)[0];
}

/** "1 tool", "3 tools", "1,186 tools". */
export function plural(count: number, noun: string): string {
  return `${thousands(count)} ${noun}${count === 1 ? "" : "s"}`;
}
