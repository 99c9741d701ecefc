/**
 * Tools grouped for emitting: one file and one decorated class per IR group (an OpenAPI tag, a database schema),
 * with the module-level constant holding the group's bindings. The names are unique, deterministic and never those
 * of the project's other modules or constants.
 */
import type { ToolIR } from "../../ir/types.js";
import { toIdentifier } from "./identifiers.js";
import { printKey } from "./literal.js";
import { claimUnique, constantCase, fileSlug, pascalCase } from "./names.js";
import type { OverridesExample } from "./project.js";

export interface ToolGroupPlan<Binding> {
  group: string;
  /** File name under src/generated/, without `.ts`. */
  file: string;
  className: string;
  /** The constant of the group's bindings (`PET_OPERATIONS`, `PUBLIC_BINDINGS`). */
  bindingsConst: string;
  tools: ToolIR<Binding>[];
}

export interface GroupNaming {
  /** Modules of src/generated/ that are not groups (`index`, `tools.test`): no group file takes their names. */
  modules: readonly string[];
  /** Module-level constants the project declares besides the groups' own. */
  constants: readonly string[];
  /** What a group's bindings constant ends with (`OPERATIONS`, `BINDINGS`). */
  bindingsSuffix: string;
}

/** The tools grouped by their IR group, groups in order of first appearance. */
export function planToolGroups<Binding>(
  tools: readonly ToolIR<Binding>[],
  naming: GroupNaming,
): ToolGroupPlan<Binding>[] {
  const byGroup = new Map<string, ToolIR<Binding>[]>();
  for (const tool of tools) byGroup.set(tool.group, [...(byGroup.get(tool.group) ?? []), tool]);
  const files = new Set(naming.modules);
  const classes = new Set<string>();
  const constants = new Set(naming.constants);
  return [...byGroup].map(([group, members]) => ({
    group,
    file: claimUnique(fileSlug(group), files, "-"),
    className: claimUnique(`${pascalCase(group)}Tools`, classes),
    bindingsConst: claimUnique(`${constantCase(pascalCase(group)) || "GROUP"}_${naming.bindingsSuffix}`, constants),
    tools: members,
  }));
}

/** src/overrides.ts's example: the first group's class and first tool, or names that read well when there is none. */
export function overridesExample(
  groups: readonly ToolGroupPlan<unknown>[],
  fallback: { group: string; method: string; result: string },
): OverridesExample {
  const first = groups[0];
  const group = first?.group ?? fallback.group;
  return {
    className: first?.className ?? `${pascalCase(fallback.group)}Tools`,
    file: first?.file ?? fallback.group,
    key: printKey(group),
    method: toIdentifier(first?.tools[0]?.name ?? fallback.method),
    result: fallback.result,
  };
}
