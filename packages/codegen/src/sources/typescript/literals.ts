/** Literal types (`"a"`, `1`, `true`) as JSON Schema: what a `const` or an `enum` member is. */
import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import { compiler } from "./compiler.js";
import { has } from "./types.js";

const { TypeFlags } = compiler;

export function literalSchema(type: ts.Type): JsonSchema {
  const value = has(type, TypeFlags.BooleanLiteral) ? isTrue(type) : (type as ts.LiteralType).value;
  if (typeof value === "object") return { type: "string", const: String(value) };
  return { type: jsonTypeOf(value as string | number | boolean), const: value };
}

/**
 * Whether a boolean literal type is `true`: its intrinsic name, which is what `typeToString` prints for it, read
 * without printing (optional booleans, `boolean | undefined`, ask this of both literals).
 */
export function isTrue(type: ts.Type): boolean {
  return (type as ts.Type & { intrinsicName?: string }).intrinsicName === "true";
}

/** The JSON Schema type of a literal value: a whole number is an `integer`. */
export function jsonTypeOf(value: string | number | boolean): string {
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
