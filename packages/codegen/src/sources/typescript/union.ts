import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import { compiler } from "./compiler.js";
import { isTrue, jsonTypeOf } from "./literals.js";
import type { RootState } from "./schema-context.js";
import { has } from "./types.js";

const { TypeFlags } = compiler;

type Literal = string | number | boolean;

/** Converts one member: `convert` of schema-of-type.ts, passed in because it also calls this for every union. */
export type ConvertType = (type: ts.Type, at: ts.Node, path: string, state: RootState) => JsonSchema;

/**
 * Unions: `undefined` is dropped (the field is optional; its object says so), `null` joins the type
 * (`["string", "null"]`), unions of literals and enums become one `enum`, anything else `anyOf` (a discriminated
 * union's members each carry their `const` tag, which is what clients and validators key on).
 */
export function unionSchema(
  type: ts.UnionType,
  at: ts.Node,
  path: string,
  state: RootState,
  convert: ConvertType,
): JsonSchema {
  const members = type.types.filter((member) => !has(member, TypeFlags.Undefined) && !has(member, TypeFlags.Void));
  const nullable = members.some((member) => has(member, TypeFlags.Null));
  const rest = collapseBoolean(members.filter((member) => !has(member, TypeFlags.Null)));
  if (rest.length === 0) {
    return nullable
      ? { type: "null" }
      : state.problem(at, path, `${path} is only \`undefined\`, which JSON cannot carry. Remove it.`);
  }
  const literals = rest.map(literalValue);
  if (literals.every((value) => value !== undefined)) return enumSchema(literals as Literal[], nullable);
  const schemas = rest.map((member) => (member === BOOLEAN ? { type: "boolean" } : convert(member, at, path, state)));
  if (!nullable) return schemas.length === 1 ? (schemas[0] as JsonSchema) : { anyOf: schemas };
  const only = schemas.length === 1 ? schemas[0] : undefined;
  if (only !== undefined && typeof only === "object" && typeof only.type === "string" && only.enum === undefined) {
    return { ...only, type: [only.type, "null"] };
  }
  return { anyOf: [...schemas, { type: "null" }] };
}

/** Stands in for `true | false` inside a wider union (TypeScript spells `string | boolean` as three members). */
const BOOLEAN = Symbol("boolean") as unknown as ts.Type;

function collapseBoolean(members: ts.Type[]): ts.Type[] {
  const isBooleanLiteral = (member: ts.Type) => has(member, TypeFlags.BooleanLiteral);
  const trueLiteral = (member: ts.Type) => isBooleanLiteral(member) && isTrue(member);
  const falseLiteral = (member: ts.Type) => isBooleanLiteral(member) && !isTrue(member);
  if (!members.some(trueLiteral) || !members.some(falseLiteral)) return members;
  const at = members.findIndex(isBooleanLiteral);
  const others = members.filter((member) => !isBooleanLiteral(member));
  return [...others.slice(0, at), BOOLEAN, ...others.slice(at)];
}

function literalValue(member: ts.Type): Literal | undefined {
  if (member === BOOLEAN) return undefined;
  if (has(member, TypeFlags.BooleanLiteral)) return isTrue(member);
  if (!member.isLiteral()) return undefined;
  const value = member.value;
  return typeof value === "string" || typeof value === "number" ? value : undefined;
}

function enumSchema(values: Literal[], nullable: boolean): JsonSchema {
  const types = [...new Set(values.map(jsonTypeOf))];
  const merged = types.includes("number") ? types.filter((type) => type !== "integer") : types;
  const all = nullable ? [...merged, "null"] : merged;
  const enumValues: unknown[] = nullable ? [...values, null] : values;
  if (enumValues.length === 1) return { type: all[0], const: enumValues[0] };
  return { type: all.length === 1 ? all[0] : all, enum: enumValues };
}
