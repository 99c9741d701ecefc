/**
 * Reads a PostgreSQL catalog (live server or PGlite) into tables. Partitions are left out (their partitioned table
 * lists their rows); views and materialized views become views.
 */
import type { SqlForeignKey, SqlTable } from "@mcpsmith/runtime/sql";
import { allowedValues } from "../shared/check-values.js";
import { candidateKeys, column, sortForeignKeys, sortTables } from "../shared/tables.js";
import {
  type CheckRow,
  type ColumnRow,
  type Queryable,
  type RelationRow,
  readChecks,
  readColumns,
  readForeignKeys,
  readKeys,
  readRelations,
  readTypes,
} from "./catalog.js";
import { mapPostgresType, type TypeIndex } from "./types.js";

type Warn = (pointer: string, message: string) => void;

export async function introspectPostgres(db: Queryable, warn: Warn): Promise<SqlTable[]> {
  const relations = await readRelations(db);
  const columns = groupBy(await readColumns(db), (row) => row.relid);
  const types: TypeIndex = new Map((await readTypes(db)).map((row) => [row.oid, row]));
  const keys = groupBy(await readKeys(db), (row) => row.relid);
  const foreignKeys = groupBy(await readForeignKeys(db), (row) => row.relid);
  const checks = groupBy(await readChecks(db), (row) => row.relid);

  const partitions = relations.filter((relation) => relation.is_partition);
  if (partitions.length > 0) {
    const names = partitions.map((p) => `${p.schema}.${p.name}`);
    warn("", `${partitions.length} partitions skipped (their partitioned tables list their rows): ${names.join(", ")}`);
  }
  const columnNames = new Map(
    [...columns].map(([relid, rows]) => [relid, new Map(rows.map((row) => [row.attnum, row.name]))]),
  );
  const names = (relid: number, numbers: number[]) => numbers.map((n) => columnNames.get(relid)?.get(n) ?? `#${n}`);
  const tables = relations
    .filter((relation) => !relation.is_partition)
    .map((relation) =>
      table(relation, columns.get(relation.oid) ?? [], types, warn, checks.get(relation.oid) ?? [], {
        keys: (keys.get(relation.oid) ?? []).map((key) => ({
          primary: key.primary,
          columns: names(relation.oid, key.columns),
        })),
        foreignKeys: (foreignKeys.get(relation.oid) ?? []).map(
          (key): SqlForeignKey => ({
            name: key.name,
            columns: names(relation.oid, key.columns),
            references: { schema: key.ref_schema, name: key.ref_table },
            referencedColumns: names(key.ref_relid, key.ref_columns),
          }),
        ),
      }),
    );
  return sortTables(tables);
}

interface Keys {
  keys: { primary: boolean; columns: string[] }[];
  foreignKeys: SqlForeignKey[];
}

function table(
  relation: RelationRow,
  rows: ColumnRow[],
  types: TypeIndex,
  warn: Warn,
  checks: CheckRow[],
  keys: Keys,
): SqlTable {
  const isView = relation.relkind === "v" || relation.relkind === "m";
  const names = new Map(rows.map((row) => [row.attnum, row.name]));
  const allowed = allowedValues(
    checks.map((check) => ({
      expression: check.definition.replace(/^CHECK\s*/i, ""),
      column: names.get(check.attnum),
    })),
  );
  const columns = rows.map((row) => {
    const type = types.get(row.type_oid);
    const mapped = mapPostgresType(types, row.type_oid, row.typmod);
    if (mapped.unmapped !== undefined) {
      warn(`${relation.schema}.${relation.name}.${row.name}`, `type ${row.native_type} has no mapping: read as text`);
    }
    const domainNotNull = type?.typtype === "d" && type.domain_not_null;
    return column({
      name: row.name,
      nativeType: row.native_type,
      type: mapped,
      nullable: !row.not_null && !domainNotNull,
      readOnly: isView || row.generated !== "" || row.identity === "a",
      hasDefault: row.has_default || row.identity !== "" || row.generated !== "",
      comment: row.comment,
      allowed: allowed.get(row.name),
    });
  });
  const primaryKey = keys.keys.find((key) => key.primary)?.columns;
  const result: SqlTable = {
    schema: relation.schema,
    name: relation.name,
    kind: isView ? "view" : "table",
    columns,
    uniqueKeys: candidateKeys(
      keys.keys.filter((key) => !key.primary).map((key) => key.columns),
      columns,
      primaryKey,
    ),
    foreignKeys: sortForeignKeys(keys.foreignKeys),
  };
  if (primaryKey !== undefined) result.primaryKey = primaryKey;
  if (relation.comment !== null && relation.comment !== "") result.comment = relation.comment;
  return result;
}

function groupBy<Row>(rows: Row[], key: (row: Row) => number): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}
