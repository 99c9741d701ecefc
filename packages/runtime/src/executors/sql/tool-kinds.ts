/**
 * The one table of SQL tool kinds: for each, its schemas and hints (what codegen embeds in generated projects and
 * `serve db` lists) and what a call does (what the executor runs), side by side, so that a default or a limit a
 * schema states is the one the call applies. Codegen asks `sqlToolSchema`; the executor asks `runSqlTool`.
 */
import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import {
  getSchema,
  listLimits,
  listSchema,
  READ,
  type SqlSchemaOptions,
  type SqlToolSchema,
  writeSchema,
} from "./arguments.js";
import { plainJson } from "./codecs.js";
import { DESCRIBE_OUTPUT, describeTable, FIND_TABLES_OUTPUT, findTables } from "./describe.js";
import { type ListLimits, listOutputSchema, listRowsInputSchema } from "./list-arguments.js";
import type { SqlBinding, SqlDatabase } from "./model.js";
import { getRow, listRows } from "./read-tools.js";
import { withinBytes } from "./rows.js";
import { qualifiedName, tableNamed, tableOf } from "./tables.js";
import type { SqlToolCall } from "./tool-call.js";
import { writeRow } from "./write-tools.js";

/** What the schema of a kind is built from besides its binding. */
interface SchemaContext {
  database: SqlDatabase;
  limits: ListLimits;
  manyTables: boolean;
}

type BindingOf<Kind extends SqlBinding["kind"]> = SqlBinding & { kind: Kind };

interface SqlToolKind<Kind extends SqlBinding["kind"]> {
  /** Whether calls change data: they run only where writes are enabled. */
  writes: boolean;
  schema(binding: BindingOf<Kind>, context: SchemaContext): SqlToolSchema;
  run(binding: BindingOf<Kind>, args: Record<string, unknown>, call: SqlToolCall): Promise<Record<string, unknown>>;
}

/** `find_tables`' page: what its schema offers and what a call without `limit` gets. */
const FIND_TABLES_LIMIT = { minimum: 1, maximum: 200, default: 50 } as const;

const QUERY_INPUT = {
  type: "object",
  properties: { sql: { type: "string", description: "One SELECT (or other read-only) statement." } },
  required: ["sql"],
  additionalProperties: false,
};

const QUERY_OUTPUT = {
  type: "object",
  properties: {
    columns: { type: "array", items: { type: "string" } },
    rows: { type: "array", items: { type: "object" } },
    truncated: { type: "boolean" },
  },
  required: ["columns", "rows", "truncated"],
  additionalProperties: false,
};

/** `insert_`, `update_` and `delete_<table>`: alike but for the statement. */
function writeKind<Kind extends "insert" | "update" | "delete">(kind: Kind): SqlToolKind<Kind> {
  return {
    writes: true,
    schema: (binding, { database }) => writeSchema(kind, tableOf(database, binding.table)),
    run: (binding, args, call) => writeRow(call, kind, tableOf(call.database, binding.table), args),
  };
}

const SQL_TOOL_KINDS: { [Kind in SqlBinding["kind"]]: SqlToolKind<Kind> } = {
  list: {
    writes: false,
    schema: (binding, { database, limits }) => listSchema(tableOf(database, binding.table), database, limits),
    run: (binding, args, call) => listRows(call, tableOf(call.database, binding.table), args),
  },
  get: {
    writes: false,
    schema: (binding, { database }) => getSchema(tableOf(database, binding.table), database, binding.embed),
    run: (binding, args, call) => getRow(call, tableOf(call.database, binding.table), binding.embed ?? [], args),
  },
  insert: writeKind("insert"),
  update: writeKind("update"),
  delete: writeKind("delete"),
  query: {
    writes: false,
    schema: (_binding, { database, limits }) => ({
      description:
        `Runs one read-only SQL statement (${database.dialect} dialect) on ${database.name} and returns at most ` +
        `${limits.maxRows} rows. Writes, DDL and several statements at once are refused.`,
      input: QUERY_INPUT,
      output: QUERY_OUTPUT,
      annotations: { ...READ, idempotentHint: false },
    }),
    async run(_binding, args, call) {
      if (typeof args.sql !== "string" || args.sql.trim() === "") throw new ToolError("sql: takes one SQL statement.");
      const result = await (await call.driver()).query(args.sql, call.settings, call.limits.maxRows);
      const rows = result.rows.map((row) => plainJson(row) as Record<string, unknown>);
      const fitting = withinBytes(rows, call.limits.maxBytes);
      return { columns: result.columns, rows: fitting.rows, truncated: result.truncated || fitting.cut };
    },
  },
  describe: {
    writes: false,
    schema: (_binding, { database, manyTables }) => ({
      description: "The columns, types, keys, foreign keys and comments of one table or view.",
      input: {
        type: "object",
        properties: {
          table: manyTables ? { type: "string" } : { type: "string", enum: database.tables.map(qualifiedName) },
        },
        required: ["table"],
        additionalProperties: false,
      },
      output: DESCRIBE_OUTPUT,
      annotations: READ,
    }),
    run: async (_binding, args, call) => describeTable(tableNamed(call.database, String(args.table))),
  },
  find_tables: {
    writes: false,
    schema: (_binding, { database }) => ({
      description: `Finds tables and views of ${database.name} whose name, comment or columns match the words.`,
      input: {
        type: "object",
        properties: {
          words: { type: "string", description: "Words to look for; leave out to list every table." },
          limit: { type: "integer", ...FIND_TABLES_LIMIT },
        },
        additionalProperties: false,
      },
      output: FIND_TABLES_OUTPUT,
      annotations: READ,
    }),
    run: async (_binding, args, call) =>
      findTables(call.database, args.words as string | undefined, Number(args.limit ?? FIND_TABLES_LIMIT.default)),
  },
  list_rows: {
    writes: false,
    schema: (_binding, { limits }) => ({
      description: "Rows of a table or view named by find_tables, filtered, ordered and paged.",
      input: listRowsInputSchema(limits),
      output: listOutputSchema(undefined),
      annotations: READ,
    }),
    run: (_binding, args, call) => listRows(call, tableNamed(call.database, String(args.table)), args),
  },
};

function kindOf<Kind extends SqlBinding["kind"]>(binding: BindingOf<Kind>): SqlToolKind<Kind> {
  const kind = Object.hasOwn(SQL_TOOL_KINDS, binding.kind) ? SQL_TOOL_KINDS[binding.kind as Kind] : undefined;
  if (kind === undefined) {
    const known = Object.keys(SQL_TOOL_KINDS).join(", ");
    throw new McpsmithError("E_BINDING_INVALID", `A SQL binding's kind is "${binding.kind}"; the kinds are ${known}.`);
  }
  return kind;
}

/** A tool's description, input and output schemas and hints, from its binding and the database. */
export function sqlToolSchema(
  binding: SqlBinding,
  database: SqlDatabase,
  options: SqlSchemaOptions = {},
): SqlToolSchema {
  return kindOf(binding).schema(binding, {
    database,
    limits: listLimits(options),
    manyTables: options.manyTables === true,
  });
}

/** Whether the tool changes data (`insert_`, `update_`, `delete_`): it runs only on a server with writes enabled. */
export function isWriteBinding(binding: SqlBinding): boolean {
  return kindOf(binding).writes;
}

/** Runs one call of the tool `binding`; a write where writes are off is refused before anything runs. */
export async function runSqlTool(
  binding: SqlBinding,
  args: Record<string, unknown>,
  call: SqlToolCall & { writes: boolean },
): Promise<Record<string, unknown>> {
  const kind = kindOf(binding);
  if (kind.writes && !call.writes) {
    throw new ToolError(
      `${binding.kind}: writes are disabled for this server (enable them to insert, update or delete).`,
    );
  }
  return kind.run(binding, args, call);
}
