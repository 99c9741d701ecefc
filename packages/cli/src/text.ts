/** The candidate nearest to `input` by edit distance, when it is near enough to be a plausible typo. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(2, Math.floor(input.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** "1 tool", "3 tools", "1,186 tools". */
export function plural(count: number, noun: string): string {
  return `${thousands(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * A whole number with its thousands grouped, "1,186", as `toLocaleString("en-US")` writes it but without loading
 * ICU's locale data, which a short command would pay for in memory and time (bench/README.md, "The CLI").
 */
export function thousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
