import type { SqlColumn, SqlDialect, SqlJsonSchema, SqlTable } from "./model.js";
import { AND, type FilterOperator, OR, operandSchema, operatorsFor } from "./operators.js";
import { sortable } from "./order.js";
import { rowSchema, valueSchema } from "./row-schema.js";
import { pagingKey } from "./tables.js";

/** Limits of `list_` tools, from the executor's options (the same numbers the executor enforces). */
export interface ListLimits {
  defaultLimit: number;
  maxRows: number;
}

/** Schemas longer than this (as JSON) are written once under `$defs` and referenced by each operator. */
const INLINE_SCHEMA_CHARS = 60;

/** The arguments of `list_<table>`: typed per column. */
export function listInputSchema(table: SqlTable, dialect: SqlDialect, limits: ListLimits): Record<string, unknown> {
  const defs: Record<string, SqlJsonSchema> = {};
  const columnFilters: Record<string, SqlJsonSchema> = {};
  for (const column of table.columns) {
    const ops = operatorsFor(column, dialect);
    if (ops.length > 0) columnFilters[column.name] = operatorsSchema(column, ops, defs);
  }
  const combinable = !table.columns.some((c) => c.name === AND || c.name === OR);
  const where = {
    type: "object",
    description: combinable
      ? `Conditions on columns, all of which must hold; ${AND} and ${OR} take lists of such objects.`
      : "Conditions on columns, all of which must hold.",
    properties: {
      ...columnFilters,
      ...(combinable && {
        [AND]: { type: "array", items: { $ref: "#/$defs/where" } },
        [OR]: { type: "array", items: { $ref: "#/$defs/where" } },
      }),
    },
    additionalProperties: false,
  };
  const names = table.columns.map((c) => c.name);
  return {
    type: "object",
    properties: {
      where: { $ref: "#/$defs/where" },
      ...pagingProperties(
        names,
        limits,
        pagingKey(table) !== undefined,
        table.columns.filter(sortable).map((c) => c.name),
      ),
    },
    additionalProperties: false,
    $defs: { ...defs, where },
  };
}

/** `list_rows` (many-tables mode): the same shape as `list_`, with column names checked by the executor. */
export function listRowsInputSchema(limits: ListLimits): Record<string, unknown> {
  const where = {
    type: "object",
    description:
      `Conditions on columns (column name -> { operator: value }), all of which must hold; ${AND} and ${OR} take ` +
      "lists of such objects. Operators: eq, neq, gt, gte, lt, lte, in, like, ilike, contains, isNull.",
    properties: {
      [AND]: { type: "array", items: { $ref: "#/$defs/where" } },
      [OR]: { type: "array", items: { $ref: "#/$defs/where" } },
    },
    additionalProperties: { type: "object" },
  };
  return {
    type: "object",
    properties: {
      table: { type: "string", description: "The table or view, as find_tables names it." },
      where: { $ref: "#/$defs/where" },
      ...pagingProperties(undefined, limits, true, undefined),
    },
    required: ["table"],
    additionalProperties: false,
    $defs: { where },
  };
}

/**
 * A column's filter: its operators and their operands. Columns whose filters are the same (every non-null integer
 * key, every text column of one length) share one definition under `$defs`, named after the codec, so a table's
 * tools/list grows with its distinct column types rather than with its columns.
 */
function operatorsSchema(column: SqlColumn, ops: FilterOperator[], defs: Record<string, SqlJsonSchema>) {
  let value = valueSchema({ ...column, nullable: false, comment: undefined });
  if (JSON.stringify(value).length > INLINE_SCHEMA_CHARS) value = { $ref: `#/$defs/${intern(value, "value", defs)}` };
  const properties = Object.fromEntries(ops.map((op) => [op, operandSchema(op, column, value)]));
  const filter = { type: "object", properties, additionalProperties: false, minProperties: 1 };
  return { $ref: `#/$defs/${intern(filter, `${column.codec.kind}Filter`, defs)}` };
}

/** The name `schema` has in `defs`: an equal schema's, or a new one starting with `stem`. */
function intern(schema: SqlJsonSchema, stem: string, defs: Record<string, SqlJsonSchema>): string {
  const text = JSON.stringify(schema);
  const same = Object.keys(defs).find((name) => JSON.stringify(defs[name]) === text);
  if (same !== undefined) return same;
  let name = stem;
  for (let n = 2; name in defs; n++) name = `${stem}${n}`;
  defs[name] = schema;
  return name;
}

/** `sortableColumns`: those `order` may name (all but XML), when the table is known. */
function pagingProperties(
  columns: string[] | undefined,
  limits: ListLimits,
  cursor: boolean,
  sortableColumns: string[] | undefined,
) {
  const column = columns ? { type: "string", enum: columns } : { type: "string" };
  const sortColumn = sortableColumns ? { type: "string", enum: sortableColumns } : { type: "string" };
  return {
    order: {
      type: "array",
      description: "Sort keys, first one first. Rows are always ordered by their key last, so pages are stable.",
      items: {
        type: "object",
        properties: {
          column: sortColumn,
          direction: { type: "string", enum: ["asc", "desc"], default: "asc" },
          nulls: { type: "string", enum: ["first", "last"] },
        },
        required: ["column"],
        additionalProperties: false,
      },
    },
    limit: { type: "integer", minimum: 1, maximum: limits.maxRows, default: limits.defaultLimit },
    ...(cursor && {
      cursor: {
        type: "string",
        description: "nextCursor from the previous page, with the same order, to continue after its last row.",
      },
    }),
    select: {
      type: "array",
      items: column,
      minItems: 1,
      uniqueItems: true,
      description: "Only these columns (default: all).",
    },
    count: {
      type: "string",
      enum: ["exact", "estimated"],
      description: "Also count the rows matching `where` (estimated is cheaper on large PostgreSQL tables).",
    },
  };
}

/** What `list_` and `list_rows` return. */
export function listOutputSchema(table: SqlTable | undefined): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      rows: { type: "array", items: table ? rowSchema(table, { complete: false }) : { type: "object" } },
      truncated: { type: "boolean", description: "More rows match than were returned." },
      nextCursor: { type: "string", description: "Pass as `cursor` (with the same order) for the next page." },
      count: { type: "integer", description: "Rows matching `where`, when asked." },
      countExact: { type: "boolean", description: "false when `count` is an estimate." },
    },
    required: ["rows", "truncated"],
    additionalProperties: false,
  };
}
