import { LINE_WIDTH, printLiteral, printString } from "../literal.js";

/** One property of an object literal being printed: a JSON value, or code placed as it is (a constant's name). */
export type Field = { key: string; value: unknown } | { key: string; code: string };

const INDENT = "  ";
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object literal mixing JSON values and code (`{ description: "...", input: GET_PET_INPUT }`), laid out as
 * Biome lays it out: on one line when it fits between `prefix` and `suffix`, else one property a line.
 */
export function printFields(fields: readonly Field[], layout: { indent: string; prefix: string; suffix: string }) {
  const flatParts = fields.map((field) => `${keyOf(field.key)}: ${"code" in field ? field.code : flat(field.value)}`);
  const flatText = `{ ${flatParts.join(", ")} }`;
  const fits = !flatParts.some((part) => part.includes("\n"));
  if (fits && layout.indent.length + layout.prefix.length + flatText.length + layout.suffix.length <= LINE_WIDTH) {
    return `${flatText}${layout.suffix}`;
  }
  const inner = layout.indent + INDENT;
  const lines = fields.map((field) => {
    const head = `${keyOf(field.key)}: `;
    const value =
      "code" in field ? `${field.code},` : printLiteral(field.value, { indent: inner, prefix: head, suffix: "," });
    return `${inner}${head}${value}`;
  });
  return breakLongStrings(`{\n${lines.join("\n")}\n${layout.indent}}${layout.suffix}`);
}

/** The value on one line when it fits in one at all (a text holding a line break otherwise). */
function flat(value: unknown): string {
  return printLiteral(value);
}

/** A property name as Biome writes it: bare when it is an identifier, else quoted. */
export function keyOf(key: string): string {
  return IDENTIFIER.test(key) ? key : printString(key);
}

/** `prefix` + the literal + `suffix`, laid out knowing what precedes it on its first line. */
export function printStatement(
  prefix: string,
  value: unknown,
  suffix: string,
  options: { indent?: string; expand?: boolean } = {},
) {
  return breakLongStrings(`${prefix}${printLiteral(value, { ...options, prefix, suffix })}`, options.indent ?? "");
}

const STRING_PROPERTY =
  /^( *)((?:[A-Za-z_$][A-Za-z0-9_$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'):) ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(,?)$/;

/**
 * A property whose string value overflows the line goes to a line of its own, one level deeper, as Biome puts
 * it (printLiteral breaks objects and arrays, never a `key: "long text"` pair), unless its key is short. `firstIndent` is the indentation
 * of the text's first line, which the text itself does not carry.
 */
export function breakLongStrings(text: string, firstIndent = ""): string {
  return text
    .split("\n")
    .map((line, index) => {
      const width = (index === 0 ? firstIndent.length : 0) + line.length;
      const match = width > LINE_WIDTH ? STRING_PROPERTY.exec(line) : null;
      if (match === null) return line;
      const [, indent, key, value, comma] = match;
      // Prettier's and Biome's rule: a key narrower than the indent width + 3 keeps its value on its line.
      if (key!.length - 1 < INDENT.length + 3) return line;
      return `${indent}${key}\n${indent}${INDENT}${value}${comma}`;
    })
    .join("\n");
}
