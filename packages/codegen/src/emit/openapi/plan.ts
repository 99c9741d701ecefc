import type { HttpOperation } from "@mcpsmith/runtime/http";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import type { GroupPlan } from "./group-view.js";
import { claimUnique, constantCase, fileSlug, pascalCase } from "./names.js";

/** Files of src/generated/ that are not groups: a group never takes their names. */
const GENERATED_MODULES = ["api", "definitions", "index", "mock-api", "tools.test"];

/**
 * The tools grouped by their IR group (OpenAPI tag), groups in order of first appearance, each with its file,
 * class and constant names, unique and deterministic.
 */
export function planGroups(ir: OpenApiIR): GroupPlan[] {
  const byGroup = new Map<string, ToolIR<HttpOperation>[]>();
  for (const tool of ir.tools) {
    const tools = byGroup.get(tool.group) ?? [];
    tools.push(tool);
    byGroup.set(tool.group, tools);
  }
  const files = new Set(GENERATED_MODULES);
  const classes = new Set<string>();
  const constants = new Set(["API", "SERVER_INFO", "DISCOVERY_SUBJECT", "OPERATIONS", "TOOL_ORDER", "TOOL_CLASSES"]);
  return [...byGroup].map(([group, tools]) => {
    const className = claimUnique(`${pascalCase(group)}Tools`, classes);
    return {
      group,
      file: claimUnique(fileSlug(group), files, "-"),
      className,
      operationsConst: claimUnique(`${constantCase(pascalCase(group)) || "GROUP"}_OPERATIONS`, constants),
      tools,
    };
  });
}
