import type { AuthInfo, Prompt, Resource, ResourceTemplateType, Tool } from "@modelcontextprotocol/server";
import { mayUse } from "../model/auth.js";
import type { CompiledModel, CompiledTemplate } from "./compiled.js";

type Scopes = readonly string[] | undefined;

/**
 * Where each kind of entry keeps the OAuth scopes a caller needs (docs/auth.md): the one place that knows. Lists are
 * filtered by them, requests refused by them, and the Protected Resource Metadata names them all.
 */
const scopesOf = {
  tool: (model: CompiledModel, name: string): Scopes => model.tools.get(name)?.scopes,
  prompt: (model: CompiledModel, name: string): Scopes => model.prompts.get(name)?.model.scopes,
  resource: (model: CompiledModel, uri: string): Scopes => model.resources.get(uri)?.scopes,
  template: (template: CompiledTemplate): Scopes => template.model.scopes,
};

/** The methods that list a kind of entry, and the entries each lists. */
export interface ListEntries {
  "tools/list": Tool;
  "prompts/list": Prompt;
  "resources/list": Resource;
  "resources/templates/list": ResourceTemplateType;
}

export type ListMethod = keyof ListEntries;

/**
 * The entries of a list a caller may use, in list order: all of them without authentication, else those whose
 * scopes its credential covers. Filtered before paging, so cursors walk the caller's own list.
 */
export function visibleList<M extends ListMethod>(
  model: CompiledModel,
  method: M,
  info: AuthInfo | undefined,
): readonly ListEntries[M][] {
  return entriesVisible(model, method, info) as readonly ListEntries[M][];
}

function entriesVisible(model: CompiledModel, method: ListMethod, info: AuthInfo | undefined): readonly unknown[] {
  switch (method) {
    case "tools/list":
      return visible(info, model.toolList, (tool) => scopesOf.tool(model, tool.name));
    case "prompts/list":
      return visible(info, model.promptList, (prompt) => scopesOf.prompt(model, prompt.name));
    case "resources/list":
      return visible(info, model.resourceList, (resource) => scopesOf.resource(model, resource.uri));
    case "resources/templates/list":
      if (info === undefined) return model.templateList;
      return visible(info, model.templates, scopesOf.template).map((template) => template.wire);
  }
}

function visible<T>(info: AuthInfo | undefined, list: readonly T[], scopes: (entry: T) => Scopes): readonly T[] {
  if (info === undefined) return list;
  return list.filter((entry) => mayUse(info, scopes(entry)));
}

/** Whether any entry of a list needs a scope, so that what a caller sees of it depends on its credential. */
export function isScoped(model: CompiledModel, method: ListMethod): boolean {
  switch (method) {
    case "tools/list":
      return model.toolList.some((tool) => scopesOf.tool(model, tool.name) !== undefined);
    case "prompts/list":
      return model.promptList.some((prompt) => scopesOf.prompt(model, prompt.name) !== undefined);
    case "resources/list":
      return model.resourceList.some((resource) => scopesOf.resource(model, resource.uri) !== undefined);
    case "resources/templates/list":
      return model.templates.some((template) => scopesOf.template(template) !== undefined);
  }
}

/**
 * The scopes one request needs: those of the tool it calls, the resource it reads or watches (a fixed resource, else
 * the first template that matches), the prompt it gets or completes; for a `subscriptions/listen`, those of every
 * resource it watches. Unknown names need none here: the handler answers them as unknown.
 */
export function scopesNeeded(
  model: CompiledModel,
  method: string,
  params: Record<string, unknown> | undefined,
): string[] {
  const resourceScopes = (uri: unknown): Scopes => {
    if (typeof uri !== "string") return undefined;
    if (model.resources.has(uri)) return scopesOf.resource(model, uri);
    const template = model.templates.find((candidate) => candidate.matcher.match(uri));
    return template && scopesOf.template(template);
  };
  switch (method) {
    case "tools/call":
      return [...(scopesOf.tool(model, String(params?.name)) ?? [])];
    case "prompts/get":
      return [...(scopesOf.prompt(model, String(params?.name)) ?? [])];
    case "resources/read":
    case "resources/subscribe":
      return [...(resourceScopes(params?.uri) ?? [])];
    case "completion/complete": {
      // Suggestions for a prompt's arguments or a template's variables say something of what it holds.
      const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
      if (ref?.type === "ref/prompt") return [...(scopesOf.prompt(model, String(ref.name)) ?? [])];
      if (ref?.type === "ref/resource") {
        const template = model.templates.find((candidate) => candidate.wire.uriTemplate === ref.uri);
        return [...((template && scopesOf.template(template)) ?? scopesOf.resource(model, String(ref.uri)) ?? [])];
      }
      return [];
    }
    case "subscriptions/listen": {
      const uris = (params?.notifications as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
      const all = Array.isArray(uris) ? uris.flatMap((uri) => resourceScopes(uri) ?? []) : [];
      return [...new Set(all)];
    }
    default:
      return [];
  }
}

/** Every scope the model names, for the Protected Resource Metadata's `scopes_supported`. */
export function scopesNamed(model: CompiledModel): string[] {
  const all = [
    ...model.toolList.flatMap((tool) => scopesOf.tool(model, tool.name) ?? []),
    ...model.resourceList.flatMap((resource) => scopesOf.resource(model, resource.uri) ?? []),
    ...model.templates.flatMap((template) => scopesOf.template(template) ?? []),
    ...model.promptList.flatMap((prompt) => scopesOf.prompt(model, prompt.name) ?? []),
  ];
  return [...new Set(all)].sort();
}
