// A small database as the source would describe it, for the SQL executor's unit tests: a composite key, a nullable
// text column, an enum, an array and JSON, a generated column, a view without key.
import type { SqlColumn, SqlDatabase } from "./model.js";

function column(name: string, codec: SqlColumn["codec"], schema: SqlColumn["schema"], more: Partial<SqlColumn> = {}) {
  return { name, nativeType: codec.kind, codec, schema, nullable: false, readOnly: false, hasDefault: false, ...more };
}

export const SHOP: SqlDatabase = {
  dialect: "postgres",
  name: "shop",
  tables: [
    {
      schema: "public",
      name: "orders",
      kind: "table",
      comment: "Customer orders.",
      columns: [
        column("region", { kind: "text" }, { type: "string" }),
        column("id", { kind: "bigint" }, { type: "string", pattern: "^-?[0-9]+$" }, { hasDefault: true }),
        column("note", { kind: "text" }, { type: "string" }, { nullable: true, comment: "Free text." }),
        column("status", { kind: "enum", values: ["new", "paid"] }, { type: "string", enum: ["new", "paid"] }),
        column("tags", { kind: "array", element: { kind: "text" } }, { type: "array", items: { type: "string" } }),
        column("data", { kind: "json" }, {}, { nullable: true }),
        column("total", { kind: "decimal" }, { type: "string" }, { readOnly: true }),
      ],
      primaryKey: ["region", "id"],
      uniqueKeys: [],
      foreignKeys: [],
    },
    {
      schema: "public",
      name: "order_lines",
      kind: "table",
      columns: [
        column("line", { kind: "integer" }, { type: "integer" }),
        column("region", { kind: "text" }, { type: "string" }),
        column("order_id", { kind: "bigint" }, { type: "string" }),
      ],
      primaryKey: ["line"],
      uniqueKeys: [],
      foreignKeys: [
        {
          columns: ["region", "order_id"],
          references: { schema: "public", name: "orders" },
          referencedColumns: ["region", "id"],
        },
      ],
    },
    {
      schema: "public",
      name: "paid_orders",
      kind: "view",
      columns: [column("id", { kind: "bigint" }, { type: "string" }, { nullable: true })],
      uniqueKeys: [],
      foreignKeys: [],
    },
  ],
};
