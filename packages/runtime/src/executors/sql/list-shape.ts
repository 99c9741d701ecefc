import { ToolError } from "../../results/tool-error.js";
import { comparedName } from "./compared.js";
import { StatementWriter } from "./dialect.js";
import type { SqlColumn, SqlDialect, SqlTable } from "./model.js";
import { cursorScope, orderBy, resolveOrder, type SortKey } from "./order.js";
import { type RowEncoder, rowEncoder } from "./rows.js";
import { columnOf } from "./tables.js";

/**
 * What `list_` settles from a table, an order and a selection before any value: the sort keys, the columns read, a
 * cursor's scope, the statement's fixed text and the encoder of its rows. None of it depends on a filter, a cursor or
 * a limit, so it is compiled once per table, order and selection and kept (see {@link listShape}): a call naming the
 * same three, as a model paging through a table does, writes only its filter, cursor and limit.
 */
export interface ListShape {
  readonly table: SqlTable;
  readonly keys: SortKey[];
  /** Whether the table has a key to page on (a cursor). */
  readonly pageable: boolean;
  /** The columns asked for: each row holds these, in this order. */
  readonly selected: SqlColumn[];
  /** Those, then the sort keys a cursor needs that were not asked for: the columns read. */
  readonly columns: SqlColumn[];
  /** What a cursor of this order is bound to. */
  readonly scope: string;
  /** `SELECT <columns> FROM <table>`: no value is bound in it, so the placeholders after it number as ever. */
  readonly head: string;
  /** ` ORDER BY ...`, or nothing. */
  readonly orderBy: string;
  /** Whether a read in this order with no filter or count goes through the primary key, with a cursor or without. */
  readonly byKey: { readonly first: boolean; readonly after: boolean };
  /** The encoder of the selected columns in rows whose columns were read under the names `read`. */
  encoder(read: readonly string[]): RowEncoder;
}

/** Shapes kept per table: arguments choose the order and the selection, so the kept ones are bounded. */
const KEPT_SHAPES = 64;
const SHAPES = new WeakMap<SqlTable, Map<string, ListShape>>();

/**
 * The shape of a `list_` call of `table` in `order` with `select` (both as the arguments hold them), compiled on first
 * use. Arguments naming no column of the table (or ordering by one twice) are refused with a `ToolError`, and nothing
 * of them is kept.
 */
export function listShape(table: SqlTable, dialect: SqlDialect, order: unknown, select: unknown): ListShape {
  // Most calls name neither. The others' are JSON the input schema checked, and small; "" (no order, no selection)
  // is no array's JSON, so an argument left out never shares a key with one given.
  const key = `${dialect}:${argumentKey(order)}:${argumentKey(select)}`;
  const known = SHAPES.get(table);
  const kept = known?.get(key);
  if (kept !== undefined) return kept;
  const shape = compile(table, dialect, order, select);
  const shapes = known ?? new Map<string, ListShape>();
  if (known === undefined) SHAPES.set(table, shapes);
  if (shapes.size >= KEPT_SHAPES) shapes.clear();
  shapes.set(key, shape);
  return shape;
}

const argumentKey = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

function compile(table: SqlTable, dialect: SqlDialect, order: unknown, select: unknown): ListShape {
  const w = new StatementWriter(dialect);
  const { keys, pageable } = resolveOrder(order, table, w);
  const selected = selection(table, select);
  const columns = [...selected, ...keys.map((k) => k.column).filter((c) => !selected.includes(c))];
  let encoded: { read: readonly string[]; encode: RowEncoder } | undefined;
  return {
    table,
    keys,
    pageable,
    selected,
    columns,
    scope: cursorScope(table, keys),
    head: `SELECT ${columns.map((c) => w.selected(c)).join(", ")} FROM ${w.table(table)}`,
    orderBy: keys.length > 0 ? ` ORDER BY ${orderBy(keys, w)}` : "",
    byKey: { first: byPrimaryKey(table, keys, false, w), after: byPrimaryKey(table, keys, true, w) },
    encoder(read) {
      // A driver reads a statement's columns under the same names every time (often the very same array).
      if (encoded === undefined || !sameNames(encoded.read, read))
        encoded = { read, encode: rowEncoder(selected, read) };
      return encoded.encode;
    },
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((name, i) => name === b[i]));
}

function selection(table: SqlTable, select: unknown): SqlColumn[] {
  if (select === undefined) return table.columns;
  if (!Array.isArray(select) || select.length === 0) throw new ToolError("select: takes a list of column names.");
  return [...new Set(select)].map((name) => columnOf(table, name, "select"));
}

/**
 * Whether rows in this order are read through the primary key's index, a page costing its rows alone: the order is
 * the key's columns in order, ascending, compared as stored (an expression, such as SQLite's date-time form, is
 * no index's), and a cursor's condition is one comparison (the index serves `k > ?`; an OR of several, maybe not).
 */
function byPrimaryKey(table: SqlTable, keys: SortKey[], cursor: boolean, w: StatementWriter): boolean {
  const key = table.primaryKey ?? [];
  if (key.length === 0 || keys.length !== key.length || (cursor && keys.length > 1)) return false;
  return keys.every(
    (k, i) =>
      k.column.name === key[i] &&
      !k.descending &&
      !k.column.nullable &&
      comparedName(k.column, w) === w.name(k.column.name),
  );
}
