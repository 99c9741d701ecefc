import type { SqlBinding, SqlTable } from "@mcpsmith/runtime/sql";
import type { DatabaseIR, ToolIR } from "../../ir/types.js";
import { claimUnique, constantCase, fileSlug, pascalCase } from "../openapi/names.js";

/** One file of src/generated/: the tools of one group (a schema, or the database for query and describe). */
export interface DatabaseGroupPlan {
  group: string;
  file: string;
  className: string;
  bindingsConst: string;
  tools: ToolIR<SqlBinding>[];
  /** The tables whose row types the file declares: those its tools read, each declared in one file only. */
  rows: { table: SqlTable; typeName: string }[];
}

/** Files of src/generated/ that are not groups: a group never takes their names. */
const GENERATED_MODULES = ["database", "index", "tools.test"];

/** The tools grouped by IR group in order of first appearance, with file, class and constant names unique. */
export function planDatabaseGroups(ir: DatabaseIR): DatabaseGroupPlan[] {
  const byGroup = new Map<string, ToolIR<SqlBinding>[]>();
  for (const tool of ir.tools) byGroup.set(tool.group, [...(byGroup.get(tool.group) ?? []), tool]);
  const files = new Set(GENERATED_MODULES);
  const classes = new Set<string>();
  const constants = new Set(["DATABASE", "SERVER_INFO", "LIMITS", "WRITES", "CONNECTION_ENV", "RESOURCES"]);
  const types = new Set<string>();
  const declared = new Set<SqlTable>();
  return [...byGroup].map(([group, tools]) => {
    const rows = tools.flatMap((tool) => {
      const table = "table" in tool.binding ? tableOf(ir, tool.binding.table) : undefined;
      if (table === undefined || declared.has(table)) return [];
      declared.add(table);
      return [{ table, typeName: claimUnique(`${pascalCase(table.name)}Row`, types) }];
    });
    return {
      group,
      file: claimUnique(fileSlug(group), files, "-"),
      className: claimUnique(`${pascalCase(group)}Tools`, classes),
      bindingsConst: claimUnique(`${constantCase(pascalCase(group)) || "GROUP"}_BINDINGS`, constants),
      tools,
      rows,
    };
  });
}

function tableOf(ir: DatabaseIR, name: { schema?: string; name: string }): SqlTable | undefined {
  return ir.database.tables.find((table) => table.name === name.name && table.schema === name.schema);
}

export function isWrite(binding: SqlBinding): boolean {
  return binding.kind === "insert" || binding.kind === "update" || binding.kind === "delete";
}
