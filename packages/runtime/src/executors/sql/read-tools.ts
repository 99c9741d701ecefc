import { ToolError } from "../../results/tool-error.js";
import { jsonConverter } from "./codecs.js";
import type { StatementWriter } from "./dialect.js";
import { listShape } from "./list-shape.js";
import type { SqlEmbed, SqlTable } from "./model.js";
import { keysetCondition, type SortKey } from "./order.js";
import { rowEncoder, withinBytes, withRowsJson } from "./rows.js";
import { countStatement, embedStatement, getStatement, keyValues, listStatement } from "./statements.js";
import { qualifiedName, tableOf } from "./tables.js";
import type { SqlToolCall } from "./tool-call.js";

/** `list_<table>` and `list_rows`: one read-only transaction for the page and, when asked, the count. */
export async function listRows(
  call: SqlToolCall,
  table: SqlTable,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { database, limits, cursors, settings } = call;
  const { dialect } = database;
  const limit = args.limit ?? limits.defaultLimit;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > limits.maxRows) {
    throw new ToolError(`limit: takes a whole number from 1 to ${limits.maxRows}.`);
  }
  const shape = listShape(table, dialect, args.order, args.select);
  const { keys, scope } = shape;
  if (args.cursor !== undefined && !shape.pageable)
    throw new ToolError(`cursor: ${qualifiedName(table)} has no key to page on; narrow the filter instead.`);
  const after = args.cursor === undefined ? undefined : cursors.open(args.cursor, scope);
  const count = args.count;
  if (count !== undefined && count !== "exact" && count !== "estimated")
    throw new ToolError("count: takes exact or estimated.");
  const condition = after && ((w: StatementWriter) => keysetCondition(keys, after, w));
  const statement = listStatement(dialect, shape, args.where, condition, limit);
  const countQuery = count && countStatement(dialect, table, args.where, count === "estimated");
  const driver = await call.driver();
  const bounded = !countQuery && args.where === undefined && (after ? shape.byKey.after : shape.byKey.first);
  const [page, counted] = await driver.transaction(
    "read",
    settings,
    async (session) => [await session.run(statement, limit), countQuery ? await session.run(countQuery, 1) : undefined],
    { bounded },
  );
  // Only the selected columns are encoded; the cursor's key values come from the last row's raw values.
  const { rows, cut, json } = withinBytes(page.arrays.map(shape.encoder(page.columns)), limits.maxBytes);
  const more = page.truncated || cut;
  const last = page.arrays[rows.length - 1];
  const result: Record<string, unknown> & { rows: unknown[] } = withRowsJson({ rows, truncated: more }, json);
  if (more && shape.pageable && last) result.nextCursor = cursors.sign(scope, orderValues(keys, page.columns, last));
  if (counted) Object.assign(result, countOf(counted.rows[0], count === "estimated" && dialect === "postgres"));
  return result;
}

/**
 * The order's values in `row` (as read, in `read`'s column order), as JSON: what a cursor holds. A function of its
 * own, not a closure in `listRows`: one there that named the page kept it in `listRows`' context, which V8 then
 * promoted with the page's rows (a mark-compact every few thousand calls, and a fifth more CPU a call).
 */
function orderValues(keys: SortKey[], read: readonly string[], row: readonly unknown[]): unknown[] {
  const values: unknown[] = [];
  for (const k of keys) values.push(jsonConverter(k.column.codec)(row[read.indexOf(k.column.name)]));
  return values;
}

function countOf(row: Record<string, unknown> | undefined, planned: boolean): { count: number; countExact: boolean } {
  if (planned) {
    const plan = row?.["QUERY PLAN"];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: { "Plan Rows": number } }];
    return { count: Math.round(parsed[0].Plan["Plan Rows"]), countExact: false };
  }
  return { count: Number(row?.count ?? 0), countExact: true };
}

/** `get_<table>`: the row by key and, in the same transaction, its embedded rows. */
export async function getRow(
  call: SqlToolCall,
  table: SqlTable,
  embeds: SqlEmbed[],
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { database, limits, settings } = call;
  const { dialect } = database;
  const key = keyValues(table, args, dialect, "key");
  // Without embeds, one row by its key: bounded (embedded rows are found by a foreign key, which may have no index).
  const hint = { bounded: embeds.length === 0 };
  return (await call.driver()).transaction(
    "read",
    settings,
    async (session) => {
      const found = await session.run(getStatement(dialect, table, key), 1);
      const raw = found.rows[0];
      if (raw === undefined) throw new ToolError(`No row of ${qualifiedName(table)} has ${describeKey(table, args)}.`);
      const row = rowEncoder(table.columns, found.columns)(found.arrays[0]!);
      for (const embed of embeds) {
        const other = tableOf(database, embed.table);
        const max = embed.cardinality === "one" ? 1 : limits.defaultLimit;
        const linked = await session.run(embedStatement(dialect, embed, other, raw, max), max);
        const rows = linked.arrays.map(rowEncoder(other.columns, linked.columns));
        row[embed.property] = embed.cardinality === "one" ? (rows[0] ?? null) : rows;
      }
      return row;
    },
    hint,
  );
}

export function describeKey(table: SqlTable, args: Record<string, unknown>): string {
  return (table.primaryKey ?? []).map((name) => `${name} = ${JSON.stringify(args[name])}`).join(" and ");
}
