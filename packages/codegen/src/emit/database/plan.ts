import type { SqlBinding, SqlTable } from "@mcpsmith/runtime/sql";
import { isWriteBinding } from "@mcpsmith/runtime/sql";
import type { DatabaseIR } from "../../ir/types.js";
import { claimUnique, pascalCase } from "../core/names.js";
import { planToolGroups, type ToolGroupPlan } from "../core/tool-groups.js";

/** One file of src/generated/: the tools of one group (a schema, or the database for query and describe). */
export interface DatabaseGroupPlan extends ToolGroupPlan<SqlBinding> {
  /** The tables whose row types the file declares: those its tools read, each declared in one file only. */
  rows: { table: SqlTable; typeName: string }[];
}

/** The tools grouped by IR group in order of first appearance, with file, class and constant names unique. */
export function planDatabaseGroups(ir: DatabaseIR): DatabaseGroupPlan[] {
  const types = new Set<string>();
  const declared = new Set<SqlTable>();
  const groups = planToolGroups(ir.tools, {
    modules: ["database", "index", "tools.test"],
    constants: ["DATABASE", "SERVER_INFO", "LIMITS", "WRITES", "CONNECTION_ENV", "RESOURCES"],
    bindingsSuffix: "BINDINGS",
  });
  return groups.map((group) => ({
    ...group,
    rows: group.tools.flatMap((tool) => {
      const table = "table" in tool.binding ? tableOf(ir, tool.binding.table) : undefined;
      if (table === undefined || declared.has(table)) return [];
      declared.add(table);
      return [{ table, typeName: claimUnique(`${pascalCase(table.name)}Row`, types) }];
    }),
  }));
}

function tableOf(ir: DatabaseIR, name: { schema?: string; name: string }): SqlTable | undefined {
  return ir.database.tables.find((table) => table.name === name.name && table.schema === name.schema);
}

/** Whether any tool of the database writes (the project then enables writes). */
export function writesAny(ir: DatabaseIR): boolean {
  return ir.tools.some((tool) => isWriteBinding(tool.binding));
}
