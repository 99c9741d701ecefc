import { type ServerBuilder, type ServerDefinition, server } from "@mcpsmith/runtime";
import { discoveryTools, type Operation } from "@mcpsmith/runtime/discovery";
import { toolDefinitionOf } from "../ir/tool-definition.js";
import type { ToolIR } from "../ir/types.js";
import { type ListingOptions, selectListing, type ToolListing, toolListTokensOf } from "./listing.js";

/** An IR tool with what runs it and what else search should match (e.g. `GET /pets/{petId}`). */
export interface ExecutableTool {
  tool: ToolIR<unknown>;
  handler: Operation["handler"];
  keywords?: readonly string[];
}

export interface ServerBuild extends ToolListing {
  /** Ready for the runtime's `serve()`, `toFetchHandler()` or `createTestClient()`. */
  builder: ServerBuilder;
}

/**
 * The serve back end, source-independent: IR tools with handlers become a runtime server, either one tool per
 * IR tool (defined by `toolDefinitionOf`, exactly as the emitter writes them) or the three discovery tools
 * standing in for all of them.
 */
export function buildServer(
  definition: ServerDefinition,
  tools: readonly ExecutableTool[],
  options: ListingOptions = {},
): ServerBuild {
  const { mode, selected } = selectListing(tools, (entry) => entry.tool, options);
  const served =
    mode === "tools"
      ? selected.map(({ tool, handler }) => ({ ...toolDefinitionOf(tool), handler }))
      : discoveryTools(selected.map(operationOf), options.discovery).map(({ name, definition, handler }) => ({
          name,
          options: definition,
          handler,
        }));
  const builder = server(definition);
  for (const { name, options: toolOptions, handler } of served) builder.tool(name, toolOptions, handler);
  return { builder, mode, operations: selected.length, toolListTokens: toolListTokensOf(served) };
}

function operationOf({ tool, handler, keywords }: ExecutableTool): Operation {
  return {
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
    group: tool.group,
    ...(keywords !== undefined && { keywords }),
    handler,
  };
}
