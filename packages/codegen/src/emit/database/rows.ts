/**
 * Typed rows: a TypeScript interface per table from its columns' JSON Schemas (the ones the tools list), for code a
 * user writes beside the generated tools (overrides reading `structuredContent.rows`).
 */
import type { SqlJsonSchema, SqlTable } from "@mcpsmith/runtime/sql";
import { printKey, printString } from "../core/literal.js";

export function rowInterface(name: string, table: SqlTable): string {
  const lines = table.columns.map((column) => {
    const type = typeOf(column.schema);
    const comment = column.comment ? `  /** ${column.comment.replace(/\s+/g, " ").replaceAll("*/", "*\\/")} */\n` : "";
    return `${comment}  ${printKey(column.name)}: ${column.nullable ? `${type} | null` : type};`;
  });
  return `/** A row of ${table.kind === "view" ? "the view" : "the table"} ${table.schema ? `${table.schema}.` : ""}${table.name}, as list_ and get_ return it. */\nexport interface ${name} {\n${lines.join("\n")}\n}`;
}

/** The TypeScript type of a value of this JSON Schema, as far as a column's schema goes (else `unknown`). */
export function typeOf(schema: SqlJsonSchema): string {
  if (typeof schema === "boolean") return "unknown";
  if (Array.isArray(schema.anyOf)) return union(schema.anyOf.map((part) => typeOf(part as SqlJsonSchema)));
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => literalOf(value)).join(" | ") || "never";
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length === 0) return "unknown";
  return types.map((type) => single(type as string, schema)).join(" | ");
}

/** `string | "infinity" | null` as `string | null`: a string literal says nothing beside `string`. */
function union(types: string[]): string {
  const parts = new Set(types);
  const literal = (part: string) => part.startsWith('"');
  return [...parts].filter((part) => !(parts.has("string") && literal(part))).join(" | ");
}

function single(type: string, schema: { [keyword: string]: unknown }): string {
  switch (type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = typeOf((schema.items as SqlJsonSchema | undefined) ?? true);
      return /^[A-Za-z]+$/.test(items) ? `${items}[]` : `(${items})[]`;
    }
    case "object": {
      // Ranges and composites: every property is in every value the executor returns.
      const properties = schema.properties as Record<string, SqlJsonSchema> | undefined;
      if (properties === undefined || schema.additionalProperties !== false) return "Record<string, unknown>";
      const fields = Object.entries(properties).map(([key, value]) => `${printKey(key)}: ${typeOf(value)}`);
      return `{ ${fields.join("; ")} }`;
    }
    default:
      return "unknown";
  }
}

function literalOf(value: unknown): string {
  if (typeof value === "string") return printString(value);
  return value === null ? "null" : JSON.stringify(value);
}
