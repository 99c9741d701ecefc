import { isJsonObject } from "../json.js";

/**
 * JSON Schema shown the way a person reads a function signature: one line per property with its type,
 * whether it is required, its constraints and description; nested objects indented below their property.
 */
const MAX_DEPTH = 3;

export function describeProperties(schema: unknown, indent: string, depth = 0): string[] {
  if (!isJsonObject(schema)) return [];
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const facts = [required.has(name) ? "required" : "", ...constraints(property)].filter(Boolean);
    const description = isJsonObject(property) && typeof property.description === "string" ? property.description : "";
    lines.push(
      `${indent}${name}: ${typeName(property)}${facts.length ? ` (${facts.join(", ")})` : ""}${description ? ` — ${description}` : ""}`,
    );
    if (depth < MAX_DEPTH && isJsonObject(property) && isJsonObject(property.properties)) {
      lines.push(...describeProperties(property, `${indent}  `, depth + 1));
    }
  }
  if (lines.length === 0 && schema.additionalProperties !== false && !isJsonObject(schema.properties)) {
    return [`${indent}(any arguments)`];
  }
  return lines;
}

/** A short type for a schema: `string`, `integer`, `"a" | "b"`, `string[]`, `object`, `#/$defs/Node`. */
export function typeName(schema: unknown): string {
  if (schema === true || schema === undefined) return "any";
  if (!isJsonObject(schema)) return "never";
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (typeof schema.$ref === "string") return schema.$ref.replace(/^#\/(\$defs|definitions)\//, "");
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map(typeName).join(" | ");
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map(typeName).join(" & ");
  const type = schema.type;
  if (Array.isArray(type)) return type.map((one) => typeName({ ...schema, type: one })).join(" | ");
  if (type === "array") {
    const item = typeName(schema.items);
    return item.includes(" ") ? `(${item})[]` : `${item}[]`;
  }
  if (typeof type === "string") return type;
  return isJsonObject(schema.properties) ? "object" : "any";
}

function constraints(schema: unknown): string[] {
  if (!isJsonObject(schema)) return [];
  const facts: string[] = [];
  if ("default" in schema) facts.push(`default ${JSON.stringify(schema.default)}`);
  const range = [schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum];
  if (range[0] !== undefined || range[1] !== undefined) facts.push(`${range[0] ?? ""}..${range[1] ?? ""}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    facts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? ""}`);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    facts.push(`items ${schema.minItems ?? 0}..${schema.maxItems ?? ""}`);
  }
  if (typeof schema.format === "string") facts.push(`format ${schema.format}`);
  if (typeof schema.pattern === "string") facts.push(`pattern ${schema.pattern}`);
  return facts;
}

/** The top-level keys of an object schema, for `returns: { city, days }`. */
export function outline(schema: unknown): string {
  if (!isJsonObject(schema)) return "any";
  if (isJsonObject(schema.properties)) return `{ ${Object.keys(schema.properties).join(", ")} }`;
  return typeName(schema);
}
