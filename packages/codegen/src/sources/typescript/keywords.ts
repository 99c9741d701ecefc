import type { ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";
import type { DocAnnotations } from "./doc-tags.js";
import type { RootState } from "./schema-context.js";

/** Where each constraint tag makes sense: a tag on a field of another type is a mistake worth stopping for. */
const APPLIES_TO: Record<string, string> = {
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  multipleOf: "number",
  minLength: "string",
  maxLength: "string",
  pattern: "string",
  format: "string",
  minItems: "array",
  maxItems: "array",
};

/**
 * A field's schema with its doc comment applied: the description, the tags' keywords, and `@integer`. Never
 * mutates `schema` (it may be a cached schema shared by other fields).
 */
export function applyAnnotations(
  schema: JsonSchema,
  annotations: DocAnnotations,
  where: ts.Node,
  path: string,
  state: RootState,
): JsonSchema {
  if (annotations.description === undefined && Object.keys(annotations.keywords).length === 0 && !annotations.integer) {
    return schema;
  }
  let result: JsonSchema = typeof schema === "boolean" ? {} : { ...schema };
  if (annotations.integer) {
    const integer = asInteger(result);
    if (integer === undefined)
      state.problem(where, path, `@integer is on ${path}, which is not a number. Remove the tag.`);
    else result = integer;
  }
  for (const [keyword, value] of Object.entries(annotations.keywords)) {
    const expected = APPLIES_TO[keyword];
    if (expected !== undefined && !admits(result, expected)) {
      state.problem(
        where,
        path,
        `@${keyword} applies to a ${expected}, and ${path} is not one. Remove the tag or change the type.`,
      );
      continue;
    }
    (result as Record<string, unknown>)[keyword] = value;
  }
  if (annotations.description !== undefined) (result as Record<string, unknown>).description = annotations.description;
  return result;
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema === "boolean") return [];
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(typesOf);
  return [];
}

/** Whether a schema may hold a value of `type` (an integer is a number; `$ref`s and `{}` are given the benefit). */
function admits(schema: JsonSchema, type: string): boolean {
  const types = typesOf(schema);
  if (types.length === 0) return true;
  return types.includes(type) || (type === "number" && types.includes("integer"));
}

/** `number` -> `integer` here, in a nullable type, in array items or in union members; undefined when none is. */
function asInteger(schema: JsonSchema): JsonSchema | undefined {
  if (typeof schema === "boolean") return undefined;
  if (schema.type === "number" || schema.type === "integer") return { ...schema, type: "integer" };
  if (Array.isArray(schema.type) && schema.type.includes("number")) {
    return { ...schema, type: schema.type.map((type) => (type === "number" ? "integer" : type)) };
  }
  if (schema.type === "array" && schema.items !== undefined) {
    const items = asInteger(schema.items as JsonSchema);
    return items === undefined ? undefined : { ...schema, items };
  }
  if (Array.isArray(schema.anyOf)) {
    const members = (schema.anyOf as JsonSchema[]).map((member) => asInteger(member) ?? member);
    return members.some((member, index) => member !== (schema.anyOf as JsonSchema[])[index])
      ? { ...schema, anyOf: members }
      : undefined;
  }
  return undefined;
}
