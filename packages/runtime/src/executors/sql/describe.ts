import type { SqlDatabase, SqlTable } from "./model.js";
import { qualifiedName } from "./tables.js";

/** What `describe` returns and `db://<schema>/<table>` resources hold: a table as a model reads it. */
export function describeTable(table: SqlTable): Record<string, unknown> {
  return {
    table: qualifiedName(table),
    kind: table.kind,
    ...(table.comment && { comment: table.comment }),
    columns: table.columns.map((c) => ({
      name: c.name,
      type: c.nativeType,
      nullable: c.nullable,
      ...(c.readOnly && { readOnly: true }),
      ...(c.hasDefault && { hasDefault: true }),
      ...(c.comment && { comment: c.comment }),
    })),
    ...(table.primaryKey && { primaryKey: table.primaryKey }),
    uniqueKeys: table.uniqueKeys,
    foreignKeys: table.foreignKeys.map((fk) => ({
      columns: fk.columns,
      references: qualifiedName(fk.references),
      referencedColumns: fk.referencedColumns,
    })),
  };
}

/**
 * `find_tables`: tables whose name, comment or column names hold every word (case-insensitive), best first: a word in
 * the name counts more than one in a comment or a column.
 */
export function findTables(database: SqlDatabase, words: string | undefined, limit: number) {
  const terms = (words ?? "")
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const scored = database.tables.flatMap((table) => {
    const name = qualifiedName(table).toLowerCase();
    const rest = [table.comment ?? "", ...table.columns.map((c) => `${c.name} ${c.comment ?? ""}`)]
      .join(" ")
      .toLowerCase();
    let score = 0;
    for (const term of terms) {
      if (name.includes(term)) score += 3;
      else if (rest.includes(term)) score += 1;
      else return [];
    }
    return [{ table, score }];
  });
  scored.sort((a, b) => b.score - a.score);
  return {
    tables: scored.slice(0, limit).map(({ table }) => ({
      table: qualifiedName(table),
      kind: table.kind,
      ...(table.comment && { comment: table.comment }),
      columns: table.columns.map((c) => c.name),
    })),
  };
}

const COLUMN_ROW = {
  type: "object",
  properties: {
    name: { type: "string" },
    type: { type: "string" },
    nullable: { type: "boolean" },
    readOnly: { type: "boolean" },
    hasDefault: { type: "boolean" },
    comment: { type: "string" },
  },
  required: ["name", "type", "nullable"],
};

export const DESCRIBE_OUTPUT = {
  type: "object",
  properties: {
    table: { type: "string" },
    kind: { type: "string", enum: ["table", "view"] },
    comment: { type: "string" },
    columns: { type: "array", items: COLUMN_ROW },
    primaryKey: { type: "array", items: { type: "string" } },
    uniqueKeys: { type: "array", items: { type: "array", items: { type: "string" } } },
    foreignKeys: {
      type: "array",
      items: {
        type: "object",
        properties: {
          columns: { type: "array", items: { type: "string" } },
          references: { type: "string" },
          referencedColumns: { type: "array", items: { type: "string" } },
        },
        required: ["columns", "references", "referencedColumns"],
      },
    },
  },
  required: ["table", "kind", "columns", "uniqueKeys", "foreignKeys"],
};

export const FIND_TABLES_OUTPUT = {
  type: "object",
  properties: {
    tables: {
      type: "array",
      items: {
        type: "object",
        properties: {
          table: { type: "string" },
          kind: { type: "string", enum: ["table", "view"] },
          comment: { type: "string" },
          columns: { type: "array", items: { type: "string" } },
        },
        required: ["table", "kind", "columns"],
      },
    },
  },
  required: ["tables"],
};
