import type { ToolOptions } from "@mcpsmith/runtime";
import { type DiscoveryOptions, discoveryToolDefinitions } from "@mcpsmith/runtime/discovery";
import { codeModeToolDefinitions, hintAnnotations } from "@mcpsmith/runtime/internal";
import { estimateToolListTokens, type ToolDescriptor } from "../budget/tokens.js";
import { CodegenError } from "../errors.js";
import { DEFAULT_DISCOVERY_THRESHOLD, type ListingMode } from "../ir/listing-modes.js";
import { type ToolDefinition, toolDefinitionOf } from "../ir/tool-definition.js";
import type { ToolIR } from "../ir/types.js";
import { selectToolsets } from "./toolsets.js";

export interface ListingOptions {
  /**
   * `tools`: one tool per operation; `discovery`: search/describe/call; `code`: search_api/execute over one typed
   * API; `auto` (default): tools up to `threshold`, discovery above.
   */
  mode?: ListingMode;
  threshold?: number;
  /** Groups (OpenAPI tags, ...) to serve; all when empty. Applies in both modes. */
  toolsets?: readonly string[];
  /** Search page sizes and the subject named in the discovery tools' descriptions. */
  discovery?: DiscoveryOptions;
}

/** How a server lists its tools, once `auto` is decided. */
export type ServedMode = "tools" | "discovery" | "code";

export interface ListingSelection<T> {
  mode: ServedMode;
  /** The items of the chosen toolsets, in their original order. */
  selected: T[];
}

/** Which items are served (`--toolsets`) and how (`--mode`, the threshold): the same for serve and generate. */
export function selectListing<T>(
  items: readonly T[],
  toolOf: (item: T) => ToolIR<unknown>,
  options: ListingOptions = {},
): ListingSelection<T> {
  const threshold = options.threshold ?? DEFAULT_DISCOVERY_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0) {
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `The discovery threshold must be a whole number of tools, got ${threshold}.`,
    );
  }
  const selected = selectToolsets(items, options.toolsets ?? [], (item) => toolOf(item).group);
  const requested = options.mode ?? "auto";
  const mode: ServedMode = requested === "auto" ? (selected.length > threshold ? "discovery" : "tools") : requested;
  return { mode, selected };
}

export interface ToolListing {
  mode: ServedMode;
  /** Operations listed after toolset selection (each a tool, or reachable through discovery). */
  operations: number;
  /** Estimated tokens of the `tools/list` a client receives. */
  toolListTokens: number;
}

/**
 * What the server built from these tools would list, without building it: no runtime, SDK or zod is loaded
 * (`mcpsmith generate` only reports the figure). The discovery tools' definitions come from the runtime's own
 * `discoveryToolDefinitions`, the ones `discoveryTools` serves.
 */
export function toolListingOf(tools: readonly ToolIR<unknown>[], options: ListingOptions = {}): ToolListing {
  const { mode, selected } = selectListing(tools, (tool) => tool, options);
  const definitions =
    mode === "tools"
      ? selected.map(toolDefinitionOf)
      : mode === "code"
        ? codeModeDefinitions(selected, options)
        : discoveryToolDefinitions(selected, options.discovery).map(({ name, definition }) => ({
            name,
            options: definition,
          }));
  return { mode, operations: selected.length, toolListTokens: toolListTokensOf(definitions) };
}

/**
 * Estimated tokens of the `tools/list` that lists these definitions, measured the way `mcpsmith doctor` measures a
 * running one: each entry as the runtime lists a tool given `(name, options)`, where the title is repeated in the
 * annotations beside the hints, an input schema too large to list lists its `listedInput`, and a tool without an
 * input schema lists `{ type: "object" }`.
 */
export function toolListTokensOf(definitions: readonly ToolDefinition[]): number {
  return estimateToolListTokens(definitions.map(listedToolOf));
}

function listedToolOf({ name, options }: ToolDefinition): ToolDescriptor & { annotations?: object } {
  const annotations = annotationsOf(options);
  return {
    name,
    ...(options.title !== undefined && { title: options.title }),
    ...(options.description !== undefined && { description: options.description }),
    inputSchema: options.listedInput ?? (options.input as object | undefined) ?? { type: "object" },
    ...(options.output !== undefined && { outputSchema: options.output as object }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
  };
}

function annotationsOf(options: Omit<ToolOptions, "name">): object {
  return {
    ...(options.title !== undefined && { title: options.title }),
    ...hintAnnotations(options),
  };
}

/** The two tools of code mode over these tools, as the runtime's `codeMode` lists them. */
export function codeModeDefinitions(tools: readonly ToolIR<unknown>[], options: ListingOptions): ToolDefinition[] {
  const functions = tools.map((tool) => ({ name: tool.name, group: tool.group, annotations: tool.annotations }));
  return codeModeToolDefinitions(functions, options.discovery?.subject ?? "this server").map(
    ({ name, definition }) => ({ name, options: definition }),
  );
}
