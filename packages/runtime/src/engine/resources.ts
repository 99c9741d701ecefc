import { type ReadResourceResult, ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { Context } from "../model/context.js";
import { toResourceContents } from "../results/resource-result.js";
import type { CompiledModel } from "./compiled.js";

/** `resources/read`: a fixed URI first, then the first template that matches. Unknown URIs are -32602. */
export async function readResource(compiled: CompiledModel, uri: string, ctx: Context): Promise<ReadResourceResult> {
  const fixed = compiled.resources.get(uri);
  if (fixed) return { contents: toResourceContents(uri, fixed.mimeType, await fixed.handler(ctx)) };

  for (const template of compiled.templates) {
    const match = template.matcher.match(uri);
    if (!match) continue;
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(match)) variables[name] = Array.isArray(value) ? value.join(",") : value;
    const value = await template.model.handler(variables, ctx);
    // A template matches every URI of its shape; returning nothing is how a handler says "no such resource".
    if (value === undefined) break;
    return { contents: toResourceContents(uri, template.model.mimeType, value) };
  }
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
}
