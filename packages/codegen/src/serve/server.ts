import type { ServerBuilder, ServerDefinition, ServerModel } from "@mcpsmith/runtime";
import { discoveryTools, type Operation } from "@mcpsmith/runtime/discovery";
import { server } from "@mcpsmith/runtime/lean";
import { toolDefinitionOf } from "../ir/tool-definition.js";
import type { ToolIR } from "../ir/types.js";
import {
  codeModeDefinitions,
  type ListingOptions,
  selectListing,
  type ToolListing,
  toolListTokensOf,
} from "./listing.js";

/** An IR tool with what runs it and what else search should match (e.g. `GET /pets/{petId}`). */
export interface ExecutableTool {
  tool: ToolIR<unknown>;
  handler: Operation["handler"];
  keywords?: readonly string[];
}

export interface ServerBuild extends ToolListing {
  /**
   * The tools (or the discovery tools), ready for the runtime's `serve()`, `toFetchHandler()` or
   * `createTestClient()`; in code mode, the tools that code mode wraps. Add resources here before serving.
   */
  builder: ServerBuilder;
  /** What to serve: the builder, or in code mode the two tools of code mode over it (QuickJS loaded only then). */
  target(): Promise<ServerBuilder | ServerModel>;
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
    mode !== "discovery"
      ? selected.map(({ tool, handler }) => ({ ...toolDefinitionOf(tool), handler }))
      : discoveryTools(selected.map(operationOf), options.discovery).map(({ name, definition, handler }) => ({
          name,
          options: definition,
          handler,
        }));
  const builder = server(definition);
  for (const { name, options: toolOptions, handler } of served) builder.tool(name, toolOptions, handler);
  // Code mode names what `api` stands for as the runtime does: the subject given, else the server's title or name.
  const subject = options.discovery?.subject ?? definition.title ?? definition.name;
  const coded = { ...options, discovery: { ...options.discovery, subject } };
  const listed =
    mode === "code"
      ? codeModeDefinitions(
          selected.map(({ tool }) => tool),
          coded,
        )
      : served;
  return {
    builder,
    mode,
    operations: selected.length,
    toolListTokens: toolListTokensOf(listed),
    target: async () => (mode === "code" ? codeModeOf(builder, selected, coded) : builder),
  };
}

/** Code mode over the built tools, with what the IR knows that the tools do not: groups, paths, JSON text results. */
async function codeModeOf(
  builder: ServerBuilder,
  tools: readonly ExecutableTool[],
  options: ListingOptions,
): Promise<ServerModel> {
  const { codeMode } = await import("@mcpsmith/runtime/code-mode");
  const hints = Object.fromEntries(
    tools.map(({ tool, keywords }) => [
      tool.name,
      {
        group: tool.group,
        ...(keywords !== undefined && { keywords }),
        ...(tool.textOutputSchema !== undefined &&
          typeof tool.textOutputSchema === "object" && { textResultSchema: tool.textOutputSchema }),
      },
    ]),
  );
  return codeMode(builder, { hints, ...(options.discovery?.subject && { subject: options.discovery.subject }) });
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
