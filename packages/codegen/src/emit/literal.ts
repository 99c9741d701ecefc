/**
 * Prints JSON values (schemas, server info) as TypeScript literals in the layout Biome (like Prettier) gives them
 * with a 120-column line, two-space indentation and double quotes, so emitted files pass `biome check` untouched:
 * - an object or array goes on one line when it fits (with what precedes and follows it), else one entry a
 *   line, each entry deciding the same way; `expand` forces the outer object open (the formatters keep an object
 *   open when its source has a line break after `{`);
 * - an array of two or more objects (or arrays) of several entries is always broken (Prettier's rule, Biome's too);
 * - keys quoted only when they are not identifiers; strings in the quote needing fewer escapes.
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

export function printLiteral(value: unknown, layout: LiteralLayout = {}): string {
  const { indent = "", prefix = "", suffix = "" } = layout;
  if (!isRecord(value) && !Array.isArray(value)) return printScalar(value) + suffix;
  const flat = printFlat(value);
  const fits = indent.length + prefix.length + flat.length + suffix.length <= LINE_WIDTH;
  if (fits && !layout.expand && !mustBreak(value)) return flat + suffix;
  const inner = indent + INDENT;
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${printLiteral(item, { indent: inner, suffix: "," })}`)
    : entries(value).map(([key, item]) => {
        const head = `${printKey(key)}: `;
        return `${inner}${head}${printLiteral(item, { indent: inner, prefix: head, suffix: "," })}`;
      });
  if (lines.length === 0) return (Array.isArray(value) ? "[]" : "{}") + suffix;
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${lines.join("\n")}\n${indent}${close}${suffix}`;
}

/** The whole value on one line: `{ type: "string", enum: ["a", "b"] }`. */
function printFlat(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(printFlat).join(", ")}]`;
  if (!isRecord(value)) return printScalar(value);
  const parts = entries(value).map(([key, item]) => `${printKey(key)}: ${printFlat(item)}`);
  return parts.length === 0 ? "{}" : `{ ${parts.join(", ")} }`;
}

/** Arrays of two or more objects (or arrays) with several entries each never share a line. */
function mustBreak(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2) return false;
  return (
    value.every((item) => isRecord(item) && entries(item).length > 1) ||
    value.every((item) => Array.isArray(item) && item.length > 1)
  );
}

function entries(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, item]) => item !== undefined);
}

function printScalar(value: unknown): string {
  if (typeof value === "string") return printString(value);
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written in a JSON Schema`);
    return String(value);
  }
  throw new TypeError(`Only JSON values can be printed as literals; got ${typeof value}`);
}

/** Double quotes unless the text holds more `"` than `'` (the formatters' rule); escapes as JSON has them. */
export function printString(text: string): string {
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  const json = JSON.stringify(text);
  if (doubles <= singles) return json;
  const body = json.slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
  return `'${body}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function printKey(key: string): string {
  return IDENTIFIER.test(key) ? key : printString(key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
