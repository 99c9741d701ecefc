import type { OpenApiIR } from "../../ir/types.js";
import { planToolGroups } from "../core/tool-groups.js";
import type { GroupPlan } from "./group-view.js";

/** The tools grouped by their IR group (OpenAPI tag), each group a file and a class of src/generated/. */
export function planGroups(ir: OpenApiIR): GroupPlan[] {
  return planToolGroups(ir.tools, {
    modules: ["api", "definitions", "index", "mock-api", "tools.test"],
    constants: ["API", "SERVER_INFO", "DISCOVERY_SUBJECT", "OPERATIONS", "TOOL_ORDER", "TOOL_CLASSES"],
    bindingsSuffix: "OPERATIONS",
  });
}
