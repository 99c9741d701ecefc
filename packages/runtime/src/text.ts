/**
 * The number of single-character insertions, deletions and substitutions that turn `a` into `b` (Levenshtein),
 * for "did you mean" suggestions.
 */
export function editDistance(a: string, b: string): number {
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

/**
 * Up to `count` of the candidates near enough to `input` to be what a mistyped `input` meant, nearest first (ties
 * in the candidates' order), ignoring case. Near enough: at most 2 edits, or a third of the input's length.
 */
export function nearestMatches(input: string, candidates: readonly string[], count: number): string[] {
  const wanted = input.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return candidates
    .map((candidate, order) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase()), order }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/**
 * A whole number with its thousands grouped, "1,186", as `toLocaleString("en-US")` writes it but without loading
 * ICU's number formatting, which a short command pays for in memory and start-up time.
 */
export function thousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A name glob as a whole-name regex: `*` any characters, `?` one, the rest literal. What a config's `include` and
 * `exclude` (of tools, of tables) match names with.
 */
export function globToRegExp(glob: string): RegExp {
  const pattern = [...glob]
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`, "u");
}

/** Where a value is in a config, for messages: `sources.shop.tools`, a key that is no identifier quoted (`["a b"]`). */
export function keyPath(at: string, key: string): string {
  const step = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return at === "" ? step.replace(/^\./, "") : `${at}${step}`;
}
