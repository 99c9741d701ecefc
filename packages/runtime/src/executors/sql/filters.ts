import { ToolError } from "../../results/tool-error.js";
import { toSql } from "./codecs.js";
import { comparedName, comparedValue } from "./compared.js";
import type { StatementWriter } from "./dialect.js";
import type { SqlColumn, SqlTable } from "./model.js";
import { AND, FILTER_OPERATORS, type FilterOperator, MAX_IN_VALUES, OR, operatorsFor } from "./operators.js";
import { columnOf, qualifiedName } from "./tables.js";

/** Deep enough for any filter a model writes, shallow enough that no argument can exhaust the stack. */
const MAX_DEPTH = 8;
/** The most conditions one `where` holds (a bound on the statement a call writes). */
export const MAX_CONDITIONS = 200;

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
};

/**
 * The WHERE condition for a `list_` filter (`{ column: { op: value }, _and: [...], _or: [...] }`), or undefined when
 * it holds no condition. Every column is checked against the table and every operator against the column's codec,
 * so what the arguments hold reaches the statement only as quoted names and bound values.
 */
export function whereClause(where: unknown, table: SqlTable, w: StatementWriter): string | undefined {
  const budget = { left: MAX_CONDITIONS };
  return group(where, table, w, 0, "AND", budget);
}

function group(
  where: unknown,
  table: SqlTable,
  w: StatementWriter,
  depth: number,
  joiner: string,
  budget: { left: number },
) {
  if (where === undefined) return undefined;
  if (typeof where !== "object" || where === null || Array.isArray(where)) {
    throw new ToolError("where: takes an object of { column: { operator: value } }.");
  }
  if (depth > MAX_DEPTH) throw new ToolError(`where: nests ${AND}/${OR} deeper than ${MAX_DEPTH} levels.`);
  const parts: string[] = [];
  for (const [key, condition] of Object.entries(where)) {
    if ((key === AND || key === OR) && !table.columns.some((c) => c.name === key)) {
      if (!Array.isArray(condition)) throw new ToolError(`where.${key}: takes a list of conditions.`);
      const inner = condition
        .map((item) => group(item, table, w, depth + 1, "AND", budget))
        .filter((c): c is string => c !== undefined);
      if (inner.length > 0) parts.push(`(${inner.join(key === AND ? " AND " : " OR ")})`);
      continue;
    }
    const column = columnOf(table, key, "where");
    if (typeof condition !== "object" || condition === null || Array.isArray(condition)) {
      throw new ToolError(`where.${key}: takes an object of { operator: value }.`);
    }
    for (const [op, operand] of Object.entries(condition)) {
      if (--budget.left < 0) throw new ToolError(`where: holds more than ${MAX_CONDITIONS} conditions.`);
      parts.push(test(column, op, operand, table, w));
    }
  }
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : `(${parts.join(` ${joiner} `)})`;
}

function test(column: SqlColumn, op: string, operand: unknown, table: SqlTable, w: StatementWriter): string {
  const allowed = operatorsFor(column, w.dialect);
  if (!(FILTER_OPERATORS as readonly string[]).includes(op) || !allowed.includes(op as FilterOperator)) {
    throw new ToolError(
      `where.${column.name}: "${op}" does not apply to ${qualifiedName(table)}.${column.name}; it takes ${allowed.join(", ") || "no filter"}.`,
    );
  }
  const name = comparedName(column, w);
  const bind = (value: unknown) => comparedValue(column, toSql(value, column.codec, w.dialect, column.name), w);
  const comparison = COMPARISONS[op as FilterOperator];
  if (comparison !== undefined) {
    if (operand === null) throw new ToolError(`where.${column.name}.${op}: use isNull to test for null.`);
    return `${name} ${comparison} ${bind(operand)}`;
  }
  switch (op as FilterOperator) {
    case "in": {
      if (!Array.isArray(operand) || operand.length === 0 || operand.length > MAX_IN_VALUES) {
        throw new ToolError(`where.${column.name}.in: takes a list of 1 to ${MAX_IN_VALUES} values.`);
      }
      if (w.dialect === "postgres") {
        const values = operand.map((v) => toSql(v, column.codec, w.dialect, column.name));
        return `${name} = ANY(${w.typed(values, { kind: "array", element: column.codec })})`;
      }
      return `${name} IN (${operand.map(bind).join(", ")})`;
    }
    case "like":
    case "ilike": {
      if (typeof operand !== "string") throw new ToolError(`where.${column.name}.${op}: takes a pattern (text).`);
      // SQLite's LIKE ignores ASCII case: a case-sensitive `like` there is the same pattern as a GLOB.
      if (op === "like" && w.dialect === "sqlite") return `${name} GLOB ${w.value(likeToGlob(operand))}`;
      const pattern = w.value(operand);
      if (op === "like" || w.dialect === "sqlite") return `${name} LIKE ${pattern}`;
      return w.dialect === "postgres" ? `${name} ILIKE ${pattern}` : `LOWER(${name}) LIKE LOWER(${pattern})`;
    }
    case "isNull":
      if (typeof operand !== "boolean") throw new ToolError(`where.${column.name}.isNull: takes true or false.`);
      return `${name} IS${operand ? "" : " NOT"} NULL`;
    default:
      return contains(column, operand, w, name);
  }
}

function contains(column: SqlColumn, operand: unknown, w: StatementWriter, name: string): string {
  if (column.codec.kind === "json") {
    const json = w.value(JSON.stringify(operand));
    return w.dialect === "postgres" ? `${name}::jsonb @> ${json}::jsonb` : `JSON_CONTAINS(${name}, ${json})`;
  }
  const { codec } = column;
  if (codec.kind === "range" || codec.kind === "multirange") {
    // The element, cast to the range's subtype: untyped, `@>` could take it for a range as well.
    if (operand === null) throw new ToolError(`where.${column.name}.contains: takes a value, not null.`);
    return `${name} @> ${w.value(toSql(operand, codec.element, w.dialect, column.name))}::${codec.subtype}`;
  }
  if (!Array.isArray(operand) || operand.length === 0) {
    throw new ToolError(`where.${column.name}.contains: takes a list of the values it must hold.`);
  }
  if (column.codec.kind === "set") {
    const members = toSql(operand, column.codec, w.dialect, column.name) as string;
    return `(${members
      .split(",")
      .map((m) => `FIND_IN_SET(${w.value(m)}, ${name}) > 0`)
      .join(" AND ")})`;
  }
  return `${name} @> ${w.typed(toSql(operand, column.codec, w.dialect, column.name), column.codec)}`;
}

/** A LIKE pattern as a GLOB: `%` and `_` become `*` and `?`, and GLOB's own wildcards in the text match themselves. */
export function likeToGlob(pattern: string): string {
  return [...pattern].map((c) => (c === "%" ? "*" : c === "_" ? "?" : "*?[".includes(c) ? `[${c}]` : c)).join("");
}
