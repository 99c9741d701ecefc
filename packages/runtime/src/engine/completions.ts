import type { CompleteRequest, CompleteResult } from "@modelcontextprotocol/server";
import type { CompletionSource } from "../model/options.js";
import { protocolError } from "../wire-errors.js";
import type { CompiledModel } from "./compiled.js";

/** The spec caps one completion answer at 100 values. */
const MAX_VALUES = 100;

/** `completion/complete` for prompt arguments and resource template variables. */
export async function complete(compiled: CompiledModel, params: CompleteRequest["params"]): Promise<CompleteResult> {
  const { ref, argument } = params;
  let sources: Readonly<Record<string, CompletionSource>> | undefined;
  if (ref.type === "ref/prompt") {
    if (!compiled.prompts.has(ref.name)) throw protocolError("INVALID_PARAMS", `Unknown prompt: ${ref.name}`);
    sources = compiled.completions.prompts.get(ref.name);
  } else {
    if (!compiled.templates.some((t) => t.wire.uriTemplate === ref.uri)) {
      throw protocolError("INVALID_PARAMS", `Unknown resource template: ${ref.uri}`);
    }
    sources = compiled.completions.templates.get(ref.uri);
  }
  const source = sources?.[argument.name];
  if (!source) return { completion: { values: [], total: 0, hasMore: false } };

  const typed = argument.value;
  const values =
    typeof source === "function"
      ? await source(typed, { arguments: params.context?.arguments ?? {} })
      : source.filter((value) => value.toLowerCase().startsWith(typed.toLowerCase()));
  return {
    completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
  };
}
