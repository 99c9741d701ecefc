import { Code, LINE_WIDTH, printFlat, printKey, printLiteral, printProperty, textWidth } from "./literal.js";

/** One property of an object literal being printed: a JSON value, or code placed as it is (a constant's name). */
export type Field = { key: string; value: unknown } | { key: string; code: string };

const INDENT = "  ";

/**
 * An object literal mixing JSON values and code (`{ description: "...", input: GET_PET_INPUT }`), laid out as
 * Biome lays it out: on one line when it fits between `prefix` and `suffix`, else one property a line.
 */
export function printFields(fields: readonly Field[], layout: { indent: string; prefix: string; suffix: string }) {
  const flatText = flatFields(
    fields,
    LINE_WIDTH - layout.indent.length - textWidth(layout.prefix) - textWidth(layout.suffix),
  );
  if (flatText !== undefined) return `${flatText}${layout.suffix}`;
  const inner = layout.indent + INDENT;
  const lines = fields.map((field) => {
    const value = "code" in field ? new Code(field.code) : field.value;
    return `${inner}${printProperty(field.key, value, { indent: inner, suffix: "," })}`;
  });
  return `{\n${lines.join("\n")}\n${layout.indent}}${layout.suffix}`;
}

/** `{ key: value, ... }` when it takes at most `columns` on one line and no value must break; else `undefined`. */
function flatFields(fields: readonly Field[], columns: number): string | undefined {
  const parts: string[] = [];
  // `{ ` and ` }`, then `key: value` for each field and `, ` between them.
  let width = 4;
  for (const field of fields) {
    const key = printKey(field.key);
    width += textWidth(key) + 2 + (parts.length > 0 ? 2 : 0);
    const value = "code" in field ? field.code : printFlat(field.value, columns - width - 2);
    if (value === undefined || value.includes("\n")) return undefined;
    width += textWidth(value);
    parts.push(`${key}: ${value}`);
  }
  return width <= columns ? `{ ${parts.join(", ")} }` : undefined;
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
