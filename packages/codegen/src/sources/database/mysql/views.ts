/**
 * A CREATE VIEW in a MySQL DDL file -> the view's columns, as MariaDB's information_schema shows them once the
 * server has the view: each select item typed from the tables (and views) read before it. Only an engine types
 * every expression; this types what a schema's views are mostly made of and says so where it cannot:
 *  - a column reference keeps its column's type and default (an AUTO_INCREMENT column shows MariaDB's default 0),
 *    and becomes nullable on the outer side of a LEFT or RIGHT JOIN;
 *  - string literals, CONCAT of typed strings (lengths summed), IF/IFNULL/COALESCE of alike branches;
 *  - COUNT (bigint), SUM and AVG of exact numbers (MariaDB's precisions: +22 digits, +4 digits and scale), MIN/MAX
 *    (their argument's type), GROUP_CONCAT (mediumtext, MariaDB's default group_concat_max_len);
 *  - anything else is a column of unknown type, served as text and described so ({@link UNKNOWN_TYPE}).
 * Computed columns show a default in information_schema (or are nullable, which counts the same), so they have one.
 */
import { columnName, qualifierName } from "./ast.js";
import { type MysqlColumnFacts, type MysqlTableFacts, UNKNOWN_TYPE } from "./tables.js";

type Node = Record<string, unknown>;

interface Typed {
  columnType: string;
  nullable: boolean;
  hasDefault: boolean;
  /** A column's own comment, which MariaDB shows for the view's column that reads it (Friendica's views). */
  comment?: string;
}

interface Source {
  names: string[];
  columns: MysqlColumnFacts[];
  /** On the outer side of a join: every column may be null. */
  outer: boolean;
}

/** The tables and views a DDL file defined so far, by `database.name`. */
export type Relations = ReadonlyMap<string, MysqlTableFacts>;

export function viewFacts(ast: Node, relations: Relations, database: string): MysqlTableFacts {
  const target = ast.view as Node;
  const names = (ast.columns as unknown[] | null)?.map(String);
  const columns = selectColumns(ast.select as Node, relations, database, names);
  if (names && names.length !== columns.length) {
    throw new Error(`view ${String(target.view)} names ${names.length} columns for ${columns.length} select items`);
  }
  return {
    schema: (target.db as string | null) ?? database,
    name: target.view as string,
    kind: "view",
    comment: "",
    columns,
    primaryKey: [],
    uniqueKeys: [],
    foreignKeys: [],
  };
}

/** The select list's columns, named by `names` (a view's column list) where given, else by aliases and columns. */
function selectColumns(select: Node, relations: Relations, database: string, names?: string[]): MysqlColumnFacts[] {
  const sources = fromSources((select.from ?? []) as Node[], relations, database);
  const typed: { name: string | undefined; type: Typed }[] = [];
  for (const item of select.columns as Node[] | string) {
    const expr = typeof item === "string" ? undefined : (item.expr as Node);
    if (expr === undefined || (expr.type === "column_ref" && expr.column === "*")) {
      const table = expr === undefined ? null : qualifierName(expr);
      const picked = table === null ? sources : sources.filter((s) => s.names.includes(table));
      for (const source of picked) {
        for (const column of source.columns) typed.push({ name: column.name, type: fromSource(column, source) });
      }
      continue;
    }
    const alias = (item as Node).as as string | null;
    typed.push({
      name: alias ?? (expr.type === "column_ref" ? columnName(expr) : undefined),
      type: typeOf(expr, sources),
    });
  }
  const columns = typed.map(({ name, type }, i) => {
    const named = names?.[i] ?? name;
    if (named === undefined)
      throw new Error("a computed select item has no alias (AS name), so its column has no name");
    return viewColumn(named, type);
  });
  // A UNION's columns take the types of all its parts, which this reader does not merge: their names only.
  if (select._next) {
    return columns.map((c) => ({ ...c, columnType: UNKNOWN_TYPE, nullable: true, hasDefault: true, comment: "" }));
  }
  return columns;
}

function viewColumn(name: string, { comment = "", ...typed }: Typed): MysqlColumnFacts {
  return { name, ...typed, autoIncrement: false, generated: false, comment };
}

function fromSources(from: Node[], relations: Relations, database: string): Source[] {
  const sources: Source[] = [];
  for (const item of from) {
    const join = String(item.join ?? "").toUpperCase();
    // RIGHT JOIN: everything before it is on the outer side.
    if (join.startsWith("RIGHT")) for (const source of sources) source.outer = true;
    const outer = join.startsWith("LEFT");
    const subquery = (item.expr as Node | undefined)?.ast as Node | undefined;
    if (subquery) {
      const alias = String(item.as);
      sources.push({ names: [alias], columns: selectColumns(subquery, relations, database), outer });
      continue;
    }
    const key = `${(item.db as string | null) ?? database}.${String(item.table)}`;
    const relation = relations.get(key);
    if (relation === undefined) throw new Error(`the view reads ${key}, which is not created earlier in the file`);
    const names = [String(item.table), ...(item.as ? [String(item.as)] : [])];
    sources.push({ names, columns: relation.columns, outer });
  }
  return sources;
}

function fromSource(column: MysqlColumnFacts, source: Source): Typed {
  return {
    columnType: column.columnType,
    nullable: column.nullable || source.outer,
    hasDefault: column.hasDefault || column.autoIncrement,
    comment: column.comment,
  };
}

const UNKNOWN: Typed = { columnType: UNKNOWN_TYPE, nullable: true, hasDefault: true };

function typeOf(expr: Node, sources: Source[]): Typed {
  switch (expr.type) {
    case "column_ref": {
      const name = columnName(expr);
      const table = qualifierName(expr);
      for (const source of sources) {
        if (table !== null && !source.names.includes(table)) continue;
        const column = source.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
        if (column) return fromSource(column, source);
      }
      throw new Error(`the view reads the column ${table ? `${table}.` : ""}${name}, which its tables do not have`);
    }
    case "single_quote_string":
    case "double_quote_string":
    case "string":
      return { columnType: `varchar(${[...String(expr.value)].length})`, nullable: false, hasDefault: true };
    case "function":
      return functionType(functionName(expr), ((expr.args as Node | null)?.value ?? []) as Node[], sources);
    case "aggr_func":
      return aggregateType(String(expr.name).toUpperCase(), (expr.args as Node | null)?.expr as Node, sources);
    default:
      return UNKNOWN;
  }
}

function functionType(name: string, args: Node[], sources: Source[]): Typed {
  const typed = args.map((arg) => typeOf(arg, sources));
  switch (name) {
    case "CONCAT": {
      const lengths = typed.map((t) => stringLength(t.columnType));
      if (lengths.some((length) => length === undefined)) return UNKNOWN;
      const total = lengths.reduce((sum: number, length) => sum + (length as number), 0);
      // MariaDB calls every CONCAT nullable (the result may exceed max_allowed_packet, which gives NULL).
      return { columnType: `varchar(${total})`, nullable: true, hasDefault: true };
    }
    case "IF":
      return alike(typed.slice(1));
    case "IFNULL":
    case "COALESCE": {
      const merged = alike(typed);
      return { ...merged, nullable: typed.every((t) => t.nullable) };
    }
    default:
      return UNKNOWN;
  }
}

/** Branches of one result: strings merge to the longest varchar; otherwise they must have one type. */
function alike(branches: Typed[]): Typed {
  if (branches.length === 0) return UNKNOWN;
  const nullable = branches.some((b) => b.nullable);
  const lengths = branches.map((b) => stringLength(b.columnType));
  if (lengths.every((length) => length !== undefined)) {
    return { columnType: `varchar(${Math.max(...(lengths as number[]))})`, nullable, hasDefault: true };
  }
  const [first] = branches as [Typed];
  if (first.columnType === UNKNOWN_TYPE || branches.some((b) => b.columnType !== first.columnType)) return UNKNOWN;
  return { columnType: first.columnType, nullable, hasDefault: true };
}

/** Digits of MySQL's exact integer types, as SUM and AVG count them. */
const INTEGER_DIGITS: Record<string, number> = { tinyint: 3, smallint: 5, mediumint: 8, int: 10, bigint: 20 };

function aggregateType(name: string, arg: Node | undefined, sources: Source[]): Typed {
  if (name === "COUNT") return { columnType: "bigint(21)", nullable: false, hasDefault: true };
  if (name === "GROUP_CONCAT") return { columnType: "mediumtext", nullable: true, hasDefault: true };
  if (arg === undefined || arg.type === "star") return UNKNOWN;
  const typed = typeOf(arg, sources);
  if (name === "MIN" || name === "MAX") return { ...typed, nullable: true, hasDefault: true };
  const exact = exactDigits(typed.columnType);
  if (exact === undefined) return UNKNOWN;
  if (name === "SUM") return decimal(exact.precision + 22, exact.scale);
  if (name === "AVG") return decimal(exact.precision + 4, exact.scale + 4);
  return UNKNOWN;
}

function decimal(precision: number, scale: number): Typed {
  return { columnType: `decimal(${Math.min(precision, 65)},${Math.min(scale, 30)})`, nullable: true, hasDefault: true };
}

function exactDigits(columnType: string): { precision: number; scale: number } | undefined {
  const type = columnType.toLowerCase();
  const decimalMatch = /^(?:decimal|numeric|dec|fixed)\s*\((\d+)\s*(?:,\s*(\d+))?\)/.exec(type);
  if (decimalMatch) return { precision: Number(decimalMatch[1]), scale: Number(decimalMatch[2] ?? 0) };
  const integer = /^(tinyint|smallint|mediumint|int|integer|bigint)\b/.exec(type)?.[1];
  if (integer === undefined) return undefined;
  return { precision: INTEGER_DIGITS[integer === "integer" ? "int" : integer] as number, scale: 0 };
}

/** The length in characters of a char/varchar type; undefined for anything else. */
function stringLength(columnType: string): number | undefined {
  const match = /^(?:var)?char\s*\((\d+)\)/i.exec(columnType);
  return match ? Number(match[1]) : undefined;
}

function functionName(expr: Node): string {
  const name = expr.name as { name?: { value: string }[] } | string;
  if (typeof name === "string") return name.toUpperCase();
  return (name.name ?? [])
    .map((part) => part.value)
    .join(".")
    .toUpperCase();
}
