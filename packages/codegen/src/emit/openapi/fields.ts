import { Code, LINE_WIDTH, printKey, printLiteral, printProperty, textWidth } from "../literal.js";

/** One property of an object literal being printed: a JSON value, or code placed as it is (a constant's name). */
export type Field = { key: string; value: unknown } | { key: string; code: string };

const INDENT = "  ";

/**
 * An object literal mixing JSON values and code (`{ description: "...", input: GET_PET_INPUT }`), laid out as
 * Biome lays it out: on one line when it fits between `prefix` and `suffix`, else one property a line.
 */
export function printFields(fields: readonly Field[], layout: { indent: string; prefix: string; suffix: string }) {
  const flatParts = fields.map((field) => `${keyOf(field.key)}: ${"code" in field ? field.code : flat(field.value)}`);
  const flatText = `{ ${flatParts.join(", ")} }`;
  const fits = !flatParts.some((part) => part.includes("\n"));
  const width = layout.indent.length + textWidth(layout.prefix) + textWidth(flatText) + textWidth(layout.suffix);
  if (fits && width <= LINE_WIDTH) {
    return `${flatText}${layout.suffix}`;
  }
  const inner = layout.indent + INDENT;
  const lines = fields.map((field) => {
    const value = "code" in field ? new Code(field.code) : field.value;
    return `${inner}${printProperty(field.key, value, { indent: inner, suffix: "," })}`;
  });
  return `{\n${lines.join("\n")}\n${layout.indent}}${layout.suffix}`;
}

/** The value on one line when it fits in one at all (a text holding a line break otherwise). */
function flat(value: unknown): string {
  return printLiteral(value);
}

/** A property name as Biome writes it: bare when it is an identifier, else quoted. */
export function keyOf(key: string): string {
  return printKey(key);
}

/** `prefix` + the literal + `suffix`, laid out knowing what precedes it on its first line. */
export function printStatement(
  prefix: string,
  value: unknown,
  suffix: string,
  options: { indent?: string; expand?: boolean } = {},
) {
  return `${prefix}${printLiteral(value, { ...options, prefix, suffix })}`;
}
