import type { SqlColumn, SqlJsonSchema, SqlTable } from "./model.js";

/** A column's value schema with null allowed where the column may hold null. */
export function valueSchema(column: SqlColumn): SqlJsonSchema {
  const schema = withComment(column.schema, column.comment);
  return column.nullable ? orNull(schema) : schema;
}

/**
 * `schema` or null: `type` widened where it names one type (enum values gain null), else `anyOf`. Also for parts of
 * a value that may be null (a PostgreSQL array's items, a composite's attributes), so every nullable looks alike.
 */
export function orNull(schema: SqlJsonSchema): SqlJsonSchema {
  if (typeof schema === "boolean") return schema;
  const { type, enum: values } = schema;
  if (typeof type === "string" && !("anyOf" in schema) && !("oneOf" in schema) && !("const" in schema)) {
    return { ...schema, type: [type, "null"], ...(Array.isArray(values) && { enum: [...values, null] }) };
  }
  return { anyOf: [schema, { type: "null" }] };
}

function withComment(schema: SqlJsonSchema, comment: string | undefined): SqlJsonSchema {
  if (comment === undefined || typeof schema === "boolean" || "description" in schema) return schema;
  return { ...schema, description: comment };
}

/**
 * One row of `table` as results carry it. `required` lists every column when all are always present (`get_`,
 * writes); `list_` leaves it out because `select` may pick fewer.
 */
export function rowSchema(table: SqlTable, options: { complete: boolean }): Record<string, unknown> {
  const properties = Object.fromEntries(table.columns.map((c) => [c.name, valueSchema(c)]));
  return {
    type: "object",
    properties,
    ...(options.complete && { required: table.columns.map((c) => c.name) }),
    additionalProperties: false,
  };
}

/** An object whose properties are the given columns (key columns of `get_`, values of `insert_`). */
export function columnsSchema(columns: readonly SqlColumn[], required: readonly SqlColumn[]): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(columns.map((c) => [c.name, valueSchema(c)])),
    ...(required.length > 0 && { required: required.map((c) => c.name) }),
    additionalProperties: false,
  };
}
