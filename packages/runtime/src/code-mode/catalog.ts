import type { CompiledModel, CompiledTool } from "../engine/compiled.js";
import { McpsmithError } from "../errors.js";
import type { ServerModel } from "../model/types.js";
import type { JsonSchema } from "../schema/types.js";
import type { ApiEntryHints, CodeModeOptions } from "./options.js";

/** One function of `api`: the tool it calls, what search knows of it, and why code may not call it, if it may not. */
export interface ApiEntry {
  readonly name: string;
  readonly tool: CompiledTool;
  readonly description: string;
  readonly group: string | undefined;
  readonly keywords: readonly string[] | undefined;
  readonly textResultSchema: JsonSchema | undefined;
  /** Why code cannot call it, said in `search_api`, the declarations and the error a call gets. */
  readonly refusal: string | undefined;
}

export const INPUT_REFUSAL = "it asks the user for input, which code cannot relay";

/**
 * Every tool of the model as an api function, in the model's order. Hints (from the IR) give groups, search words
 * and the shape of JSON text results; a tool declared in a class without a group hint is grouped by its class.
 * Hints or input tools naming no tool are a start-up error, as a typo there would silently do nothing.
 */
export function apiCatalog(model: ServerModel, compiled: CompiledModel, options: CodeModeOptions): ApiEntry[] {
  const hints: Readonly<Record<string, ApiEntryHints>> = options.hints ?? {};
  const inputTools = new Set(options.inputTools ?? []);
  const unknown = [...Object.keys(hints), ...inputTools].filter((name) => !compiled.tools.has(name));
  if (unknown.length > 0) {
    throw new McpsmithError(
      "E_CODE_MODE_OPTIONS",
      `codeMode: hints or inputTools name no tool of the server: ${[...new Set(unknown)].join(", ")}`,
    );
  }
  return model.tools.map((model) => {
    const tool = compiled.tools.get(model.name)!;
    const hint = hints[model.name];
    return {
      name: model.name,
      tool,
      description: model.description?.trim() ?? model.title ?? "",
      group: hint?.group ?? classOf(model.origin),
      keywords: hint?.keywords,
      textResultSchema: hint?.textResultSchema,
      refusal: inputTools.has(model.name) ? INPUT_REFUSAL : taskRefusal(tool),
    };
  });
}

function taskRefusal(tool: CompiledTool): string | undefined {
  return tool.task === undefined ? undefined : `it runs as a task (task: "${tool.task}"), which code cannot wait for`;
}

/** `Weather.current` -> `Weather`: the class a decorated tool was declared in. */
function classOf(origin: string | undefined): string | undefined {
  const match = origin === undefined ? null : /^([A-Za-z_$][\w$]*)\./.exec(origin);
  return match?.[1];
}
