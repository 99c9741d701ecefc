import { McpsmithError } from "../../errors.js";
import type { SqlCodec, SqlColumn, SqlDialect, SqlTableName } from "./model.js";

/** What differs between engines in the text of a statement the executor writes. */
export interface DialectSyntax {
  /** An identifier, quoted so any name is only ever a name. */
  quote(name: string): string;
  /** The placeholder of the n-th value (1-based). */
  placeholder(n: number): string;
  /** Equality where null equals null (keyset paging over nullable sort columns). */
  sameAs: string;
  /** Where nulls sort when the order does not say: PostgreSQL puts them last going up, the others first. */
  nullsFirstByDefault(descending: boolean): boolean;
  /** An ORDER BY item with nulls placed as asked. */
  orderItem(column: string, descending: boolean, nullsFirst: boolean, nullable: boolean): string;
}

function quoteWith(mark: string) {
  return (name: string) => {
    // A NUL cannot be quoted away in any engine; names come from the catalog, so this is a bug in the source.
    if (name.includes("\0")) {
      throw new McpsmithError("E_BINDING_INVALID", `An identifier holds a NUL character: ${JSON.stringify(name)}.`);
    }
    return `${mark}${name.replaceAll(mark, mark + mark)}${mark}`;
  };
}

const STANDARD = {
  quote: quoteWith('"'),
  orderItem: (column: string, descending: boolean, nullsFirst: boolean, nullable: boolean) =>
    `${column} ${descending ? "DESC" : "ASC"}${nullable ? (nullsFirst ? " NULLS FIRST" : " NULLS LAST") : ""}`,
};

export const SYNTAX: Record<SqlDialect, DialectSyntax> = {
  postgres: {
    ...STANDARD,
    placeholder: (n) => `$${n}`,
    sameAs: "IS NOT DISTINCT FROM",
    nullsFirstByDefault: (descending) => descending,
  },
  sqlite: {
    ...STANDARD,
    placeholder: () => "?",
    sameAs: "IS",
    nullsFirstByDefault: (descending) => !descending,
  },
  mysql: {
    quote: quoteWith("`"),
    placeholder: () => "?",
    sameAs: "<=>",
    nullsFirstByDefault: (descending) => !descending,
    // MySQL has no NULLS FIRST/LAST: `c IS NULL` is 1 for nulls, so sorting it descending puts them first.
    orderItem: (column, descending, nullsFirst, nullable) =>
      `${nullable ? `${column} IS NULL ${nullsFirst ? "DESC" : "ASC"}, ` : ""}${column} ${descending ? "DESC" : "ASC"}`,
  },
};

/**
 * How a column's values cross when not as the column's own text. PostgreSQL's money is read as numeric and written
 * through numeric (its own text follows the server's lc_monetary: `$1,234.50`, `1.234,50 €`); a row literal is
 * cast to its composite type (bare, it is an anonymous record wherever it is compared). Arrays of either alike.
 */
function crossing(codec: SqlCodec): { read?: string; write: string[] } | undefined {
  if (codec.kind === "money") return { read: "numeric", write: ["numeric", "money"] };
  if (codec.kind === "composite") return { write: [codec.type] };
  if (codec.kind !== "array") return undefined;
  let element = codec.element;
  while (element.kind === "array") element = element.element;
  const inner = crossing(element);
  if (inner === undefined) return undefined;
  // PostgreSQL's array types do not count dimensions: numeric[] holds numeric[][] too.
  const write = inner.write.map((type) => `${type}[]`);
  return inner.read === undefined ? { write } : { read: `${inner.read}[]`, write };
}

/** One statement and its values, ready for a driver. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** Writes one statement: text from the executor, names quoted, every value a placeholder. */
export class StatementWriter {
  readonly syntax: DialectSyntax;
  readonly #values: unknown[] = [];

  constructor(readonly dialect: SqlDialect) {
    this.syntax = SYNTAX[dialect];
  }

  name(name: string): string {
    return this.syntax.quote(name);
  }

  table(table: SqlTableName): string {
    const name = this.syntax.quote(table.name);
    return table.schema === undefined ? name : `${this.syntax.quote(table.schema)}.${name}`;
  }

  value(value: unknown): string {
    this.#values.push(value);
    return this.syntax.placeholder(this.#values.length);
  }

  /** A value for a column of `codec`, cast where the column's type does not take the value's text as it is. */
  typed(value: unknown, codec: SqlCodec): string {
    const placeholder = this.value(value);
    const casts = value === null ? [] : (crossing(codec)?.write ?? []);
    return placeholder + casts.map((type) => `::${type}`).join("");
  }

  /** A column in a select list: under its own name, read as the type its values cross as. */
  selected(column: SqlColumn): string {
    const name = this.name(column.name);
    const read = crossing(column.codec)?.read;
    return read === undefined ? name : `${name}::${read} AS ${name}`;
  }

  finish(text: string): Statement {
    return { text, values: [...this.#values] };
  }
}
