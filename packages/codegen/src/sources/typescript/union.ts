import type { Node, Type } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import type { RootState } from "./schema-context.js";
import { convert, jsonTypeOf } from "./schema-of-type.js";

type Literal = string | number | boolean;

/**
 * Unions: `undefined` is dropped (the field is optional; its object says so), `null` joins the type
 * (`["string", "null"]`), unions of literals and enums become one `enum`, anything else `anyOf` (a discriminated
 * union's members each carry their `const` tag, which is what clients and validators key on).
 */
export function unionSchema(type: Type, at: Node, path: string, state: RootState): JsonSchema {
  const members = type.getUnionTypes().filter((member) => !member.isUndefined() && !member.isVoid());
  const nullable = members.some((member) => member.isNull());
  const rest = collapseBoolean(members.filter((member) => !member.isNull()));
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
const BOOLEAN = Symbol("boolean") as unknown as Type;

function collapseBoolean(members: Type[]): Type[] {
  const isTrue = (member: Type) => member.isBooleanLiteral() && member.getText() === "true";
  const isFalse = (member: Type) => member.isBooleanLiteral() && member.getText() === "false";
  if (!members.some(isTrue) || !members.some(isFalse)) return members;
  const at = members.findIndex((member) => isTrue(member) || isFalse(member));
  const others = members.filter((member) => !isTrue(member) && !isFalse(member));
  return [...others.slice(0, at), BOOLEAN, ...others.slice(at)];
}

function literalValue(member: Type): Literal | undefined {
  if (member === BOOLEAN) return undefined;
  if (member.isBooleanLiteral()) return member.getText() === "true";
  if (!member.isLiteral()) return undefined;
  const value = member.getLiteralValue();
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
