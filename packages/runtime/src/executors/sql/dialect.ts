import { McpsmithError } from "../../errors.js";
import { crossing } from "./crossing.js";
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
    const write = value === null ? undefined : crossing(codec, this.syntax.quote)?.write;
    return write === undefined ? placeholder : write(placeholder);
  }

  /** A column in a select list: under its own name, read as its values cross. */
  selected(column: SqlColumn): string {
    const name = this.name(column.name);
    const read = crossing(column.codec, this.syntax.quote)?.read;
    return read === undefined ? name : `${read(name)} AS ${name}`;
  }

  finish(text: string): Statement {
    return { text, values: [...this.#values] };
  }
}
