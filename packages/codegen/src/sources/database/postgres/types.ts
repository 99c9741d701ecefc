/**
 * PostgreSQL types -> codec and JSON Schema. A column's type is resolved through the catalog's type rows: domains to
 * their base (keeping the domain's length), arrays to their element, enums to their labels, ranges and multiranges
 * to objects with bounds of their subtype, composites to objects of their attributes. Types without a JSON
 * counterpart (geometry, text search, network addresses) travel as PostgreSQL's own text form, said in the schema's
 * description: {@link TEXT_FORMS} lists them, and nothing else falls back silently.
 */

import type { MappedType } from "../shared/codecs.js";
import * as json from "../shared/codecs.js";
import type { TypeRow } from "./catalog.js";

export type TypeIndex = ReadonlyMap<number, TypeRow>;

/** Base types carried as text on purpose, with what the text looks like. */
export const TEXT_FORMS: Readonly<Record<string, string>> = {
  money: "an amount in the database's currency format (`$1.00`)",
  tsvector: "a text-search vector in PostgreSQL's text form",
  tsquery: "a text-search query in PostgreSQL's text form",
  inet: "an IPv4 or IPv6 host address, with an optional /prefix",
  cidr: "an IPv4 or IPv6 network (`10.0.0.0/8`)",
  macaddr: "a MAC address",
  macaddr8: "a MAC address (EUI-64)",
  point: "a point `(x,y)`",
  line: "a line `{A,B,C}`",
  lseg: "a line segment `[(x1,y1),(x2,y2)]`",
  box: "a box `(x1,y1),(x2,y2)`",
  path: "a path of points",
  polygon: "a polygon of points",
  circle: "a circle `<(x,y),r>`",
  bit: "a bit string of 0s and 1s",
  varbit: "a bit string of 0s and 1s",
  pg_lsn: "a WAL location",
  txid_snapshot: "a transaction snapshot",
  pg_snapshot: "a transaction snapshot",
  // Extension types (contrib modules), as common as Rails' hstore columns (Feedbin's settings).
  hstore: 'key/value pairs in hstore\'s text form (`"a"=>"1", "b"=>NULL`)',
  ltree: "a label path (`top.science.astronomy`)",
};

const NUMERIC_SPECIALS = ["NaN", "Infinity", "-Infinity"];

/**
 * Where a type is, for money: the executor reads a money column, a money array and a money attribute of a row column
 * through numeric (as a decimal string). Deeper (a row in a row, an array of rows, a range), a value comes in its
 * type's own text, which the executor cannot cast in SQL, so money keeps the server's currency format there.
 */
type Nesting = "column" | "attribute" | "deep";

export function mapPostgresType(
  types: TypeIndex,
  oid: number,
  typmod: number,
  nesting: Nesting = "column",
): MappedType {
  const type = types.get(oid);
  if (type === undefined) return { ...json.text(undefined, "a value of an unknown type"), unmapped: `oid ${oid}` };
  switch (type.typtype) {
    case "d":
      return mapPostgresType(types, type.base_type, type.base_typmod >= 0 ? type.base_typmod : typmod, nesting);
    case "e":
      return json.enumeration(type.enum_labels ?? []);
    case "r":
    case "m": {
      const subtype = type.range_subtype ?? 0;
      const element = mapPostgresType(types, subtype, -1, "deep");
      const sql = type.range_subtype_sql ?? "";
      return withUnmapped(type.typtype === "r" ? json.range(element, sql) : json.multirange(element, sql), element);
    }
    case "c":
      return compositeType(types, type, nesting === "column" ? "attribute" : "deep");
  }
  if (type.category === "A" && type.element !== 0) {
    const items = nesting === "column" && !isRow(types, type.element) ? "column" : "deep";
    return json.array(mapPostgresType(types, type.element, typmod, items));
  }
  return mapBaseType(type, typmod, nesting);
}

function compositeType(types: TypeIndex, type: TypeRow, nesting: Nesting): MappedType {
  const names = type.attribute_names ?? [];
  const attributes = names.map((name, i) => ({
    name,
    type: mapPostgresType(types, type.attribute_types?.[i] ?? 0, type.attribute_typmods?.[i] ?? -1, nesting),
  }));
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const name = type.schema === "public" ? type.name : `${type.schema}.${type.name}`;
  const mapped = json.composite(name, `${quote(type.schema)}.${quote(type.name)}`, attributes);
  const unmapped = attributes.find((a) => a.type.unmapped !== undefined)?.type.unmapped;
  return unmapped === undefined ? mapped : { ...mapped, unmapped };
}

/** PostgreSQL's dates and timestamps also hold `infinity` and `-infinity`, later and earlier than any other. */
function withInfinity(mapped: MappedType): MappedType {
  const { description, ...form } = mapped.schema as Record<string, unknown>;
  const infinite = { type: "string", enum: ["infinity", "-infinity"] };
  return { ...mapped, schema: { anyOf: [form, infinite], ...(description !== undefined && { description }) } };
}

/** Whether values of the type are rows (a composite, or a domain over one). */
function isRow(types: TypeIndex, oid: number): boolean {
  const type = types.get(oid);
  if (type?.typtype === "d") return isRow(types, type.base_type);
  return type?.typtype === "c";
}

/** A type built of another keeps its part's warning: a range of an unknown subtype is not silently mapped. */
function withUnmapped(mapped: MappedType, part: MappedType): MappedType {
  return part.unmapped === undefined ? mapped : { ...mapped, unmapped: part.unmapped };
}

function mapBaseType(type: TypeRow, typmod: number, nesting: Nesting): MappedType {
  switch (type.name) {
    case "int2":
      return json.integer(-32768, 32767);
    case "int4":
      return json.integer(-2147483648, 2147483647);
    case "oid":
    case "xid":
    case "cid":
      return json.integer(0, 4294967295);
    case "int8":
      return json.bigint();
    case "numeric":
      return typmod >= 4
        ? json.decimal(((typmod - 4) >> 16) & 0xffff, (typmod - 4) & 0xffff, NUMERIC_SPECIALS)
        : json.decimal(undefined, undefined, NUMERIC_SPECIALS);
    case "float4":
    case "float8":
      return json.float();
    case "bool":
      return json.boolean();
    case "varchar":
    case "bpchar":
      return json.text(typmod >= 4 ? typmod - 4 : undefined);
    case "text":
    case "name":
    case "citext":
      return json.text();
    case "char":
      return json.text(1);
    case "uuid":
      return json.uuid();
    case "json":
    case "jsonb":
      return json.json();
    case "bytea":
      return json.bytes();
    case "date":
      return withInfinity(json.date());
    case "time":
      return json.time(false);
    case "timetz":
      return json.time(true);
    case "timestamp":
      return withInfinity(json.datetime(false));
    case "timestamptz":
      return withInfinity(json.datetime(true));
    case "interval":
      return json.interval();
    case "money":
      if (nesting !== "deep") return json.money();
      break;
    case "xml":
      return json.xml();
  }
  const form = TEXT_FORMS[type.name];
  if (form !== undefined) return json.text(undefined, form);
  return { ...json.text(undefined, `a ${type.name} value in PostgreSQL's text form`), unmapped: type.name };
}
