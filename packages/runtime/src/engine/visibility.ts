import type { AuthInfo } from "@modelcontextprotocol/server";
import { mayUse } from "../model/auth.js";
import type { CompiledModel } from "./compiled.js";

/**
 * The entries of a list a caller may use: all of them without authentication, else those whose scopes its
 * credential covers. Filtered before paging, so cursors walk the caller's own list.
 */
export function visibleTo<T>(
  info: AuthInfo | undefined,
  list: readonly T[],
  scopesOf: (entry: T) => readonly string[] | undefined,
): readonly T[] {
  if (info === undefined) return list;
  return list.filter((entry) => mayUse(info, scopesOf(entry)));
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
  const resourceScopes = (uri: unknown) => {
    if (typeof uri !== "string") return undefined;
    const fixed = model.resources.get(uri);
    if (fixed) return fixed.scopes;
    return model.templates.find((template) => template.matcher.match(uri))?.model.scopes;
  };
  switch (method) {
    case "tools/call":
      return [...(model.tools.get(String(params?.name))?.scopes ?? [])];
    case "prompts/get":
      return [...(model.prompts.get(String(params?.name))?.model.scopes ?? [])];
    case "resources/read":
    case "resources/subscribe":
      return [...(resourceScopes(params?.uri) ?? [])];
    case "completion/complete": {
      // Suggestions for a prompt's arguments or a template's variables say something of what it holds.
      const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
      if (ref?.type === "ref/prompt") return [...(model.prompts.get(String(ref.name))?.model.scopes ?? [])];
      if (ref?.type === "ref/resource") {
        const template = model.templates.find((t) => t.wire.uriTemplate === ref.uri);
        return [...(template?.model.scopes ?? model.resources.get(String(ref.uri))?.scopes ?? [])];
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
    ...[...model.tools.values()].flatMap((tool) => tool.scopes ?? []),
    ...[...model.resources.values()].flatMap((resource) => resource.scopes ?? []),
    ...model.templates.flatMap((template) => template.model.scopes ?? []),
    ...[...model.prompts.values()].flatMap((prompt) => prompt.model.scopes ?? []),
  ];
  return [...new Set(all)].sort();
}
