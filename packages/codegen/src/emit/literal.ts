/**
 * Prints JSON values (schemas, server info) as TypeScript literals in the layout Biome (like Prettier) gives them
 * with a 120-column line, two-space indentation and double quotes, so emitted files pass `biome format` untouched:
 * - an object or array goes on one line when it fits (with what precedes and follows it), else one entry a
 *   line, each entry deciding the same way; `expand` forces the outer object open (the formatters keep an object
 *   open when its source has a line break after `{`);
 * - an array of two or more objects (or arrays) of several entries is always broken (Prettier's rule, Biome's too),
 *   and so is everything around it;
 * - an array of numbers that does not fit is filled, as many numbers a line as fit;
 * - a property whose key is long moves its value to the next line when the value cannot start on the key's line
 *   (a string, `null`, negative number or code that overflows, the `{` or `[` of a collection past the margin);
 * - keys quoted only when they are not identifiers; strings in the quote needing fewer escapes; widths counted in
 *   columns (a CJK character or an emoji takes two).
 *
 * Each value is measured once, bottom-up, before anything is laid out, so printing is linear in the size of the
 * value: a collection is written flat only after its measured width says it fits, and then written once.
 */
export const LINE_WIDTH = 120;
const INDENT = "  ";

export interface LiteralLayout {
  /** The indentation of the line the literal starts on. */
  indent?: string;
  /** Text before the literal on its first line (`input: `). */
  prefix?: string;
  /** Text right after it (`,`, `);`). */
  suffix?: string;
  /** Keep an object open even when it would fit on one line. */
  expand?: boolean;
}

/** Code placed as it is among JSON values (a constant's name, `TABLE["key"]`), laid out as Biome lays out a name. */
export class Code {
  constructor(readonly text: string) {}
}

export function printLiteral(value: unknown, layout: LiteralLayout = {}): string {
  const { indent = "", prefix = "", suffix = "", expand = false } = layout;
  const out: string[] = [];
  write(measure(value), { indent, before: textWidth(prefix), after: textWidth(suffix), expand }, out);
  out.push(suffix);
  return out.join("");
}

/**
 * `key: value` and `suffix` as a property of an object literal broken one property a line at `indent`: the value on
 * the key's line, or on the next one when the key is long and the value cannot start beside it.
 */
export function printProperty(key: string, value: unknown, layout: { indent: string; suffix: string }): string {
  const printed = printKey(key);
  const out: string[] = [];
  writeProperty(
    { key: printed, keyWidth: textWidth(printed), value: measure(value) },
    layout.indent,
    layout.suffix,
    out,
  );
  return out.join("");
}

/** A value with its text (scalars) or parts (collections) and the width it takes on one line. */
type Measured =
  | Scalar
  | { kind: "array"; items: Measured[]; width: number; mustBreak: boolean }
  | { kind: "object"; properties: Property[]; width: number; mustBreak: boolean };

interface Scalar {
  kind: "scalar";
  text: string;
  width: number;
  type: "string" | "number" | "boolean" | "null" | "code";
}

interface Property {
  key: string;
  keyWidth: number;
  value: Measured;
}

/** `[]`, `{}`; `{ ` and ` }`; `, ` between entries; `: ` after a key. */
const BRACKETS = 2;
const SPACED_BRACES = 4;
const SEPARATOR = 2;

function measure(value: unknown): Measured {
  if (value instanceof Code) return { kind: "scalar", text: value.text, width: textWidth(value.text), type: "code" };
  if (Array.isArray(value)) {
    const items = value.map(measure);
    let width = BRACKETS + SEPARATOR * Math.max(items.length - 1, 0);
    for (const item of items) width += item.width;
    return { kind: "array", items, width, mustBreak: holdsBrokenCollections(items) };
  }
  if (isRecord(value)) {
    const properties: Property[] = [];
    let width = SPACED_BRACES - SEPARATOR;
    let mustBreak = false;
    for (const [name, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const key = printKey(name);
      const property = { key, keyWidth: textWidth(key), value: measure(item) };
      properties.push(property);
      width += SEPARATOR + property.keyWidth + SEPARATOR + property.value.width;
      mustBreak ||= breaks(property.value);
    }
    return { kind: "object", properties, width: properties.length === 0 ? BRACKETS : width, mustBreak };
  }
  const text = printScalar(value);
  const type = value === null ? "null" : (typeof value as "string" | "number" | "boolean");
  return { kind: "scalar", text, width: textWidth(text), type };
}

function breaks(node: Measured): boolean {
  return node.kind !== "scalar" && node.mustBreak;
}

/** A scalar, `[]` or `{}`: nothing to break. */
function isAtom(node: Measured): boolean {
  if (node.kind === "array") return node.items.length === 0;
  if (node.kind === "object") return node.properties.length === 0;
  return true;
}

/**
 * Two or more objects (or arrays) of several entries each never share a line (Prettier's rule, Biome's too), and a
 * collection holding a broken one is broken as well.
 */
function holdsBrokenCollections(items: Measured[]): boolean {
  if (items.some(breaks)) return true;
  if (items.length < 2) return false;
  return (
    items.every((item) => item.kind === "object" && item.properties.length > 1) ||
    items.every((item) => item.kind === "array" && item.items.length > 1)
  );
}

/** Where a value starts: its line's indentation, the columns before it on that line and after it (`,`, `);`). */
interface Place {
  indent: string;
  before: number;
  after: number;
  expand?: boolean;
}

/** Appends the value, laid out from `place`, to `out`. */
function write(node: Measured, { indent, before, after, expand = false }: Place, out: string[]): void {
  const keptOpen = expand && node.kind === "object";
  const fits = !breaks(node) && !keptOpen && indent.length + before + node.width + after <= LINE_WIDTH;
  if (node.kind === "scalar" || fits || isAtom(node)) {
    out.push(flat(node));
    return;
  }
  const inner = indent + INDENT;
  if (node.kind === "array") {
    out.push("[\n");
    if (isNumberList(node.items)) {
      for (const line of fill(node.items, inner)) out.push(line, "\n");
    } else {
      for (const item of node.items) {
        out.push(inner);
        write(item, { indent: inner, before: 0, after: 1 }, out);
        out.push(",\n");
      }
    }
    out.push(indent, "]");
  } else {
    out.push("{\n");
    for (const property of node.properties) {
      out.push(inner);
      writeProperty(property, inner, ",", out);
      out.push("\n");
    }
    out.push(indent, "}");
  }
}

/** The whole value on one line: `{ type: "string", enum: ["a", "b"] }`. */
function flat(node: Measured): string {
  switch (node.kind) {
    case "scalar":
      return node.text;
    case "array":
      return `[${node.items.map(flat).join(", ")}]`;
    case "object":
      if (node.properties.length === 0) return "{}";
      return `{ ${node.properties.map(({ key, value }) => `${key}: ${flat(value)}`).join(", ")} }`;
  }
}

/** Keys narrower than this keep their value on their line whatever its width (Prettier's and Biome's rule). */
const SHORT_KEY = INDENT.length + 3;

/**
 * `key: value` and its suffix. A long key gives its value a line of its own, one level deeper, when the value cannot
 * start on the key's line: a string, `null`, negative number or code that would overflow it, or a collection whose
 * opening bracket would (Biome's break-after-operator and fluid layouts). Other numbers and booleans never move.
 */
function writeProperty({ key, keyWidth, value }: Property, indent: string, suffix: string, out: string[]): void {
  const head = keyWidth + SEPARATOR;
  const after = textWidth(suffix);
  const needed = widthOnKeyLine(value, after);
  if (keyWidth >= SHORT_KEY && needed !== undefined && indent.length + head + needed > LINE_WIDTH) {
    const deeper = indent + INDENT;
    out.push(key, ":\n", deeper);
    write(value, { indent: deeper, before: 0, after }, out);
  } else {
    out.push(key, ": ");
    write(value, { indent, before: head, after }, out);
  }
  out.push(suffix);
}

/**
 * The columns a value needs on its key's line: the `{` or `[` of a collection, all of an empty one or of a scalar
 * with the suffix; none (undefined) for the literals that never move.
 */
function widthOnKeyLine(value: Measured, after: number): number | undefined {
  if (!isAtom(value)) return 1;
  if (value.kind !== "scalar") return value.width + after;
  const literal = value.type === "boolean" || (value.type === "number" && !value.text.startsWith("-"));
  return literal ? undefined : value.width + after;
}

/** Numbers filled into lines, each with its comma, as many a line as fit (Biome's and Prettier's layout for them). */
function fill(items: Scalar[], indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const { text } of items) {
    if (line !== "" && indent.length + line.length + text.length + 2 > LINE_WIDTH) {
      lines.push(indent + line);
      line = "";
    }
    line = line === "" ? `${text},` : `${line} ${text},`;
  }
  lines.push(indent + line);
  return lines;
}

function isNumberList(items: Measured[]): items is Scalar[] {
  return items.length > 1 && items.every((item) => item.kind === "scalar" && item.type === "number");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function printScalar(value: unknown): string {
  if (typeof value === "string") return printString(value);
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written in a JSON Schema`);
    // Biome drops the `+` of an exponent: 1e+21 is written 1e21.
    return String(value).replace("e+", "e");
  }
  throw new TypeError(`Only JSON values can be printed as literals; got ${typeof value}`);
}

/** Double quotes unless the text holds more `"` than `'` (the formatters' rule); escapes as JSON has them. */
export function printString(text: string): string {
  if (!text.includes('"')) return JSON.stringify(text);
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  const json = JSON.stringify(text);
  if (doubles <= singles) return json;
  const body = json.slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
  return `'${body}'`;
}

/** Biome writes a key bare when it is an identifier, Unicode letters included; numbers stay quoted in TypeScript. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

export function printKey(key: string): string {
  return IDENTIFIER.test(key) ? key : printString(key);
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
/** Characters that take no column: combining marks, zero-width and other invisible formatting characters. */
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cc}\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]/u;
/** Characters that take two: East Asian wide and fullwidth forms, emoji shown as pictures. */
const DOUBLE_WIDTH =
  /[\u1100-\u115F\u231A\u231B\u2329\u232A\u23E9-\u23EC\u23F0\u23F3\u25FD\u25FE\u2614\u2615\u2648-\u2653\u267F\u2693\u26A1\u26AA\u26AB\u26BD\u26BE\u26C4\u26C5\u26CE\u26D4\u26EA\u26F2\u26F3\u26F5\u26FA\u26FD\u2705\u270A\u270B\u2728\u274C\u274E\u2753-\u2755\u2757\u2795-\u2797\u27B0\u27BF\u2B1B\u2B1C\u2B50\u2B55\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6\u{16FE0}-\u{1B2FF}\u{1F004}\u{1F0CF}\u{1F18E}\u{1F191}-\u{1F19A}\u{1F200}-\u{1F64F}\u{1F680}-\u{1F6FF}\u{1F7E0}-\u{1F7EB}\u{1F90C}-\u{1F9FF}\u{1FA70}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;

/** The columns a text takes in an editor, as Biome counts them (Unicode's East Asian width). */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const character of text) {
    if (ZERO_WIDTH.test(character)) continue;
    width += DOUBLE_WIDTH.test(character) ? 2 : 1;
  }
  return width;
}
