import type { InputRequiredResult, ReadResourceResult } from "@modelcontextprotocol/server";
import type { Context } from "../model/context.js";
import { toResourceContents } from "../results/resource-result.js";
import { ResourceNotFoundError } from "../sdk.js";
import type { CompiledModel } from "./compiled.js";
import { runHandler } from "./input-requests.js";

/** `resources/read`: a fixed URI first, then the first template that matches. Unknown URIs are INVALID_PARAMS. */
export async function readResource(
  compiled: CompiledModel,
  uri: string,
  ctx: Context,
): Promise<ReadResourceResult | InputRequiredResult> {
  const call = { method: "resources/read", name: uri } as const;
  const fixed = compiled.resources.get(uri);
  if (fixed) {
    const outcome = await runHandler(ctx, call, compiled.requestState, () => fixed.handler(ctx));
    if (outcome.kind === "input_required") return outcome.result;
    if (outcome.kind === "threw") throw outcome.error;
    return { contents: toResourceContents(uri, fixed.mimeType, outcome.value) };
  }

  for (const template of compiled.templates) {
    const match = template.matcher.match(uri);
    if (!match) continue;
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(match)) variables[name] = Array.isArray(value) ? value.join(",") : value;
    const outcome = await runHandler(ctx, call, compiled.requestState, () => template.model.handler(variables, ctx));
    if (outcome.kind === "input_required") return outcome.result;
    if (outcome.kind === "threw") throw outcome.error;
    // A template matches every URI of its shape; returning nothing is how a handler says "no such resource".
    if (outcome.value === undefined) break;
    return { contents: toResourceContents(uri, template.model.mimeType, outcome.value) };
  }
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
}
