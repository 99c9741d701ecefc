import type { PromptOptions, ResourceOptions, ToolOptions } from "@mcpsmith/runtime";
import { hintsOf } from "@mcpsmith/runtime/internal";
import type { ToolIR } from "./types.js";
import type { PromptIR, ResourceIR, TypeScriptBinding } from "./typescript.js";

/**
 * What an annotated export is served as: the one mapping from the TypeScript IR to the runtime's options, which
 * the emitter writes into `app.tool(...)` and the live composition (`mcpsmith serve` with a config) passes to the
 * builder, so both list the same. Absent fields stay absent. A callable that takes no arguments has no input schema.
 */
export function typescriptToolOptions(tool: ToolIR<TypeScriptBinding>): Omit<ToolOptions, "name"> {
  return {
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description,
    ...(tool.binding.takesArguments && { input: tool.inputSchema }),
    ...(tool.outputSchema !== undefined && { output: tool.outputSchema }),
    ...(tool.binding.dates !== undefined && { dates: tool.binding.dates }),
    ...hintsOf(tool.annotations),
  };
}

export function typescriptResourceOptions(resource: ResourceIR): ResourceOptions {
  return {
    name: resource.name,
    ...(resource.title !== undefined && { title: resource.title }),
    ...(resource.description !== "" && { description: resource.description }),
    ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }),
  };
}

export function typescriptPromptOptions(prompt: PromptIR): Omit<PromptOptions, "name"> {
  return {
    ...(prompt.title !== undefined && { title: prompt.title }),
    ...(prompt.description !== "" && { description: prompt.description }),
    ...(prompt.argsSchema !== undefined && { args: prompt.argsSchema }),
  };
}
