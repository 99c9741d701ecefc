/**
 * The one definition of each SQL tool kind's arguments and results, as JSON Schema built from a table. Codegen asks
 * `sqlToolSchema` for a tool's schemas and annotations (generated projects embed them; `serve db` uses them as they
 * are), and the executor reads arguments of exactly these shapes.
 */
import { McpsmithError } from "../../errors.js";
import { DESCRIBE_OUTPUT, FIND_TABLES_OUTPUT } from "./describe.js";
import { type ListLimits, listInputSchema, listOutputSchema, listRowsInputSchema } from "./list-arguments.js";
import type { SqlBinding, SqlDatabase, SqlEmbed, SqlTable } from "./model.js";
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

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function sqlToolSchema(
  binding: SqlBinding,
  database: SqlDatabase,
  options: SqlSchemaOptions = {},
): SqlToolSchema {
  const limits = listLimits(options);
  switch (binding.kind) {
    case "list": {
      const table = tableOf(database, binding.table);
      return {
        description: about(table, `Rows of ${noun(table)}, filtered, ordered and paged.`),
        input: listInputSchema(table, database.dialect, limits),
        output: listOutputSchema(table),
        annotations: READ,
      };
    }
    case "get": {
      const table = tableOf(database, binding.table);
      return {
        description: about(table, `One row of ${noun(table)} by its primary key${embedNote(binding.embed)}.`),
        input: keySchema(table),
        output: getOutputSchema(table, database, binding.embed ?? []),
        annotations: READ,
      };
    }
    case "insert":
    case "update":
    case "delete":
      return writeSchema(binding.kind, tableOf(database, binding.table));
    case "query":
      return {
        description:
          `Runs one read-only SQL statement (${database.dialect} dialect) on ${database.name} and returns at most ` +
          `${limits.maxRows} rows. Writes, DDL and several statements at once are refused.`,
        input: {
          type: "object",
          properties: { sql: { type: "string", description: "One SELECT (or other read-only) statement." } },
          required: ["sql"],
          additionalProperties: false,
        },
        output: {
          type: "object",
          properties: {
            columns: { type: "array", items: { type: "string" } },
            rows: { type: "array", items: { type: "object" } },
            truncated: { type: "boolean" },
          },
          required: ["columns", "rows", "truncated"],
          additionalProperties: false,
        },
        annotations: { ...READ, idempotentHint: false },
      };
    case "describe": {
      const names = database.tables.map(qualifiedName);
      return {
        description: "The columns, types, keys, foreign keys and comments of one table or view.",
        input: {
          type: "object",
          properties: { table: options.manyTables ? { type: "string" } : { type: "string", enum: names } },
          required: ["table"],
          additionalProperties: false,
        },
        output: DESCRIBE_OUTPUT,
        annotations: READ,
      };
    }
    case "find_tables":
      return {
        description: `Finds tables and views of ${database.name} whose name, comment or columns match the words.`,
        input: {
          type: "object",
          properties: {
            words: { type: "string", description: "Words to look for; leave out to list every table." },
            limit: { type: "integer", minimum: 1, maximum: 200, default: 50 },
          },
          additionalProperties: false,
        },
        output: FIND_TABLES_OUTPUT,
        annotations: READ,
      };
    case "list_rows":
      return {
        description: "Rows of a table or view named by find_tables, filtered, ordered and paged.",
        input: listRowsInputSchema(limits),
        output: listOutputSchema(undefined),
        annotations: READ,
      };
  }
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

function writeSchema(kind: "insert" | "update" | "delete", table: SqlTable): SqlToolSchema {
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
