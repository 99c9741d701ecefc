/**
 * How values cross when not as their column's own text. A spatial value is read and written as WKT (well-known
 * text, `POINT(1 2)`) through the OpenGIS functions MySQL and MariaDB have (PostGIS has them too): the drivers hand
 * a geometry over as binary, or as an object that cannot tell a line from a set of points.
 *
 * PostgreSQL's money is read as numeric and written through
 * numeric: its own text follows the server's lc_monetary (`$1,234.50`, `1.234,50 €`), and so does the text money
 * takes in. A row literal is cast to its composite type (bare, it is an anonymous record wherever it is compared). A
 * composite holding money is read and written attribute by attribute, each money one through numeric, so that its
 * money reads as the decimal string a money column gives. Arrays of money or rows alike, as their element.
 */
import type { SqlCodec } from "./model.js";

export interface Crossing {
  /** The expression that reads a column of the codec, from the column's (quoted) name; absent: the column itself. */
  read?(column: string): string;
  /** The expression that writes a value, from its placeholder. */
  write(placeholder: string): string;
}

type Composite = SqlCodec & { kind: "composite" };

/** How values of `codec` cross, `quote` quoting the names of a composite's attributes; undefined: as they are. */
export function crossing(codec: SqlCodec, quote: (name: string) => string): Crossing | undefined {
  if (codec.kind === "geometry") return GEOMETRY;
  if (codec.kind === "composite" && carriesMoney(codec)) return compositeCrossing(codec, quote);
  const casts = castsOf(codec);
  if (casts === undefined) return undefined;
  const { read, write } = casts;
  return {
    ...(read !== undefined && { read: (column: string) => `${column}::${read}` }),
    write: (placeholder) => placeholder + write.map((type) => `::${type}`).join(""),
  };
}

const GEOMETRY: Crossing = {
  read: (column) => `ST_AsText(${column})`,
  write: (placeholder) => `ST_GeomFromText(${placeholder})`,
};

/** Whether a composite has money among its attributes: then it crosses attribute by attribute. */
export function carriesMoney(codec: Composite): boolean {
  return codec.attributes.some((attribute) => attribute.codec.kind === "money");
}

/** The type casts a value takes each way; arrays cast as their element (PostgreSQL's array types hold any depth). */
function castsOf(codec: SqlCodec): { read?: string; write: string[] } | undefined {
  if (codec.kind === "money") return { read: "numeric", write: ["numeric", "money"] };
  if (codec.kind === "composite") return { write: [codec.type] };
  if (codec.kind !== "array") return undefined;
  let element = codec.element;
  while (element.kind === "array") element = element.element;
  const inner = castsOf(element);
  if (inner === undefined) return undefined;
  const write = inner.write.map((type) => `${type}[]`);
  return inner.read === undefined ? { write } : { read: `${inner.read}[]`, write };
}

/**
 * Read: the row rebuilt from its attributes, money ones as numeric, as text (the literal a composite is read as);
 * a null row stays null (`IS NULL` would also hold for a row of nulls). Write: the value is a text array of the
 * attributes' text, each cast into place, money ones through numeric.
 */
function compositeCrossing(codec: Composite, quote: (name: string) => string): Crossing {
  return {
    read: (column) => {
      const attributes = codec.attributes.map(({ name, codec: attribute }) => {
        const value = `(${column}).${quote(name)}`;
        return attribute.kind === "money" ? `${value}::numeric` : value;
      });
      return `CASE WHEN ${column} IS NOT DISTINCT FROM NULL THEN NULL ELSE ROW(${attributes.join(", ")})::text END`;
    },
    write: (placeholder) => {
      const attributes = codec.attributes.map(({ codec: attribute }, index) => {
        const value = `(${placeholder}::text[])[${index + 1}]`;
        return attribute.kind === "money" ? `${value}::numeric::money` : value;
      });
      return `ROW(${attributes.join(", ")})::${codec.type}`;
    },
  };
}
