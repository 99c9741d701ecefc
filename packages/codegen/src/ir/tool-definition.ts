import type { ToolOptions } from "@mcpsmith/runtime";
import { hintsOf } from "@mcpsmith/runtime/internal";
import { listedInputSchema } from "./listed-input.js";
import type { ToolIR } from "./types.js";

/** A tool as the runtime's builder and `@tool` decorator take it: its name and its options. */
export interface ToolDefinition {
  name: string;
  options: Omit<ToolOptions, "name">;
}

/**
 * The one mapping from an IR tool to what is served for it. The serve back end (`mcpsmith serve`) passes it to
 * the runtime's builder, the emitter writes it into `@tool({...})`: both give the same `tools/list` because
 * neither maps anything itself. Absent fields stay absent (no `undefined` keys), so emitted literals are stable.
 * An input schema too large to list gets a `listedInput` (ir/listed-input.ts).
 */
export function toolDefinitionOf(tool: ToolIR<unknown>): ToolDefinition {
  const listedInput = listedInputSchema(tool.inputSchema);
  return {
    name: tool.name,
    options: {
      ...(tool.title !== undefined && { title: tool.title }),
      description: tool.description,
      input: tool.inputSchema,
      ...(listedInput !== undefined && { listedInput }),
      ...(tool.outputSchema !== undefined && { output: tool.outputSchema }),
      ...hintsOf(tool.annotations),
    },
  };
}
