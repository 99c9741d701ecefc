// Rough token costs, for budgeting what a server puts in a model's context: meant for comparing lists and spotting
// outliers, not for billing. The ratio is the runtime's, which cuts results at a token budget, so a figure printed
// here is one the runtime counts alike.
import { CHARS_PER_TOKEN } from "@mcpsmith/runtime/internal";

export { CHARS_PER_TOKEN };

/**
 * Estimated tokens of a string, or of the JSON of any other value (`undefined` costs nothing): the length of the
 * text divided by {@link CHARS_PER_TOKEN}.
 */
export function estimateTokens(value: unknown): number {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return 0;
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * The part of a tool that a `tools/list` result carries. The estimate serialises the whole object, so extra
 * fields (annotations, _meta ...) count too.
 */
export interface ToolDescriptor {
  name: string;
  title?: string;
  description?: string;
  inputSchema: object;
  outputSchema?: object;
}

/** Estimated tokens of the `tools/list` result a client receives for these tools (`{ "tools": [...] }`). */
export function estimateToolListTokens(tools: readonly ToolDescriptor[]): number {
  return estimateTokens({ tools });
}

/**
 * How many tools hosts take before they truncate, warn or refuse (see SPEC-NOTES "What clients accept"):
 * Cursor uses the first 40, Windsurf 50, VS Code/Copilot errors above 128.
 */
export const CLIENT_TOOL_LIMITS = { cursor: 40, windsurf: 50, vscode: 128 } as const;
