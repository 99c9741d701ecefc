// Chinook's SQLite tables as the database source describes them (the part the executor tests use): what
// `mcpsmith serve db` would hand the executor for test/corpus/sql/chinook.sqlite.
import type { SqlColumn, SqlDatabase } from "../packages/runtime/dist/executors/sql/index.js";

function col(name: string, nativeType: string, nullable = false, more: Partial<SqlColumn> = {}): SqlColumn {
  const integer = nativeType === "INTEGER";
  const decimal = nativeType.startsWith("NUMERIC");
  const datetime = nativeType === "DATETIME";
  return {
    name,
    nativeType,
    codec: integer
      ? { kind: "integer" }
      : decimal
        ? { kind: "decimal" }
        : datetime
          ? { kind: "datetime", zoned: false }
          : { kind: "text" },
    schema: integer
      ? { type: "integer" }
      : decimal
        ? { type: "string", pattern: "^-?[0-9]+(\\.[0-9]+)?$" }
        : { type: "string" },
    nullable,
    readOnly: false,
    hasDefault: false,
    ...more,
  };
}

export const CHINOOK: SqlDatabase = {
  dialect: "sqlite",
  name: "chinook",
  tables: [
    {
      name: "Artist",
      kind: "table",
      columns: [col("ArtistId", "INTEGER", false, { hasDefault: true }), col("Name", "NVARCHAR(120)", true)],
      primaryKey: ["ArtistId"],
      uniqueKeys: [],
      foreignKeys: [],
    },
    {
      name: "Album",
      kind: "table",
      columns: [
        col("AlbumId", "INTEGER", false, { hasDefault: true }),
        col("Title", "NVARCHAR(160)"),
        col("ArtistId", "INTEGER"),
      ],
      primaryKey: ["AlbumId"],
      uniqueKeys: [],
      foreignKeys: [{ columns: ["ArtistId"], references: { name: "Artist" }, referencedColumns: ["ArtistId"] }],
    },
    {
      name: "Track",
      kind: "table",
      columns: [
        col("TrackId", "INTEGER", false, { hasDefault: true }),
        col("Name", "NVARCHAR(200)"),
        col("AlbumId", "INTEGER", true),
        col("MediaTypeId", "INTEGER"),
        col("GenreId", "INTEGER", true),
        col("Composer", "NVARCHAR(220)", true),
        col("Milliseconds", "INTEGER"),
        col("Bytes", "INTEGER", true),
        col("UnitPrice", "NUMERIC(10,2)"),
      ],
      primaryKey: ["TrackId"],
      uniqueKeys: [],
      foreignKeys: [{ columns: ["AlbumId"], references: { name: "Album" }, referencedColumns: ["AlbumId"] }],
    },
    {
      name: "PlaylistTrack",
      kind: "table",
      columns: [col("PlaylistId", "INTEGER"), col("TrackId", "INTEGER")],
      primaryKey: ["PlaylistId", "TrackId"],
      uniqueKeys: [],
      foreignKeys: [],
    },
    {
      name: "Invoice",
      kind: "table",
      columns: [
        col("InvoiceId", "INTEGER", false, { hasDefault: true }),
        col("CustomerId", "INTEGER"),
        col("InvoiceDate", "DATETIME"),
        col("BillingCountry", "NVARCHAR(40)", true),
        col("Total", "NUMERIC(10,2)"),
      ],
      primaryKey: ["InvoiceId"],
      uniqueKeys: [],
      foreignKeys: [],
    },
  ],
};
