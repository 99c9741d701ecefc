/**
 * A database reading -> the IR: tools per table (`list_`, `get_`, writes when allowed) plus `query` and `describe`,
 * or, above the threshold, the constant set that keeps tools/list small whatever the number of tables. Schemas,
 * descriptions and annotations are the runtime's (`sqlToolSchema`), the one definition the executor reads.
 */
import { globToRegExp } from "@mcpsmith/runtime/internal";
import { qualifiedName, type SqlBinding, type SqlDatabase, type SqlTable, sqlToolSchema } from "@mcpsmith/runtime/sql";
import type { DatabaseIR, DatabaseLimits, DatabaseResourceIR, ObjectSchema, ToolIR } from "../../../ir/types.js";
import { uniqueToolNames } from "../../../names/tool-name.js";
import type { DatabaseReading } from "../reading.js";
import { embedsOf } from "./embeds.js";
import { connectionEnvOf, type DatabaseToolOptions, limitsOf, thresholdOf } from "./options.js";

/** A tool before its name is made safe and unique. */
interface PlannedTool {
  raw: string;
  binding: SqlBinding;
  group: string;
  pointer: string;
}

export function lowerDatabase(reading: DatabaseReading, options: DatabaseToolOptions = {}): DatabaseIR {
  const { database } = reading;
  const limits = limitsOf(options);
  const warnings = [...reading.warnings];
  const warn = (pointer: string, message: string) => warnings.push({ file: reading.source, pointer, message });

  const perTable = tablePlan(database, options, warn);
  const requested = options.mode ?? "auto";
  const manyTables = requested === "discovery" || (requested === "auto" && perTable.length > thresholdOf(options));
  if (manyTables && options.writes !== undefined && options.writes !== false) {
    warn(
      "",
      "writes: the many-tables tools do not write; narrow --tables or use --mode tools for insert_/update_/delete_",
    );
  }
  const planned = manyTables ? manyTablesPlan(database) : perTable;
  const names = uniqueToolNames(
    planned.map((tool) => tool.raw),
    options.maxNameLength === undefined ? {} : { maxLength: options.maxNameLength },
  );
  const tools = planned.map((tool, index) =>
    toolOf(tool, names[index]!, database, reading.source, { ...limits, manyTables }),
  );
  const env = connectionEnvOf(options);
  return {
    kind: "database",
    database,
    source: reading.source,
    listing: manyTables ? "many-tables" : "tables",
    limits,
    tools,
    resources: database.tables.map(resourceOf),
    credentials: [{ env, description: `Connection string of the ${database.dialect} database`, scheme: "database" }],
    warnings,
  };
}

function tablePlan(
  database: SqlDatabase,
  options: DatabaseToolOptions,
  warn: (pointer: string, message: string) => void,
): PlannedTool[] {
  const qualify = new Set(database.tables.map((table) => table.schema)).size > 1;
  const writes = writesFilter(options.writes);
  const planned: PlannedTool[] = [];
  for (const table of database.tables) {
    const stem = qualify && table.schema !== undefined ? `${table.schema}_${table.name}` : table.name;
    const at = (kind: string, binding: SqlBinding): PlannedTool => ({
      raw: `${kind}_${stem}`,
      binding,
      group: groupOf(table),
      pointer: qualifiedName(table),
    });
    const name = { name: table.name, ...(table.schema !== undefined && { schema: table.schema }) };
    planned.push(at("list", { kind: "list", table: name }));
    const keyed = table.primaryKey !== undefined && table.primaryKey.length > 0;
    if (keyed) {
      const embed = embedsOf(table);
      planned.push(at("get", { kind: "get", table: name, ...(embed.length > 0 && { embed }) }));
    }
    if (!writes(table)) continue;
    if (table.kind === "view" || !keyed) {
      warn(qualifiedName(table), `writes: ${table.kind === "view" ? "a view" : "no primary key"}, so no writes`);
      continue;
    }
    for (const kind of ["insert", "update", "delete"] as const) planned.push(at(kind, { kind, table: name }));
  }
  const group = database.name;
  planned.push({ raw: "query", binding: { kind: "query" }, group, pointer: "" });
  planned.push({ raw: "describe", binding: { kind: "describe" }, group, pointer: "" });
  return planned;
}

/** The same four tools whatever the number of tables. */
function manyTablesPlan(database: SqlDatabase): PlannedTool[] {
  return (["find_tables", "describe", "list_rows", "query"] as const).map((kind) => ({
    raw: kind,
    binding: { kind },
    group: database.name,
    pointer: "",
  }));
}

function writesFilter(writes: DatabaseToolOptions["writes"]): (table: SqlTable) => boolean {
  if (writes === undefined || writes === false) return () => false;
  if (writes === true) return () => true;
  const globs = writes.map(globToRegExp);
  return (table) => globs.some((glob) => glob.test(table.name) || glob.test(qualifiedName(table)));
}

function toolOf(
  planned: PlannedTool,
  name: string,
  database: SqlDatabase,
  file: string,
  schemaOptions: DatabaseLimits & { manyTables: boolean },
): ToolIR<SqlBinding> {
  const schema = sqlToolSchema(planned.binding, database, schemaOptions);
  return {
    name,
    description: schema.description,
    inputSchema: schema.input as ObjectSchema,
    outputSchema: schema.output as ObjectSchema,
    annotations: { ...schema.annotations },
    group: planned.group,
    deprecated: false,
    origin: { file, pointer: planned.pointer },
    binding: planned.binding,
  };
}

function groupOf(table: SqlTable): string {
  return table.schema ?? "main";
}

function resourceOf(table: SqlTable): DatabaseResourceIR {
  const name = qualifiedName(table);
  return {
    uri: `db://${encodeURIComponent(groupOf(table))}/${encodeURIComponent(table.name)}`,
    name,
    description: `Columns, types, keys, foreign keys and comments of the ${table.kind} ${name}.${table.comment ? ` ${table.comment}` : ""}`,
    table: { name: table.name, ...(table.schema !== undefined && { schema: table.schema }) },
  };
}
