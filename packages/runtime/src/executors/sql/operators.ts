import type { SqlColumn, SqlDialect, SqlJsonSchema } from "./model.js";

/**
 * The filter operators of `list_` tools (PostgREST's names): which fit a column depends on its codec, and the same
 * function tells the schema builder what to offer and the statement builder what to accept.
 */
export const FILTER_OPERATORS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "like",
  "ilike",
  "contains",
  "isNull",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Combinators of conditions in `where`: underscored so they cannot be mistaken for a column (Hasura's spelling). */
export const AND = "_and";
export const OR = "_or";

/** Values an `in` list may hold: enough for a model's lists, small enough to keep statements short. */
export const MAX_IN_VALUES = 1_000;

const ORDERED = ["eq", "neq", "gt", "gte", "lt", "lte", "in"] as const;

export function operatorsFor(column: SqlColumn, dialect: SqlDialect): FilterOperator[] {
  const ops: FilterOperator[] = [];
  switch (column.codec.kind) {
    case "text":
      ops.push(...ORDERED, "like", "ilike");
      break;
    case "integer":
    case "bigint":
    case "decimal":
    case "float":
    case "date":
    case "time":
    case "datetime":
    case "interval":
    case "money":
    case "uuid":
    case "enum":
      ops.push(...ORDERED);
      break;
    case "composite":
      ops.push("eq", "neq");
      break;
    case "range":
    case "multirange":
      // Equal ranges, and ranges holding a value (`@>`): the questions a model asks of periods and spans.
      ops.push("eq", "neq", "contains");
      break;
    case "boolean":
    case "geometry":
      ops.push("eq", "neq");
      break;
    case "bytes":
      // A list of values is what a model asks of a binary key (MediaWiki's titles and Joomla's session ids are
      // VARBINARY, PostgreSQL's bytea); order means nothing to it.
      ops.push("eq", "neq", "in");
      break;
    case "json":
      // SQLite has no containment test on JSON; PostgreSQL (`@>`) and MySQL (JSON_CONTAINS) do.
      if (dialect !== "sqlite") ops.push("contains");
      break;
    case "array":
    case "set":
      ops.push("contains");
      break;
  }
  if (column.nullable) ops.push("isNull");
  return ops;
}

/** The JSON Schema of an operator's operand, given the schema of one value of the column. */
export function operandSchema(op: FilterOperator, column: SqlColumn, value: SqlJsonSchema): SqlJsonSchema {
  switch (op) {
    case "in":
      return { type: "array", items: value, minItems: 1, maxItems: MAX_IN_VALUES };
    case "like":
    case "ilike":
      return { type: "string", description: "A pattern: % matches any run of characters, _ one character." };
    case "isNull":
      return { type: "boolean", description: "true: only rows where it is null; false: only rows where it is not." };
    case "contains":
      // Arrays and SET columns contain the listed members; JSON contains the given document (`@>` semantics);
      // ranges contain one value of their element.
      if (column.codec.kind === "range" || column.codec.kind === "multirange") return rangeElementSchema(column);
      return column.codec.kind === "json" ? {} : value;
    default:
      return value;
  }
}

/**
 * The schema of one value of a range column's element: its `lower` bound's, without the null that stands for an
 * unbounded end (the source writes range schemas as `lower: { anyOf: [element, { type: "null" }] }`; a
 * multirange's items are such ranges).
 */
function rangeElementSchema(column: SqlColumn): SqlJsonSchema {
  let schema = column.schema as Record<string, unknown>;
  if (column.codec.kind === "multirange") schema = schema.items as Record<string, unknown>;
  const lower = (schema.properties as Record<string, { anyOf?: SqlJsonSchema[] }> | undefined)?.lower;
  return lower?.anyOf?.[0] ?? {};
}
