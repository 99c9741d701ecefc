import { missingScopes } from "../model/auth.js";
import type { Context } from "../model/context.js";
import { addTool } from "../model/members.js";
import type { ServerModel, ToolModel } from "../model/types.js";
import { ToolError } from "../results/tool-error.js";
import { compileSchema, describeIssues, EMPTY_OBJECT_SCHEMA, isStandardSchema } from "../schema/compile.js";
import type { DiscoveryOptions, Operation } from "./catalog.js";
import { discoveryTools } from "./tools.js";

/** What search matches for a tool beside its name and description, by tool name. */
export type OperationHints = ReadonlyMap<string, Pick<Operation, "group" | "keywords">>;

/**
 * Any model, its tools served through the three discovery tools (search, describe, call) instead of one tool
 * each; resources, prompts, middleware and options stay. A call through `call_operation` runs the tool's own
 * handler after the checks its own tool would make: its schema (a zod schema's defaults and transforms applied)
 * and its scopes.
 */
export function discoveryModel(
  model: ServerModel,
  options: DiscoveryOptions & { hints?: OperationHints } = {},
): ServerModel {
  const operations = model.tools.map((tool) => operationOf(tool, options.hints?.get(tool.name)));
  const served: ServerModel = { ...model, tools: [] };
  for (const { name, definition, handler } of discoveryTools(operations, options)) {
    addTool(served, name, definition, handler);
  }
  return served;
}

/** A tool as an operation of the discovery tools. */
export function operationOf(tool: ToolModel, hints: Pick<Operation, "group" | "keywords"> = {}): Operation {
  const input = compileSchema(tool.input ?? EMPTY_OBJECT_SCHEMA, tool.origin ?? tool.name, "input");
  // call_operation validates against the JSON Schema already; a Standard Schema validates again to produce its value.
  const standard = tool.input !== undefined && isStandardSchema(tool.input);
  const handler = tool.handler as (args: unknown, ctx: Context) => unknown;
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description ?? "",
    inputSchema: input.json,
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    ...(hints.group !== undefined && { group: hints.group }),
    ...(hints.keywords !== undefined && { keywords: hints.keywords }),
    async handler(args, ctx) {
      const missing = ctx.auth === undefined ? [] : missingScopes(ctx.auth.scopes, tool.scopes ?? []);
      if (missing.length > 0) {
        throw new ToolError(
          `Operation "${tool.name}" needs the scopes ${missing.join(", ")}, which your credential lacks.`,
        );
      }
      if (!standard) return await handler(args, ctx);
      const checked = await input.validate(args);
      if (!checked.ok) {
        throw new ToolError(`Invalid arguments for operation "${tool.name}": ${describeIssues(checked.issues)}`);
      }
      return await handler(checked.value, ctx);
    },
  };
}
