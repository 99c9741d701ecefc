/**
 * A string that a JSON Schema `pattern` matches, within `minLength`/`maxLength`, for the shapes real documents use:
 * literals and escapes, character classes (`[0-9a-fA-F]`, `[^/]`, `\d`, `\w`, `\p{L}`, `.`), groups, alternatives
 * (the first is taken) and quantifiers (`?`, `*`, `+`, `{n}`, `{n,m}`: the fewest repetitions, then more when the
 * string is too short). Undefined for anything else (lookarounds, back-references, `\b`) and whenever the result
 * does not pass the pattern itself, which is the final word: the pattern is only ever read, never evaluated.
 */
export function sampleForPattern(
  pattern: string,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  const key = `${minLength} ${maxLength} ${pattern}`;
  if (!made.has(key)) made.set(key, generateFor(pattern, minLength, maxLength));
  return made.get(key);
}

/** Strings made so far, by length bounds and pattern: a document repeats the same few patterns. */
const made = new Map<string, string | undefined>();

function generateFor(pattern: string, minLength: number, maxLength: number): string | undefined {
  let check: RegExp;
  let tree: Node;
  try {
    check = new RegExp(pattern, "u");
    tree = new Parser(pattern).parse();
  } catch {
    return undefined;
  }
  // The fewest repetitions first; when that is shorter than minLength, each open-ended quantifier repeats more.
  const shortest = generate(tree, 0);
  if (shortest === undefined) return undefined;
  const extras = [0];
  const missing = minLength - [...shortest].length;
  if (missing > 0) {
    const growth = [...(generate(tree, 1) ?? "")].length - [...shortest].length;
    if (growth > 0) extras.push(Math.ceil(missing / growth));
  }
  for (const extra of extras) {
    const text = generate(tree, extra)!;
    const length = [...text].length;
    if (length >= minLength && length <= maxLength && check.test(text)) return text;
  }
  return undefined;
}

type Node =
  | { kind: "sequence"; items: Node[] }
  | { kind: "alternatives"; options: Node[] }
  | { kind: "repeat"; item: Node; min: number; max: number }
  | { kind: "literal"; text: string }
  /** One character out of a set, written as a regular expression of one character (`[a-f]`, `\d`, `.`). */
  | { kind: "set"; source: string; first?: string };

class Unsupported extends Error {}

/** Characters tried, in order, for a set whose own first character is not known or not in it. */
const CANDIDATES = ["a", "0", "A", "_", "-", "x", ".", " ", "/", "~"];

function generate(node: Node, extra: number): string | undefined {
  switch (node.kind) {
    case "literal":
      return node.text;
    case "set":
      return pickCharacter(node);
    case "sequence": {
      let text = "";
      for (const item of node.items) {
        const part = generate(item, extra);
        if (part === undefined) return undefined;
        text += part;
      }
      return text;
    }
    case "alternatives":
      return generate(node.options[0]!, extra);
    case "repeat": {
      const part = generate(node.item, extra);
      if (part === undefined) return undefined;
      return part.repeat(Math.min(node.min + extra, node.max));
    }
  }
}

function pickCharacter(node: { source: string; first?: string }): string | undefined {
  const one = new RegExp(`^(?:${node.source})$`, "u");
  const tried = node.first === undefined ? CANDIDATES : [node.first, ...CANDIDATES];
  return tried.find((character) => one.test(character));
}

/** Reads a pattern into a tree; throws Unsupported for what it cannot generate from. */
class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.#alternatives();
    if (this.at < this.source.length) throw new Unsupported("unbalanced )");
    return node;
  }

  #alternatives(): Node {
    const options = [this.#sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      options.push(this.#sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alternatives", options };
  }

  #sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      const atom = this.#atom();
      if (atom !== undefined) items.push(this.#quantified(atom));
    }
    return { kind: "sequence", items };
  }

  /** One atom; undefined for an anchor (`^`, `$`), which adds nothing. */
  #atom(): Node | undefined {
    const character = this.source[this.at]!;
    this.at++;
    switch (character) {
      case "^":
      case "$":
        return undefined;
      case ".":
        return { kind: "set", source: "." };
      case "[":
        return this.#characterClass();
      case "\\":
        return this.#escape();
      case "(":
        return this.#group();
      case "*":
      case "+":
      case "?":
        throw new Unsupported("nothing to repeat");
      default:
        return { kind: "literal", text: character };
    }
  }

  #group(): Node {
    if (this.source[this.at] === "?") {
      const named = /^\?<[A-Za-z_$][\w$]*>/.exec(this.source.slice(this.at));
      if (this.source.startsWith("?:", this.at)) this.at += 2;
      else if (named) this.at += named[0].length;
      else throw new Unsupported("lookaround");
    }
    const inner = this.#alternatives();
    if (this.source[this.at] !== ")") throw new Unsupported("unclosed group");
    this.at++;
    return inner;
  }

  #characterClass(): Node {
    const start = this.at - 1;
    const negated = this.source[this.at] === "^";
    if (negated) this.at++;
    const firstAt = this.at;
    while (this.at < this.source.length && this.source[this.at] !== "]") {
      this.at += this.source[this.at] === "\\" ? 2 : 1;
    }
    if (this.at >= this.source.length) throw new Unsupported("unclosed class");
    this.at++;
    const first = this.source[firstAt];
    const plain = !negated && first !== undefined && first !== "\\" && first !== "]";
    return { kind: "set", source: this.source.slice(start, this.at), ...(plain && { first }) };
  }

  #escape(): Node {
    const character = this.source[this.at];
    if (character === undefined) throw new Unsupported("trailing backslash");
    this.at++;
    if ("dDwWsS".includes(character)) return { kind: "set", source: `\\${character}` };
    if (character === "p" || character === "P") {
      const end = this.source.indexOf("}", this.at);
      if (this.source[this.at] !== "{" || end < 0) throw new Unsupported("bad property escape");
      const source = this.source.slice(this.at - 2, end + 1);
      this.at = end + 1;
      return { kind: "set", source };
    }
    const controls: Record<string, string> = { n: "\n", r: "\r", t: "\t", f: "\f", v: "\v", "0": "\0" };
    if (character in controls) return { kind: "literal", text: controls[character]! };
    const hex = character === "x" ? 2 : character === "u" ? 4 : 0;
    if (hex > 0) {
      const digits = this.source.slice(this.at, this.at + hex);
      if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) throw new Unsupported("bad hex escape");
      this.at += hex;
      return { kind: "literal", text: String.fromCharCode(Number.parseInt(digits, 16)) };
    }
    // Letters and digits escape to something special (\b, \B, \1, \k<name>, \cX) that is not generated.
    if (/[A-Za-z0-9]/.test(character)) throw new Unsupported(`\\${character}`);
    return { kind: "literal", text: character };
  }

  #quantified(atom: Node): Node {
    const rest = this.source.slice(this.at);
    const counted = /^\{(\d+)(?:(,)(\d*))?\}/.exec(rest);
    let min: number;
    let max: number;
    if (counted) {
      min = Number(counted[1]);
      max = counted[2] === undefined ? min : counted[3] === "" ? Number.POSITIVE_INFINITY : Number(counted[3]);
      this.at += counted[0].length;
    } else if (rest[0] === "*" || rest[0] === "+" || rest[0] === "?") {
      min = rest[0] === "+" ? 1 : 0;
      max = rest[0] === "?" ? 1 : Number.POSITIVE_INFINITY;
      this.at++;
    } else {
      return atom;
    }
    // A lazy quantifier (`+?`) repeats as often as the greedy one would here.
    if (this.source[this.at] === "?") this.at++;
    return { kind: "repeat", item: atom, min, max };
  }
}
