/** One shape for a MySQL table, whoever read it (information_schema or the DDL parser), and its lowering. */
import type { SqlForeignKey, SqlTable } from "@mcpsmith/runtime/sql";
import * as json from "../shared/codecs.js";
import { candidateKeys, column, sortForeignKeys } from "../shared/tables.js";
import { canonicalMysqlType, mapMysqlType } from "./types.js";

type Warn = (pointer: string, message: string) => void;

/** The column type of a view column whose expression the DDL reader cannot type. */
export const UNKNOWN_TYPE = "";

export interface MysqlColumnFacts {
  name: string;
  /** As COLUMN_TYPE writes it; UNKNOWN_TYPE for a view's column whose type could not be inferred. */
  columnType: string;
  nullable: boolean;
  hasDefault: boolean;
  autoIncrement: boolean;
  generated: boolean;
  comment: string;
}

export interface MysqlTableFacts {
  schema: string;
  name: string;
  kind: "table" | "view";
  comment: string;
  columns: MysqlColumnFacts[];
  primaryKey: string[];
  uniqueKeys: string[][];
  foreignKeys: SqlForeignKey[];
}

export function lowerMysqlTable(facts: MysqlTableFacts, warn: Warn): SqlTable {
  const isView = facts.kind === "view";
  const columns = facts.columns.map((c) => {
    if (c.columnType === UNKNOWN_TYPE) return untypedViewColumn(c);
    const type = mapMysqlType(c.columnType);
    if (type.unmapped !== undefined) {
      warn(`${facts.schema}.${facts.name}.${c.name}`, `type ${c.columnType} has no mapping: read as text`);
    }
    return column({
      name: c.name,
      nativeType: canonicalMysqlType(c.columnType),
      type,
      nullable: c.nullable,
      readOnly: isView || c.generated,
      hasDefault: c.hasDefault || c.autoIncrement || c.generated,
      comment: c.comment,
    });
  });
  const primaryKey = facts.primaryKey.length > 0 ? facts.primaryKey : undefined;
  const table: SqlTable = {
    schema: facts.schema,
    name: facts.name,
    kind: facts.kind,
    columns,
    uniqueKeys: candidateKeys(facts.uniqueKeys, columns, primaryKey),
    foreignKeys: sortForeignKeys(facts.foreignKeys),
  };
  if (primaryKey) table.primaryKey = primaryKey;
  if (facts.comment !== "") table.comment = facts.comment;
  return table;
}

/** A view column a DDL file does not type (its expression needs an engine): text, saying why, nullable. */
function untypedViewColumn(c: MysqlColumnFacts) {
  return column({
    name: c.name,
    nativeType: "unknown (computed by the view's query)",
    type: json.text(undefined, "computed by the view's query; its type needs an engine, so it is served as text"),
    nullable: true,
    readOnly: true,
    hasDefault: true,
  });
}
