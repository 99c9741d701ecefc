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
 * Nothing is measured ahead: a collection is first tried on one line within the columns left (giving up as soon as
 * they run out, or on a list that must break), and opened only when that fails, so the work stays close to linear in
 * the size of the value and nothing but the printed text is allocated.
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
  write(value, { indent, before: textWidth(prefix), after: textWidth(suffix), expand }, out);
  out.push(suffix);
  return out.join("");
}

/**
 * `key: value` and `suffix` as a property of an object literal broken one property a line at `indent`: the value on
 * the key's line, or on the next one when the key is long and the value cannot start beside it.
 */
export function printProperty(key: string, value: unknown, layout: { indent: string; suffix: string }): string {
  const out: string[] = [];
  writeProperty(keyOf(key), value, layout.indent, layout.suffix, out);
  return out.join("");
}

/**
 * The value on one line when it takes at most `columns` and holds nothing that must break (see `printLiteral`);
 * `undefined` otherwise.
 */
export function printFlat(value: unknown, columns: number): string | undefined {
  return flat(value, columns)?.text;
}

/** `[]`, `{}`; `{ ` and ` }`; `, ` between entries; `: ` after a key. */
const BRACKETS = 2;
const SPACED_BRACES = 4;
const SEPARATOR = 2;

/** A printed scalar, key or one-line collection and the columns it takes. */
interface Printed {
  text: string;
  width: number;
}

/** Where a value starts: its line's indentation, the columns before it on that line and after it (`,`, `);`). */
interface Place {
  indent: string;
  before: number;
  after: number;
  expand?: boolean;
}

/** Appends the value, laid out from `place`, to `out`. */
function write(value: unknown, { indent, before, after, expand = false }: Place, out: string[]): void {
  if (!isCollection(value)) {
    out.push(printScalar(value).text);
    return;
  }
  if (!(expand && !Array.isArray(value))) {
    const line = flat(value, LINE_WIDTH - indent.length - before - after);
    if (line !== undefined) {
      out.push(line.text);
      return;
    }
  }
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push("[]");
      return;
    }
    out.push("[\n");
    if (isNumberList(value)) {
      for (const line of fill(value, inner)) out.push(line, "\n");
    } else {
      for (const item of value) {
        out.push(inner);
        write(item, { indent: inner, before: 0, after: 1 }, out);
        out.push(",\n");
      }
    }
    out.push(indent, "]");
    return;
  }
  if (!hasProperties(value)) {
    out.push("{}");
    return;
  }
  out.push("{\n");
  for (const name in value) {
    const item = value[name];
    if (item === undefined) continue;
    out.push(inner);
    writeProperty(keyOf(name), item, inner, ",", out);
    out.push("\n");
  }
  out.push(indent, "}");
}

/**
 * The whole value on one line (`{ type: "string", enum: ["a", "b"] }`) when it takes at most `columns` and nothing
 * in it must break; `undefined` as soon as either fails.
 */
function flat(value: unknown, columns: number): Printed | undefined {
  if (!isCollection(value)) {
    // A long description fails the one-line attempt of each collection around it: say so without printing it.
    if (typeof value === "string" && value.length + 2 > columns && PRINTABLE_ASCII.test(value)) return undefined;
    const scalar = printScalar(value);
    return scalar.width <= columns ? scalar : undefined;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return BRACKETS <= columns ? { text: "[]", width: BRACKETS } : undefined;
    if (mustBreak(value)) return undefined;
    let text = "[";
    let width = 1;
    for (let index = 0; index < value.length; index++) {
      if (index > 0) {
        text += ", ";
        width += SEPARATOR;
      }
      const item = flat(value[index], columns - width - 1);
      if (item === undefined) return undefined;
      text += item.text;
      width += item.width;
    }
    return { text: `${text}]`, width: width + 1 };
  }
  let text = "{ ";
  let width = SPACED_BRACES - SEPARATOR;
  let first = true;
  for (const name in value) {
    const item = value[name];
    if (item === undefined) continue;
    if (!first) {
      text += ", ";
      width += SEPARATOR;
    }
    first = false;
    const key = keyOf(name);
    width += key.width + SEPARATOR;
    const printed = flat(item, columns - width - SEPARATOR);
    if (printed === undefined) return undefined;
    text += `${key.text}: ${printed.text}`;
    width += printed.width;
  }
  if (first) return BRACKETS <= columns ? { text: "{}", width: BRACKETS } : undefined;
  width += SEPARATOR;
  return width <= columns ? { text: `${text} }`, width } : undefined;
}

/**
 * Two or more objects (or arrays) of several entries each never share a line (Prettier's rule, Biome's too); the
 * collections around such a list are then broken as well (their one-line attempt fails on it).
 */
function mustBreak(items: unknown[]): boolean {
  if (items.length < 2) return false;
  if (items.every((item) => isObjectValue(item) && countProperties(item) > 1)) return true;
  return items.every((item) => Array.isArray(item) && item.length > 1);
}

/** Keys narrower than this keep their value on their line whatever its width (Prettier's and Biome's rule). */
const SHORT_KEY = INDENT.length + 3;

/**
 * `key: value` and its suffix. A long key gives its value a line of its own, one level deeper, when the value cannot
 * start on the key's line: a string, `null`, negative number or code that would overflow it, or a collection whose
 * opening bracket would (Biome's break-after-operator and fluid layouts). Other numbers and booleans never move.
 */
function writeProperty(key: Printed, value: unknown, indent: string, suffix: string, out: string[]): void {
  const head = key.width + SEPARATOR;
  const after = textWidth(suffix);
  let scalar: Printed | undefined;
  let needed: number | undefined;
  if (isCollection(value)) needed = isEmpty(value) ? BRACKETS + after : 1;
  else {
    scalar = printScalar(value);
    needed = scalarOnKeyLine(value, scalar, after);
  }
  if (key.width >= SHORT_KEY && needed !== undefined && indent.length + head + needed > LINE_WIDTH) {
    const deeper = indent + INDENT;
    out.push(key.text, ":\n", deeper);
    if (scalar) out.push(scalar.text);
    else write(value, { indent: deeper, before: 0, after }, out);
  } else {
    out.push(key.text, ": ");
    if (scalar) out.push(scalar.text);
    else write(value, { indent, before: head, after }, out);
  }
  out.push(suffix);
}

/** The columns a scalar needs on its key's line, with the suffix; none (undefined) for literals that never move. */
function scalarOnKeyLine(value: unknown, scalar: Printed, after: number): number | undefined {
  const literal = typeof value === "boolean" || (typeof value === "number" && !scalar.text.startsWith("-"));
  return literal ? undefined : scalar.width + after;
}

/** Numbers filled into lines, each with its comma, as many a line as fit (Biome's and Prettier's layout for them). */
function fill(items: number[], indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const { text } = printScalar(item);
    if (line !== "" && indent.length + line.length + text.length + 2 > LINE_WIDTH) {
      lines.push(indent + line);
      line = "";
    }
    line = line === "" ? `${text},` : `${line} ${text},`;
  }
  lines.push(indent + line);
  return lines;
}

function isNumberList(items: unknown[]): items is number[] {
  return items.length > 1 && items.every((item) => typeof item === "number");
}

/** An array or a JSON object: what may be laid out on several lines (code is placed as it is). */
function isCollection(value: unknown): value is unknown[] | Record<string, unknown> {
  return typeof value === "object" && value !== null && !(value instanceof Code);
}

function isObjectValue(value: unknown): value is Record<string, unknown> {
  return isCollection(value) && !Array.isArray(value);
}

/** `[]` or `{}` (an object whose properties are all undefined included): nothing to break. */
function isEmpty(value: unknown[] | Record<string, unknown>): boolean {
  return Array.isArray(value) ? value.length === 0 : !hasProperties(value);
}

function hasProperties(value: Record<string, unknown>): boolean {
  for (const name in value) if (value[name] !== undefined) return true;
  return false;
}

function countProperties(value: Record<string, unknown>): number {
  let count = 0;
  for (const name in value) if (value[name] !== undefined) count++;
  return count;
}

function printScalar(value: unknown): Printed {
  if (value instanceof Code) return { text: value.text, width: textWidth(value.text) };
  if (typeof value === "string") return stringOf(value);
  if (value === null || typeof value === "boolean") {
    const text = String(value);
    return { text, width: text.length };
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written in a JSON Schema`);
    // Biome drops the `+` of an exponent: 1e+21 is written 1e21.
    const text = String(value).replace("e+", "e");
    return { text, width: text.length };
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

/** Printed keys by name: a document repeats the same few hundred property names thousands of times. */
const printedKeys = new Map<string, Printed>();
/** Printed short strings (types, formats, enum values): as repeated as keys, and printed again by each layout tried. */
const printedStrings = new Map<string, Printed>();
const CACHED_STRING_LENGTH = 32;

function stringOf(value: string): Printed {
  let printed = value.length <= CACHED_STRING_LENGTH ? printedStrings.get(value) : undefined;
  if (printed === undefined) {
    const text = printString(value);
    printed = { text, width: textWidth(text) };
    if (value.length <= CACHED_STRING_LENGTH) printedStrings.set(value, printed);
  }
  return printed;
}

function keyOf(name: string): Printed {
  let key = printedKeys.get(name);
  if (key === undefined) {
    const text = printKey(name);
    key = { text, width: textWidth(text) };
    printedKeys.set(name, key);
  }
  return key;
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
