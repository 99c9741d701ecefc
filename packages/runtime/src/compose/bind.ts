import { McpsmithError } from "../errors.js";
import type { Context } from "../model/context.js";
import type { ToolModel } from "../model/types.js";
import { ToolError } from "../results/tool-error.js";
import { compileSchema, describeIssues, EMPTY_OBJECT_SCHEMA } from "../schema/compile.js";
import type { JsonSchema } from "../schema/types.js";
import { pathOf, removePaths, withoutPaths, withValueAt } from "./schema-paths.js";
import type { Binding } from "./types.js";

/** A binding once its source is known: a constant, or a claim read at each call. */
type Resolved = { path: string[]; constant: unknown } | { path: string[]; claim: string };

export interface BindContext {
  env: Readonly<Record<string, string | undefined>>;
  authenticated: boolean;
  /** Check the bound arguments only: no environment read, no authentication required. */
  planOnly: boolean;
  /** Names the tool in errors (`source "shop": list_orders`). */
  where: string;
}

/**
 * The tool with arguments the server fills. The bound arguments leave the listed input schema (a caller can no
 * longer send them: the schema refuses what it does not list when it is closed, and a value sent anyway is
 * replaced). At each call the values are put in and the whole is validated with the tool's own schema, so its
 * handler gets what it always got (a zod schema's defaults and transforms applied).
 */
export function bindTool(tool: ToolModel, bind: Readonly<Record<string, Binding>>, context: BindContext): ToolModel {
  const paths = Object.keys(bind);
  if (paths.length === 0) return tool;
  const own = compileSchema(tool.input ?? EMPTY_OBJECT_SCHEMA, `${context.where}: input`, "input");
  let input: JsonSchema;
  let removed: Record<string, JsonSchema>;
  try {
    ({ schema: input, removed } = removePaths(own.json, paths));
  } catch (error) {
    throw new McpsmithError(
      "E_COMPOSE_INVALID",
      `${context.where}: the input schema of ${tool.name} ${(error as Error).message}`,
    );
  }
  const resolved = paths.map((path) => resolveBinding(path, bind[path]!, removed[path]!, context));
  const handler = async (args: Record<string, unknown>, ctx: Context) => {
    let filled = args ?? {};
    for (const binding of resolved) filled = withValueAt(filled, binding.path, boundValue(binding, ctx));
    const checked = await own.validate(filled);
    if (!checked.ok)
      throw new ToolError(`Invalid arguments for tool "${tool.name}": ${describeIssues(checked.issues)}`);
    return (tool.handler as (args: unknown, ctx: Context) => unknown)(checked.value, ctx);
  };
  const listed = tool.listedInput === undefined ? undefined : withoutListed(tool.listedInput, paths);
  const { listedInput: _listed, ...rest } = tool;
  return { ...rest, input, ...(listed !== undefined && { listedInput: listed }), handler };
}

function resolveBinding(path: string, binding: Binding, schema: JsonSchema, context: BindContext): Resolved {
  const steps = pathOf(path);
  if (context.planOnly) return { path: steps, constant: undefined };
  if ("claim" in binding) {
    if (!context.authenticated) {
      throw new McpsmithError(
        "E_COMPOSE_INVALID",
        `${keyOf(context.where, path)}: a claim binding needs authenticated callers; turn authorization on (serve.auth, or --auth-jwks / --api-keys; docs/auth.md)`,
      );
    }
    return { path: steps, claim: binding.claim };
  }
  if ("env" in binding) {
    const value = context.env[binding.env];
    if (value === undefined || value === "") {
      throw new McpsmithError(
        "E_COMPOSE_INVALID",
        `${keyOf(context.where, path)}: the environment variable ${binding.env} is not set`,
      );
    }
    return { path: steps, constant: fromText(value, schema, `${keyOf(context.where, path)}: ${binding.env}`) };
  }
  return { path: steps, constant: binding.value };
}

/** An environment variable's text as the argument's type: a number or a boolean argument is not given text. */
function fromText(text: string, schema: JsonSchema, where: string): unknown {
  const type = schema.type;
  if (type === "integer" || type === "number") {
    const number = Number(text);
    if (text.trim() === "" || !Number.isFinite(number) || (type === "integer" && !Number.isInteger(number))) {
      throw new McpsmithError(
        "E_COMPOSE_INVALID",
        `${where} is "${text}", and the argument is ${type === "integer" ? "an integer" : "a number"}`,
      );
    }
    return number;
  }
  if (type === "boolean") {
    if (text !== "true" && text !== "false") {
      throw new McpsmithError("E_COMPOSE_INVALID", `${where} is "${text}", and the argument is true or false`);
    }
    return text === "true";
  }
  return text;
}

function boundValue(binding: Resolved, ctx: Context): unknown {
  if ("constant" in binding) return binding.constant;
  const value = ctx.auth?.claims[binding.claim];
  if (value === undefined || value === null) {
    throw new ToolError(
      `This tool is filtered by the "${binding.claim}" claim of your credential, which it does not carry.`,
    );
  }
  return value;
}

/** A listed schema is a loosened copy (`listedInput`): it may no longer hold a deep path, which is then left as is. */
function withoutListed(listed: Parameters<typeof withoutPaths>[0], paths: readonly string[]) {
  let schema = listed;
  for (const path of paths) {
    try {
      schema = withoutPaths(schema, [path]);
    } catch {
      // Nothing to remove: the loosened schema no longer names it.
    }
  }
  return schema;
}

/** `where` and a bound path as one key path: `...list_orders.tenant`, `...list_orders["where.tenant.eq"]`. */
function keyOf(where: string, path: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(path) ? `${where}.${path}` : `${where}[${JSON.stringify(path)}]`;
}
