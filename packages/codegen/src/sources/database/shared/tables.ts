/**
 * Dialect-neutral assembly of a table: a column from its catalog facts and mapped type, keys kept only where the
 * model can use them, and a stable order so two readings of one schema compare equal.
 */
import type { SqlColumn, SqlForeignKey, SqlTable } from "@mcpsmith/runtime/sql";
import type { MappedType } from "./codecs.js";

export interface ColumnFacts {
  name: string;
  nativeType: string;
  type: MappedType;
  nullable: boolean;
  readOnly: boolean;
  hasDefault: boolean;
  comment?: string | null;
  /**
   * The values a CHECK constraint allows the column (shared/check-values.ts): its `enum` on a text column when they
   * are strings, on an integer column when they are whole numbers its type holds.
   */
  allowed?: string[] | number[];
}

export function column(facts: ColumnFacts): SqlColumn {
  const schema = { ...facts.type.schema };
  if (facts.allowed !== undefined && schema.enum === undefined && fitsType(facts.allowed, facts.type)) {
    schema.enum = facts.allowed;
  }
  const comment = facts.comment ?? undefined;
  if (comment !== undefined && comment !== "") {
    const note = typeof schema.description === "string" ? ` (${schema.description})` : "";
    schema.description = `${comment}${note}`;
  }
  const result: SqlColumn = {
    name: facts.name,
    nativeType: facts.nativeType,
    codec: facts.type.codec,
    schema,
    nullable: facts.nullable,
    readOnly: facts.readOnly,
    // A nullable column takes NULL when an insert leaves it out, as it does its default.
    hasDefault: facts.hasDefault || facts.nullable,
  };
  if (comment !== undefined && comment !== "") result.comment = comment;
  return result;
}

function fitsType(values: string[] | number[], type: MappedType): boolean {
  if (type.codec.kind === "text") return values.every((value) => typeof value === "string");
  const { minimum, maximum } = type.schema as { minimum?: number; maximum?: number };
  return (
    type.codec.kind === "integer" &&
    values.every(
      (value) =>
        typeof value === "number" &&
        Number.isSafeInteger(value) &&
        (minimum === undefined || value >= minimum) &&
        (maximum === undefined || value <= maximum),
    )
  );
}

/** Unique keys that can identify a row: every column NOT NULL; the primary key and duplicates left out, sorted. */
export function candidateKeys(keys: string[][], columns: SqlColumn[], primaryKey: string[] | undefined): string[][] {
  const notNull = new Set(columns.filter((c) => !c.nullable).map((c) => c.name));
  const seen = new Set<string>(primaryKey ? [JSON.stringify(primaryKey)] : []);
  const result: string[][] = [];
  for (const key of keys) {
    const id = JSON.stringify(key);
    if (seen.has(id) || !key.every((name) => notNull.has(name))) continue;
    seen.add(id);
    result.push(key);
  }
  return result.sort(compareLists);
}

export function sortForeignKeys(keys: SqlForeignKey[]): SqlForeignKey[] {
  const id = (key: SqlForeignKey) => [...key.columns, "\0", key.references.schema ?? "", key.references.name];
  return keys.sort((a, b) => compareLists(id(a), id(b)));
}

export function sortTables(tables: SqlTable[]): SqlTable[] {
  return tables.sort((a, b) => compareLists([a.schema ?? "", a.name], [b.schema ?? "", b.name]));
}

function compareLists(a: string[], b: string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const order = compareText(a[index] as string, b[index] as string);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** Code-unit order, the same on every machine and locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
