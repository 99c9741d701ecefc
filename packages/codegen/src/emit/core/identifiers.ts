/** Words a generated identifier must not be: JavaScript's reserved words and names emitted code declares. */
const RESERVED = new Set(
  (
    "arguments await break case catch class const continue debugger default delete do else enum eval export " +
    "extends false finally for function if implements import in instanceof interface let new null package " +
    "private protected public return static super switch this throw true try typeof var void while with yield"
  ).split(" "),
);

/**
 * Hands out readable, unique JavaScript identifiers in a deterministic way: `notes.ts` becomes `notes`, a second
 * `notes` becomes `notes2`. Names given to the constructor (the emitted file's own declarations) are never handed out.
 */
export class IdentifierPool {
  readonly #taken: Set<string>;

  constructor(declared: Iterable<string> = []) {
    this.#taken = new Set([...RESERVED, ...declared]);
  }

  /** A fresh identifier from any text (`my-tools.v2` gives `myToolsV2`). */
  claim(text: string): string {
    const base = toIdentifier(text);
    let name = base;
    for (let counter = 2; this.#taken.has(name); counter++) name = `${base}${counter}`;
    this.#taken.add(name);
    return name;
  }
}

/** camelCase of the letters and digits of `text`, starting with a letter or `_`. */
export function toIdentifier(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((word) => word !== "");
  const joined = words.map((word, index) => (index === 0 ? lowerFirst(word) : upperFirst(word))).join("");
  if (joined === "") return "_";
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

function lowerFirst(word: string): string {
  return word.charAt(0).toLowerCase() + word.slice(1);
}

function upperFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
