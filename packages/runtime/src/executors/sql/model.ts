/**
 * What the SQL executor needs to know about a database and one of its tools, as plain data.
 *
 * This is the contract between the database source (codegen introspects a live database or loads a DDL file into an
 * engine, and lowers what it finds into these objects) and the executor (`@mcpsmith/runtime/sql` turns tool
 * arguments into one parameterised statement, runs it under the engine's read-only guard unless the tool writes,
 * and turns the rows into a tool result). Generated projects embed these objects as literals; `mcpsmith serve db`
 * builds them in memory. Everything here is JSON-serialisable so both paths hold exactly the same data.
 *
 * Every difference of dialect in how a type is *read* (catalog queries, type names) ends in the source; what the
 * executor must know to *convert* a value is the column's `codec`.
 */

/** The engines mcpsmith speaks to. MariaDB is `mysql`. */
export type SqlDialect = "postgres" | "mysql" | "sqlite";

/**
 * How a column's values cross between JSON (tool arguments, structuredContent) and the driver. Chosen by the source
 * from the column's type; the JSON Schema of the column (`SqlColumn.schema`) says the same to clients.
 *  - `bigint` and `decimal` travel as strings wherever a JSON number would lose precision;
 *  - `bytes` travel as base64;
 *  - `set` (MySQL SET) is an array of its members, joined with commas on the wire;
 *  - `json` is any JSON value (PostgreSQL json/jsonb, MySQL JSON, SQLite columns declared JSON);
 *  - `array` holds `element` values (PostgreSQL arrays);
 *  - `date`, `time`, `datetime` are ISO 8601 strings (`datetime` with an offset when the type has a zone);
 *  - `interval` is an ISO 8601 duration (`P1Y2M-3DT4H5M6.5S`: PostgreSQL's `iso_8601` interval style, which the
 *    driver sets per transaction);
 *  - `money` is a decimal string: the column is read as `numeric` and written through `numeric`, so neither way
 *    depends on the server's `lc_monetary`;
 *  - `xml` is the document's text (PostgreSQL compares XML with nothing, so it takes no filter but `isNull`);
 *  - `range` is `{ lower, upper, lowerInclusive, upperInclusive, empty }` with bounds of the `element` codec (null:
 *    unbounded), on the wire PostgreSQL's range literal; `subtype` is the element's SQL type, which a bound needs as
 *    a cast where an operator would otherwise be ambiguous (`range @> $1::subtype`); `multirange` is a list of them;
 *  - `composite` is an object of its `attributes`, on the wire PostgreSQL's row literal (`(1,"a b",)`) cast to
 *    `type` (the composite type's quoted, schema-qualified name: a bare literal compared with a column is taken for
 *    an anonymous record, which PostgreSQL cannot read);
 *  - `geometry` is a spatial value (MySQL's POINT, POLYGON, GEOMETRY, ...) as WKT, `POINT(1 2)`: read, compared and
 *    written through the engine's ST_AsText and ST_GeomFromText (crossing.ts); it takes no order;
 *  - `text` is the fallback for any type the driver reads as text (PostGIS geometry, network addresses, text search).
 */
export type SqlCodec =
  | { kind: "text" }
  | { kind: "integer" }
  | { kind: "bigint" }
  | { kind: "decimal" }
  | { kind: "float" }
  | { kind: "boolean" }
  | { kind: "date" }
  | { kind: "time" }
  | { kind: "datetime"; zoned: boolean }
  | { kind: "interval" }
  | { kind: "money" }
  | { kind: "xml" }
  | { kind: "geometry" }
  | { kind: "uuid" }
  | { kind: "json" }
  | { kind: "bytes" }
  | { kind: "enum"; values: string[] }
  | { kind: "set"; values: string[] }
  | { kind: "array"; element: SqlCodec }
  | { kind: "range" | "multirange"; element: SqlCodec; subtype: string }
  | { kind: "composite"; type: string; attributes: SqlAttribute[] };

/** One attribute of a composite type, in the type's order. */
export interface SqlAttribute {
  name: string;
  codec: SqlCodec;
}

/** A JSON Schema (2020-12) fragment; the runtime's own alias is not imported so this file stays dependency-free. */
export type SqlJsonSchema = boolean | { [keyword: string]: unknown };

export interface SqlColumn {
  /** The column's name in the database: always quoted by the executor, never spliced into SQL as written. */
  name: string;
  /** The type as the database names it (`character varying(120)`, `enum('a','b')`, `NVARCHAR(40)`), for describe. */
  nativeType: string;
  codec: SqlCodec;
  /** The JSON Schema of one value (without null: `nullable` adds it where the value may be null). */
  schema: SqlJsonSchema;
  nullable: boolean;
  /** Generated, computed or identity-always columns: never taken on insert or update. */
  readOnly: boolean;
  /** Has a default, is auto-incremented or generated, or is nullable (NULL is its default): optional on insert. */
  hasDefault: boolean;
  comment?: string;
}

export interface SqlForeignKey {
  /** The constraint's name, when the catalog gives one. */
  name?: string;
  /** Columns of this table, in key order. */
  columns: string[];
  /** The table they point to. */
  references: SqlTableName;
  /** Columns of the referenced table, in the same order as `columns`. */
  referencedColumns: string[];
}

export interface SqlTableName {
  /** PostgreSQL schema, MySQL database; absent for SQLite's `main`. */
  schema?: string;
  name: string;
}

export interface SqlTable extends SqlTableName {
  kind: "table" | "view";
  columns: SqlColumn[];
  /** Column names of the primary key, in key order; absent when the table has none (then it has no `get_`). */
  primaryKey?: string[];
  /**
   * Unique keys (constraints or plain unique indexes) whose columns are all NOT NULL, the primary key left out, sorted
   * by their columns: candidates for keyset paging without a primary key.
   */
  uniqueKeys: string[][];
  foreignKeys: SqlForeignKey[];
  comment?: string;
}

/**
 * What one tool does. Tables are named, not copied: the executor finds them in `SqlDatabase.tables`, the one place
 * a table's columns are written down. The argument shapes of each kind are defined once, by the runtime
 * (`sql/arguments.ts`), and read by both the schema builder and the executor.
 */
export type SqlBinding =
  /** Rows of a table or view: filters, order, keyset cursor, select, count. */
  | { kind: "list"; table: SqlTableName }
  /** One row by primary key, with one level of foreign-key embedding when `embed` is given. */
  | { kind: "get"; table: SqlTableName; embed?: SqlEmbed[] }
  /** Writes by primary key, in a transaction, returning the affected rows (only with writes enabled). */
  | { kind: "insert" | "update" | "delete"; table: SqlTableName }
  /** Read-only SQL: `{ sql: string }`. */
  | { kind: "query" }
  /** The columns, keys, foreign keys and comments of one table: `{ table: string }`. */
  | { kind: "describe" }
  /** Above the table threshold: find tables by words, and list rows of a table named in the arguments. */
  | { kind: "find_tables" }
  | { kind: "list_rows" };

/** Rows of another table embedded in a `get_` result: those the key points to (`one`) or that point here (`many`). */
export interface SqlEmbed {
  /** The property the embedded row(s) appear under in the result. */
  property: string;
  cardinality: "one" | "many";
  /** The table holding the key when `many` (its rows point here); the referenced table when `one`. */
  table: SqlTableName;
  /** Column pairs: this table's column -> the other table's column. */
  on: { column: string; otherColumn: string }[];
}

/** What the executor needs about the database as a whole: generated projects and `serve db` hold one of these. */
export interface SqlDatabase {
  dialect: SqlDialect;
  /** The database's name as introspected (for messages and resources), never a connection string. */
  name: string;
  tables: SqlTable[];
}
