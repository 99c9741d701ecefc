/**
 * Prints JSON values (schemas, server info) as TypeScript literals in the layout Biome and Prettier give them
 * with a 120-column line, two-space indentation and double quotes, so emitted files pass `biome check` untouched:
 * - objects always one property a line (the formatters keep an object expanded when it is written so);
 * - arrays of scalars on one line when they fit, else one element a line; arrays holding objects always broken;
 * - keys quoted only when they are not identifiers; strings in the quote needing fewer escapes.
 */
export const LINE_WIDTH = 120;
const INDENT = "  ";

/** `value` as a literal whose first line starts at column `indent.length + prefix.length` and ends with `suffix`. */
export function printLiteral(value: unknown, indent = "", prefix = "", suffix = ""): string {
  if (Array.isArray(value)) return printArray(value, indent, prefix, suffix);
  if (isRecord(value)) return printObject(value, indent, suffix);
  return printScalar(value) + suffix;
}

function printObject(value: Record<string, unknown>, indent: string, suffix: string): string {
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  if (entries.length === 0) return `{}${suffix}`;
  const inner = indent + INDENT;
  const lines = entries.map(([key, item]) => {
    const head = `${printKey(key)}: `;
    return `${inner}${head}${printLiteral(item, inner, head, ",")}`;
  });
  return `{\n${lines.join("\n")}\n${indent}}${suffix}`;
}

function printArray(value: readonly unknown[], indent: string, prefix: string, suffix: string): string {
  if (value.length === 0) return `[]${suffix}`;
  if (value.every((item) => !isRecord(item) && !Array.isArray(item))) {
    const flat = `[${value.map(printScalar).join(", ")}]`;
    if (indent.length + prefix.length + flat.length + suffix.length <= LINE_WIDTH) return flat + suffix;
  }
  const inner = indent + INDENT;
  const lines = value.map((item) => `${inner}${printLiteral(item, inner, "", ",")}`);
  return `[\n${lines.join("\n")}\n${indent}]${suffix}`;
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
