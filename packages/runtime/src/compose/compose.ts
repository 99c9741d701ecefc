import { McpsmithError } from "../errors.js";
import type { Middleware } from "../model/middleware.js";
import type { PromptModel, ResourceModel, ResourceTemplateModel, ServerModel, ToolModel } from "../model/types.js";
import { bindTool } from "./bind.js";
import { scopedMiddleware } from "./middleware.js";
import { prefixedName, prefixedUri } from "./namespace.js";
import type { ComposedServer, ComposedSource, ComposeOptions, SearchHints } from "./types.js";

/**
 * Many sources, one server: each source's planned tools under their composed names (descriptions replaced,
 * arguments bound), its resources and prompts namespaced by its prefix, its instructions merged under its key.
 * Names that meet (case folded, as some hosts fold it) are refused naming both sources. The result serves every
 * tool as a tool; `discoveryModel` (or another mode) turns it into what clients list.
 *
 * @example
 * ```ts
 * const { model } = composeServer(
 *   [{ key: "billing", prefix: "billing", model: billing, tools: [{ tool: "list", name: "billing_list" }] }],
 *   { info: { name: "acme", version: "1.0.0" } },
 * );
 * await serve(model);
 * ```
 */
export function composeServer(sources: readonly ComposedSource[], options: ComposeOptions): ComposedServer {
  const model: ServerModel = {
    info: { ...options.info },
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    options: { ...options.options },
  };
  const names = new Claims("tool");
  const prompts = new Claims("prompt");
  const uris = new Claims("resource");
  const hints = new Map<string, SearchHints>();
  const toolSources = new Map<string, string>();
  const middleware: Middleware[] = [];
  const instructions: string[] = options.instructions === undefined ? [] : [options.instructions];
  const env = options.env ?? process.env;

  for (const source of sources) {
    const ownNames = new Map<string, string>();
    const byName = new Map(source.model.tools.map((tool) => [tool.name, tool]));
    for (const plan of source.tools) {
      const tool = byName.get(plan.tool);
      if (tool === undefined) {
        throw new McpsmithError("E_COMPOSE_INVALID", `source "${source.key}" has no tool "${plan.tool}"`);
      }
      names.claim(plan.name, source.key);
      const where = plan.where ?? `source "${source.key}": ${plan.tool}`;
      const served = bindTool(renamed(tool, plan.name, plan.description, source), plan.bind ?? {}, {
        env,
        authenticated: options.authenticated === true,
        planOnly: options.planOnly === true,
        where,
      });
      model.tools.push(served);
      ownNames.set(plan.name, plan.tool);
      toolSources.set(plan.name, source.key);
      const own = source.hints?.[plan.tool];
      const group = own?.group ? `${source.key}/${own.group}` : source.key;
      hints.set(plan.name, { ...own, group });
    }
    for (const prompt of source.model.prompts) {
      const name = prefixedName(source.prefix, prompt.name);
      prompts.claim(name, source.key);
      model.prompts.push(withOrigin<PromptModel>({ ...prompt, name }, source.key, prompt.origin ?? prompt.name));
    }
    for (const resource of source.model.resources) {
      model.resources.push(namespaced(resource, "uri", source, uris));
    }
    for (const template of source.model.resourceTemplates) {
      model.resourceTemplates.push(namespaced(template, "uriTemplate", source, uris));
    }
    for (const hooks of source.model.middleware ?? []) middleware.push(scopedMiddleware(hooks, ownNames));
    if (source.model.instructions) instructions.push(sourceInstructions(source));
  }
  if (instructions.length > 0) model.instructions = instructions.join("\n\n");
  if (middleware.length > 0) model.middleware = middleware;
  return { model, hints, toolSources };
}

function renamed(tool: ToolModel, name: string, description: string | undefined, source: ComposedSource): ToolModel {
  // A module's server-wide tool timeout stays with its tools: the composed server has its own.
  const timeout = tool.timeout ?? source.model.options.toolTimeout;
  return withOrigin<ToolModel>(
    {
      ...tool,
      name,
      ...(description !== undefined && { description }),
      ...(timeout !== undefined && { timeout }),
    },
    source.key,
    tool.origin ?? tool.name,
  );
}

/** A resource or template under its source's prefix: its URI (claimed against every other source's) and its name. */
function namespaced<T extends ResourceModel | ResourceTemplateModel, K extends "uri" | "uriTemplate">(
  resource: T & Record<K, string>,
  key: K,
  source: ComposedSource,
  uris: Claims,
): T {
  const uri = prefixedUri(source.prefix, resource[key]);
  uris.claim(uri, source.key);
  const renamed = { ...resource, [key]: uri, name: prefixedName(source.prefix, resource.name) };
  return withOrigin<T>(renamed, source.key, resource.origin ?? resource[key]);
}

function withOrigin<T extends { origin?: string }>(item: T, key: string, origin: string): T {
  return { ...item, origin: `${key}: ${origin}` };
}

function sourceInstructions(source: ComposedSource): string {
  const names = source.prefix === "" ? "" : ` (its tools are named ${source.prefix}_*)`;
  return `From ${source.key}${names}: ${source.model.instructions!.trim()}`;
}

/** Names taken so far and by whom: a second source taking one is an error naming both. */
class Claims {
  readonly #taken = new Map<string, { name: string; key: string }>();
  constructor(private readonly kind: string) {}

  claim(name: string, key: string): void {
    const folded = name.toLowerCase();
    const earlier = this.#taken.get(folded);
    if (earlier !== undefined) {
      const same = earlier.key === key ? `twice in source "${key}"` : `by sources "${earlier.key}" and "${key}"`;
      const shown = earlier.name === name ? `"${name}"` : `"${earlier.name}" and "${name}" (case folded)`;
      throw new McpsmithError(
        "E_COMPOSE_CONFLICT",
        `the ${this.kind} name ${shown} is taken ${same}: rename one (tools.rename) or give the sources other prefixes`,
      );
    }
    this.#taken.set(folded, { name, key });
  }
}
