/**
 * The PostgreSQL catalog queries, run unchanged on a live server (pg) and on PGlite holding a DDL file, so both
 * readings come from the same SQL. Plain pg_catalog (information_schema hides what the role cannot see and knows
 * nothing of enums' labels, domains' bases or materialized views). Results are raw rows; `introspect.ts` makes tables.
 *
 * Text that may hold any character (names, comments, type names, enum labels) comes back base64-encoded UTF-8 and is
 * decoded here: PGlite 0.5 loses a result holding many rows with multi-byte characters (AdventureWorks' comments
 * killed it), and one encoding for both engines keeps the queries identical.
 */

/** What `pg.Client` and `PGlite` both offer. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface RelationRow {
  oid: number;
  schema: string;
  name: string;
  /** r table, p partitioned table, f foreign table, v view, m materialized view. */
  relkind: string;
  is_partition: boolean;
  comment: string | null;
}

export interface ColumnRow {
  relid: number;
  attnum: number;
  name: string;
  type_oid: number;
  typmod: number;
  native_type: string;
  not_null: boolean;
  has_default: boolean;
  /** '' none, 'a' always, 'd' by default. */
  identity: string;
  /** '' none, 's' stored, 'v' virtual. */
  generated: string;
  comment: string | null;
}

export interface TypeRow {
  oid: number;
  schema: string;
  name: string;
  /** b base, c composite, d domain, e enum, m multirange, p pseudo, r range. */
  typtype: string;
  category: string;
  element: number;
  base_type: number;
  base_typmod: number;
  domain_not_null: boolean;
  enum_labels: string[] | null;
  /** Ranges and multiranges: the element type, and its name as SQL writes it (for casts). */
  range_subtype: number | null;
  range_subtype_sql: string | null;
  /** Composite types: the attributes' names, types and typmods, in order. */
  attribute_names: string[] | null;
  attribute_types: number[] | null;
  attribute_typmods: number[] | null;
}

export interface IndexRow {
  relid: number;
  name: string;
  primary: boolean;
  columns: number[];
}

export interface ForeignKeyRow {
  relid: number;
  name: string;
  columns: number[];
  ref_relid: number;
  ref_schema: string;
  ref_table: string;
  ref_columns: number[];
}

/** A text expression as base64 of its UTF-8 bytes (ASCII on the wire whatever it holds). */
function utf8(expression: string): string {
  return `encode(convert_to(${expression}, 'UTF8'), 'base64')`;
}

function decode(value: string | null): string | null {
  return value === null ? null : Buffer.from(value, "base64").toString("utf8");
}

/** Decodes the named fields of every row (arrays element by element). */
function decoded<Row>(rows: Row[], fields: (keyof Row)[]): Row[] {
  for (const row of rows) {
    const record = row as Record<keyof Row, unknown>;
    for (const field of fields) {
      const value = record[field];
      record[field] = Array.isArray(value) ? value.map(decode) : decode(value as string | null);
    }
  }
  return rows;
}

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'`;

/** Objects an extension created belong to it, not to the schema the DDL describes. */
const NOT_FROM_EXTENSION = `NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
  WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

export async function readRelations(db: Queryable): Promise<RelationRow[]> {
  const { rows } = await db.query<RelationRow>(`
    SELECT c.oid::int AS oid, ${utf8("n.nspname")} AS schema, ${utf8("c.relname")} AS name, c.relkind::text AS relkind,
      c.relispartition AS is_partition, ${utf8("pg_catalog.obj_description(c.oid, 'pg_class')")} AS comment
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'f', 'v', 'm') AND ${USER_SCHEMAS} AND ${NOT_FROM_EXTENSION}
    ORDER BY n.nspname, c.relname`);
  return decoded(rows, ["schema", "name", "comment"]);
}

export async function readColumns(db: Queryable): Promise<ColumnRow[]> {
  const { rows } = await db.query<ColumnRow>(`
    SELECT a.attrelid::int AS relid, a.attnum::int AS attnum, ${utf8("a.attname")} AS name, a.atttypid::int AS type_oid,
      a.atttypmod AS typmod, ${utf8("pg_catalog.format_type(a.atttypid, a.atttypmod)")} AS native_type,
      a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity::text AS identity,
      a.attgenerated::text AS generated, ${utf8("pg_catalog.col_description(a.attrelid, a.attnum)")} AS comment
    FROM pg_catalog.pg_attribute a
      JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND ${USER_SCHEMAS}
    ORDER BY a.attrelid, a.attnum`);
  return decoded(rows, ["name", "native_type", "comment"]);
}

/** Every type (a few hundred rows): columns' types resolve through domains and arrays in memory. */
export async function readTypes(db: Queryable): Promise<TypeRow[]> {
  const { rows } = await db.query<TypeRow>(`
    SELECT t.oid::int AS oid, ${utf8("n.nspname")} AS schema, ${utf8("t.typname")} AS name, t.typtype::text AS typtype,
      t.typcategory::text AS category, t.typelem::int AS element, t.typbasetype::int AS base_type,
      t.typtypmod AS base_typmod, t.typnotnull AS domain_not_null,
      (SELECT array_agg(${utf8("e.enumlabel::text")} ORDER BY e.enumsortorder) FROM pg_catalog.pg_enum e
        WHERE e.enumtypid = t.oid) AS enum_labels,
      r.rngsubtype::int AS range_subtype, ${utf8("pg_catalog.format_type(r.rngsubtype, NULL)")} AS range_subtype_sql,
      a.names AS attribute_names, a.types AS attribute_types, a.typmods AS attribute_typmods
    FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
      LEFT JOIN pg_catalog.pg_range r ON t.typtype IN ('r', 'm') AND t.oid IN (r.rngtypid, r.rngmultitypid)
      LEFT JOIN LATERAL (
        SELECT array_agg(${utf8("at.attname")} ORDER BY at.attnum) AS names,
          array_agg(at.atttypid::int ORDER BY at.attnum) AS types, array_agg(at.atttypmod ORDER BY at.attnum) AS typmods
        FROM pg_catalog.pg_attribute at
        WHERE t.typtype = 'c' AND at.attrelid = t.typrelid AND at.attnum > 0 AND NOT at.attisdropped
      ) a ON true`);
  return decoded(rows, ["schema", "name", "enum_labels", "range_subtype_sql", "attribute_names"]);
}

/** Primary keys and unique indexes on plain columns (no expression, no predicate), constraint or not. */
export async function readKeys(db: Queryable): Promise<IndexRow[]> {
  const { rows } = await db.query<IndexRow>(`
    SELECT i.indrelid::int AS relid, ${utf8("ic.relname")} AS name, i.indisprimary AS primary,
      i.indkey::int2[]::int[] AS columns
    FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
    WHERE i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL AND 0 <> ALL (i.indkey::int2[])
    ORDER BY i.indrelid, ic.relname`);
  return decoded(rows, ["name"]);
}

export async function readForeignKeys(db: Queryable): Promise<ForeignKeyRow[]> {
  const { rows } = await db.query<ForeignKeyRow>(`
    SELECT k.conrelid::int AS relid, ${utf8("k.conname")} AS name, k.conkey::int[] AS columns, k.confrelid::int AS ref_relid,
      ${utf8("rn.nspname")} AS ref_schema,
      ${utf8("r.relname")} AS ref_table, k.confkey::int[] AS ref_columns
    FROM pg_catalog.pg_constraint k
      JOIN pg_catalog.pg_class r ON r.oid = k.confrelid
      JOIN pg_catalog.pg_namespace rn ON rn.oid = r.relnamespace
    WHERE k.contype = 'f'
    ORDER BY k.conrelid, k.conname`);
  return decoded(rows, ["name", "ref_schema", "ref_table"]);
}

export interface CheckRow {
  relid: number;
  attnum: number;
  /** As `pg_get_constraintdef` writes it, `CHECK (...)` included. */
  definition: string;
}

/**
 * CHECK constraints on one column each, validated (a `NOT VALID` one may have rows that break it): `shared/
 * check-values.ts` reads those that list the column's values.
 */
export async function readChecks(db: Queryable): Promise<CheckRow[]> {
  const { rows } = await db.query<CheckRow>(`
    SELECT k.conrelid::int AS relid, k.conkey[1]::int AS attnum, ${utf8("pg_catalog.pg_get_constraintdef(k.oid)")} AS definition
    FROM pg_catalog.pg_constraint k
    WHERE k.contype = 'c' AND k.convalidated AND k.conrelid <> 0 AND pg_catalog.cardinality(k.conkey) = 1
    ORDER BY k.conrelid, k.conname`);
  return decoded(rows, ["definition"]);
}

/** The database's name, for messages: never the connection string. */
export async function readDatabaseName(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ name: string }>("SELECT pg_catalog.current_database() AS name");
  return rows[0]?.name ?? "postgres";
}
