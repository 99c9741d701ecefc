/**
 * Helpers for tests of `@mcpsmith/runtime/http`: operations in one line, and `callTool`, which shapes what the
 * executor returns or throws exactly as the runtime's `tools/call` does (a `ToolError` becomes `isError`).
 */
import type { HttpCallContext, HttpExecutor } from "../../packages/runtime/src/executors/http/executor.js";
import type { HttpOperation, HttpParameter } from "../../packages/runtime/src/executors/http/operation.js";
import { ToolError } from "../../packages/runtime/src/results/tool-error.js";
import { errorResult, toToolResult } from "../../packages/runtime/src/results/tool-result.js";

type CallToolResult = ReturnType<typeof toToolResult>;

export function operation(overrides: Partial<HttpOperation> = {}): HttpOperation {
  return { method: "GET", path: "/", parameters: [], security: [], ...overrides };
}

/** A parameter whose argument has its wire name; style and explode default as OpenAPI defaults them. */
export function parameter(
  name: string,
  location: HttpParameter["in"],
  overrides: Partial<HttpParameter> = {},
): HttpParameter {
  const style = overrides.style ?? (location === "query" || location === "cookie" ? "form" : "simple");
  return {
    name,
    argument: name,
    in: location,
    style,
    explode: style === "form",
    required: location === "path",
    ...overrides,
  };
}

export async function callTool(
  executor: HttpExecutor,
  op: HttpOperation,
  args: Record<string, unknown> = {},
  context?: HttpCallContext,
): Promise<CallToolResult> {
  try {
    return toToolResult(await executor.call(op, args, context));
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message);
    throw error;
  }
}

/** The text of a result's first content block (fails the test when it is not text). */
export function firstText(result: CallToolResult): string {
  const block = result.content[0];
  if (block?.type !== "text") throw new Error(`Expected a text block, got ${JSON.stringify(block)}`);
  return block.text;
}
