import { type ServerBuilder, type ServerDefinition, server } from "@mcpsmith/runtime";
import { type DiscoveryOptions, discoveryTools, type Operation } from "@mcpsmith/runtime/discovery";
import { estimateToolListTokens, type ToolDescriptor } from "../budget/tokens.js";
import { CodegenError } from "../errors.js";
import { toolDefinitionOf } from "../ir/tool-definition.js";
import type { ToolIR } from "../ir/types.js";
import { selectToolsets } from "./toolsets.js";

export const LIVE_MODES = ["auto", "tools", "discovery"] as const;
export type LiveMode = (typeof LIVE_MODES)[number];

/** Above this many tools, `auto` serves the discovery tools instead (Cursor uses only the first 40 tools). */
export const DEFAULT_DISCOVERY_THRESHOLD = 40;

export interface LiveOptions {
  /** `tools`: one tool per operation; `discovery`: search/describe/call; `auto` (default): tools up to `threshold`. */
  mode?: LiveMode;
  threshold?: number;
  /** Groups (OpenAPI tags, ...) to serve; all when empty. Applies in both modes. */
  toolsets?: readonly string[];
  /** Search page sizes and the subject named in the discovery tools' descriptions. */
  discovery?: DiscoveryOptions;
}

/** An IR tool with what runs it and what else search should match (e.g. `GET /pets/{petId}`). */
export interface ExecutableTool {
  tool: ToolIR<unknown>;
  handler: Operation["handler"];
  keywords?: readonly string[];
}

export interface LiveBuild {
  /** Ready for the runtime's `serve()`, `toFetchHandler()` or `createTestClient()`. */
  builder: ServerBuilder;
  mode: "tools" | "discovery";
  /** Operations served after toolset selection (each a tool, or reachable through discovery). */
  operations: number;
  /** Estimated tokens of the `tools/list` a client receives. */
  toolListTokens: number;
}

/**
 * The live back end, source-independent: IR tools with handlers become a runtime server, either one tool per
 * IR tool (defined by `toolDefinitionOf`, exactly as the emitter writes them) or the three discovery tools
 * standing in for all of them.
 */
export function liveServer(
  definition: ServerDefinition,
  tools: readonly ExecutableTool[],
  options: LiveOptions = {},
): LiveBuild {
  const threshold = options.threshold ?? DEFAULT_DISCOVERY_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0) {
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `The discovery threshold must be a whole number of tools, got ${threshold}.`,
    );
  }
  const selected = selectToolsets(tools, options.toolsets ?? [], (entry) => entry.tool.group);
  const requested = options.mode ?? "auto";
  const mode = requested === "auto" ? (selected.length > threshold ? "discovery" : "tools") : requested;

  const builder = server(definition);
  if (mode === "tools") {
    for (const { tool, handler } of selected) {
      const { name, options: toolOptions } = toolDefinitionOf(tool);
      builder.tool(name, toolOptions, handler);
    }
  } else {
    for (const tool of discoveryTools(selected.map(operationOf), options.discovery)) {
      builder.tool(tool.name, tool.definition, tool.handler);
    }
  }
  return { builder, mode, operations: selected.length, toolListTokens: toolListTokensOf(builder) };
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

/** What the built server's `tools/list` will carry, measured the way `mcpsmith doctor` measures a live one. */
function toolListTokensOf(builder: ServerBuilder): number {
  const descriptors = builder.build().tools.map((tool): ToolDescriptor & { annotations?: object } => ({
    name: tool.name,
    ...(tool.title !== undefined && { title: tool.title }),
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: tool.input ?? { type: "object" },
    ...(tool.output !== undefined && { outputSchema: tool.output }),
    ...(tool.annotations !== undefined && { annotations: tool.annotations }),
  }));
  return estimateToolListTokens(descriptors);
}
