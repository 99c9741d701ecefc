/**
 * The schemas of the SQL tool kinds that are built from a table (`list_`, `get_` and the writes), and the limits and
 * types every kind's schema shares. The table of kinds (tool-kinds.ts) gives each kind its schema from here.
 */
import { McpsmithError } from "../../errors.js";
import { type ListLimits, listInputSchema, listOutputSchema } from "./list-arguments.js";
import type { SqlDatabase, SqlEmbed, SqlTable } from "./model.js";
import { columnsSchema, rowSchema } from "./row-schema.js";
import { qualifiedName, tableOf, writableColumns } from "./tables.js";

export const DEFAULT_LIMIT = 50;
export const DEFAULT_MAX_ROWS = 1_000;

export interface SqlSchemaOptions {
  /** Rows a `list_` page has when `limit` is left out. Default 50. */
  defaultLimit?: number;
  /** The largest `limit`, and the rows any statement returns at most. Default 1,000. */
  maxRows?: number;
  /** Many-tables mode: `describe` takes any table name instead of an enum of them all. */
  manyTables?: boolean;
}

export interface SqlToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface SqlToolSchema {
  description: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
  annotations: SqlToolAnnotations;
}

/** Limits with defaults applied and checked: shared with the executor so the schema says what it enforces. */
export function listLimits(options: SqlSchemaOptions): ListLimits {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const defaultLimit = Math.min(options.defaultLimit ?? DEFAULT_LIMIT, maxRows);
  for (const [name, value] of [
    ["maxRows", maxRows],
    ["defaultLimit", defaultLimit],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new McpsmithError("E_EXECUTOR_OPTIONS", `${name} must be a positive integer, not ${value}.`);
  }
  return { defaultLimit, maxRows };
}

/** The hints of a tool that reads and changes nothing. */
export const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** `list_<table>`: rows of one table, filtered, ordered and paged. */
export function listSchema(table: SqlTable, database: SqlDatabase, limits: ListLimits): SqlToolSchema {
  return {
    description: about(table, `Rows of ${noun(table)}, filtered, ordered and paged.`),
    input: listInputSchema(table, database.dialect, limits),
    output: listOutputSchema(table),
    annotations: READ,
  };
}

/** `get_<table>`: one row by its primary key, with the rows it embeds. */
export function getSchema(table: SqlTable, database: SqlDatabase, embed: SqlEmbed[] | undefined): SqlToolSchema {
  return {
    description: about(table, `One row of ${noun(table)} by its primary key${embedNote(embed)}.`),
    input: keySchema(table),
    output: getOutputSchema(table, database, embed ?? []),
    annotations: READ,
  };
}

function noun(table: SqlTable): string {
  return `${table.kind === "view" ? "the view" : "the table"} ${qualifiedName(table)}`;
}

function about(table: SqlTable, sentence: string): string {
  return table.comment ? `${sentence} ${table.comment}` : sentence;
}

function embedNote(embed: SqlEmbed[] | undefined): string {
  return embed && embed.length > 0 ? `, with ${embed.map((e) => e.property).join(", ")}` : "";
}

/** `get_` and `delete_` take the key columns as properties. */
export function keySchema(table: SqlTable): Record<string, unknown> {
  const key = (table.primaryKey ?? []).map((name) => table.columns.find((c) => c.name === name)!);
  if (key.length === 0) {
    throw new McpsmithError(
      "E_BINDING_INVALID",
      `${qualifiedName(table)} has no primary key, so it has no get_ or writes.`,
    );
  }
  return columnsSchema(
    key.map((c) => ({ ...c, nullable: false })),
    key,
  );
}

function getOutputSchema(table: SqlTable, database: SqlDatabase, embeds: SqlEmbed[]): Record<string, unknown> {
  const row = rowSchema(table, { complete: true }) as { properties: Record<string, unknown>; required: string[] };
  for (const embed of embeds) {
    if (embed.property in row.properties) {
      throw new McpsmithError(
        "E_BINDING_INVALID",
        `The embedding "${embed.property}" of ${qualifiedName(table)} has the name of one of its columns.`,
      );
    }
    const other = rowSchema(tableOf(database, embed.table), { complete: true });
    row.properties[embed.property] =
      embed.cardinality === "one" ? { anyOf: [other, { type: "null" }] } : { type: "array", items: other };
  }
  return row;
}

/** `insert_`, `update_` and `delete_<table>`: one row by key, returned as written (or as it was). */
export function writeSchema(kind: "insert" | "update" | "delete", table: SqlTable): SqlToolSchema {
  const key = keySchema(table);
  const writable = writableColumns(table);
  const keyNames = new Set(table.primaryKey);
  const input =
    kind === "delete"
      ? key
      : kind === "insert"
        ? columnsSchema(
            writable,
            writable.filter((c) => !c.nullable && !c.hasDefault),
          )
        : {
            type: "object",
            properties: {
              key,
              set: {
                ...columnsSchema(
                  writable.filter((c) => !keyNames.has(c.name)),
                  [],
                ),
                minProperties: 1,
              },
            },
            required: ["key", "set"],
            additionalProperties: false,
          };
  const verb = {
    insert: "Inserts one row into",
    update: "Updates one row, by key, of",
    delete: "Deletes one row, by key, from",
  };
  return {
    description: `${verb[kind]} ${noun(table)} in a transaction and returns the row${kind === "delete" ? " as it was" : ""}.`,
    input,
    output: {
      type: "object",
      properties: { rows: { type: "array", items: rowSchema(table, { complete: true }) } },
      required: ["rows"],
      additionalProperties: false,
    },
    annotations: {
      readOnlyHint: false,
      // An insert adds a row and changes none; an update or delete replaces what was there.
      destructiveHint: kind !== "insert",
      idempotentHint: kind !== "insert",
      openWorldHint: false,
    },
  };
}
