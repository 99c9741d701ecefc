import { ToolError } from "../../results/tool-error.js";
import { toSql } from "./codecs.js";
import { comparedName, orderedNumber } from "./compared.js";
import type { StatementWriter } from "./dialect.js";
import type { SqlColumn, SqlTable } from "./model.js";
import { columnOf, pagingKey } from "./tables.js";

/** Whether rows can be ordered by the column: PostgreSQL has no ordering of XML, and no engine a meaningful one of shapes. */
export function sortable(column: SqlColumn): boolean {
  return column.codec.kind !== "xml" && column.codec.kind !== "geometry";
}

/** One sort key, with nulls' place settled (the dialect's default made explicit, so paging can reason about it). */
export interface SortKey {
  column: SqlColumn;
  descending: boolean;
  nullsFirst: boolean;
}

/**
 * The rows' order: what the arguments ask, then the paging key's columns not already in it, so every row has one
 * place and a cursor one meaning. `pageable` is false for tables and views without a key.
 */
export function resolveOrder(
  order: unknown,
  table: SqlTable,
  w: StatementWriter,
): { keys: SortKey[]; pageable: boolean } {
  if (order !== undefined && !Array.isArray(order))
    throw new ToolError("order: takes a list of { column, direction }.");
  const keys: SortKey[] = [];
  for (const [i, item] of (order ?? []).entries()) {
    const { column: name, direction = "asc", nulls } = (item ?? {}) as Record<string, unknown>;
    const column = columnOf(table, name, `order[${i}]`);
    if (!sortable(column)) throw new ToolError(`order[${i}].column: rows cannot be ordered by "${column.name}" (XML).`);
    if (direction !== "asc" && direction !== "desc") throw new ToolError(`order[${i}].direction: takes asc or desc.`);
    if (nulls !== undefined && nulls !== "first" && nulls !== "last")
      throw new ToolError(`order[${i}].nulls: takes first or last.`);
    if (keys.some((k) => k.column === column)) throw new ToolError(`order: names "${column.name}" twice.`);
    const descending = direction === "desc";
    const nullsFirst = nulls === undefined ? w.syntax.nullsFirstByDefault(descending) : nulls === "first";
    keys.push({ column, descending, nullsFirst });
  }
  const key = pagingKey(table);
  for (const name of key ?? []) {
    const column = columnOf(table, name, "paging key");
    if (!keys.some((k) => k.column === column))
      keys.push({ column, descending: false, nullsFirst: w.syntax.nullsFirstByDefault(false) });
  }
  return { keys, pageable: key !== undefined };
}

export function orderBy(keys: SortKey[], w: StatementWriter): string {
  return keys
    .map((k) => w.syntax.orderItem(comparedName(k.column, w), k.descending, k.nullsFirst, k.column.nullable))
    .join(", ");
}

/** What a cursor is bound to: the table and the exact order (filters may change between pages, as in PostgREST). */
export function cursorScope(table: SqlTable, keys: SortKey[]): string {
  const order = keys.map((k) => `${k.column.name}:${k.descending ? "d" : "a"}${k.nullsFirst ? "f" : "l"}`);
  return JSON.stringify([table.schema ?? "", table.name, order]);
}

/**
 * Rows strictly after the row whose order values are `after`: for keys k1..kn, (k1 after v1) OR (k1 = v1 AND k2
 * after v2) OR ..., where "after" follows each key's direction and nulls' place, and "=" holds for two nulls.
 */
export function keysetCondition(keys: SortKey[], after: unknown[], w: StatementWriter): string {
  if (after.length !== keys.length) throw new ToolError("cursor: does not fit this order.");
  const disjuncts: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    // Nothing sorts after a null placed last: this key adds no rows. Decided before any value is bound, since `?`
    // placeholders take values in the order they were written.
    if (after[i] === null && !keys[i]!.nullsFirst) continue;
    const equal = keys.slice(0, i).map((k, j) => same(k, after[j], w));
    disjuncts.push([...equal, beyond(keys[i]!, after[i], w)].join(" AND "));
  }
  return disjuncts.length === 0 ? "1 = 0" : `(${disjuncts.map((d) => `(${d})`).join(" OR ")})`;
}

function bound(key: SortKey, value: unknown, w: StatementWriter): string {
  return w.typed(toSql(value, key.column.codec, w.dialect, key.column.name), key.column.codec);
}

function same(key: SortKey, value: unknown, w: StatementWriter): string {
  const name = comparedName(key.column, w);
  return value === null ? `${name} IS NULL` : `${name} ${w.syntax.sameAs} ${bound(key, value, w)}`;
}

function beyond(key: SortKey, value: unknown, w: StatementWriter): string {
  const name = comparedName(key.column, w);
  if (value === null) return `${name} IS NOT NULL`;
  const after = key.descending ? "<" : ">";
  const number = orderedNumber(key.column, value, w);
  const test =
    number === undefined ? `${name} ${after} ${bound(key, value, w)}` : `${name} + 0 ${after} ${w.value(number)}`;
  return key.column.nullable && !key.nullsFirst ? `(${test} OR ${name} IS NULL)` : test;
}
