import { McpsmithError } from "../errors.js";
import type { Context } from "./context.js";
import { reviveDates } from "./dates.js";
import type { PromptOptions, ResourceOptions, ToolOptions } from "./options.js";
import { hintAnnotations } from "./tool-hints.js";
import type { ServerModel, ToolAnnotations, ToolModel } from "./types.js";
import { isUriTemplate } from "./uri-template.js";

/** The lists of a model that decorators and the builder both fill, through the functions below. */
export type ModelParts = Pick<ServerModel, "tools" | "resources" | "resourceTemplates" | "prompts">;

type Handler = (...args: never[]) => unknown;

export function addTool(
  parts: ModelParts,
  name: string,
  options: ToolOptions,
  handler: Handler,
  origin?: string,
): void {
  const { name: _name, readOnly, destructive, idempotent, openWorld, dates, ...rest } = options;
  const annotations: ToolAnnotations = {
    ...(rest.title !== undefined && { title: rest.title }),
    ...hintAnnotations(options),
  };
  const call = handler as ToolModel["handler"];
  // The arguments are checked as JSON first (a date's text against `format: date-time`), then revived.
  const revived: ToolModel["handler"] =
    dates === undefined ? call : (args, ctx) => call(reviveDates(args, dates) as typeof args, ctx);
  const tool: ToolModel = { name, ...rest, handler: revived };
  if (Object.keys(annotations).length > 0) tool.annotations = annotations;
  if (origin !== undefined) tool.origin = origin;
  parts.tools.push(tool);
}

/** A URI with `{variables}` makes a resource template; any other URI a fixed resource. */
export function addResource(
  parts: ModelParts,
  uri: string,
  name: string,
  options: ResourceOptions,
  handler: Handler,
  origin?: string,
): void {
  const { name: _name, complete, ...rest } = options;
  const where = origin !== undefined ? { origin } : {};
  if (isUriTemplate(uri)) {
    parts.resourceTemplates.push({
      uriTemplate: uri,
      name,
      ...rest,
      ...(complete && { complete }),
      handler: handler as (variables: Record<string, string>, ctx: Context) => unknown,
      ...where,
    });
    return;
  }
  if (complete) {
    throw new McpsmithError("E_MODEL_INVALID", `${origin ?? uri}: "complete" needs a URI template with {variables}`);
  }
  parts.resources.push({ uri, name, ...rest, handler: handler as (ctx: Context) => unknown, ...where });
}

export function addPrompt(
  parts: ModelParts,
  name: string,
  options: PromptOptions,
  handler: Handler,
  origin?: string,
): void {
  const { name: _name, ...rest } = options;
  parts.prompts.push({
    name,
    ...rest,
    handler: handler as (args: never, ctx: Context) => unknown,
    ...(origin !== undefined && { origin }),
  });
}
