import type { CallToolResult, InputRequiredResult } from "@modelcontextprotocol/server";
import type { Context } from "../model/context.js";
import { ToolError } from "../results/tool-error.js";
import { errorResult, toToolResult } from "../results/tool-result.js";
import { truncateResult } from "../results/truncate.js";
import { describeIssues } from "../schema/compile.js";
import { ProtocolError } from "../sdk.js";
import type { CompiledTool } from "./compiled.js";
import { type Deadline, TIMED_OUT } from "./deadline.js";
import { runHandler } from "./input-requests.js";
import { reportFailure } from "./report.js";
import type { RequestStateSealer } from "./request-state.js";

/**
 * One `tools/call`: validate the arguments, run the handler, shape and check its result. Every failure the
 * model can act on becomes an `isError` result that says what went wrong, a handler that outran its `deadline`
 * included (its `ctx.signal`, joined with the deadline's, is aborted). Only a `requestState` that belongs to
 * another call (INVALID_PARAMS) and a `ProtocolError` the handler threw become JSON-RPC errors. A handler still
 * waiting for `ctx.elicit` & co. ends the round `input_required`. The result is in the 2026-07-28 shape; the caller
 * projects it for the client's era.
 */
export async function callTool(
  tool: CompiledTool,
  args: unknown,
  ctx: Context,
  maxResultTokens: number,
  requestState: RequestStateSealer,
  deadline?: Deadline,
): Promise<CallToolResult | InputRequiredResult> {
  const checked = await tool.input.validate(args ?? {});
  if (!checked.ok) {
    return errorResult(`Invalid arguments for tool "${tool.name}": ${describeIssues(checked.issues)}`);
  }

  const run = () =>
    runHandler(ctx, { method: "tools/call", name: tool.name, args }, requestState, () =>
      (tool.handler as (args: unknown, ctx: Context) => unknown)(checked.value, ctx),
    );
  const outcome = deadline ? await deadline.run(run) : await run();
  if (outcome === TIMED_OUT) {
    reportFailure(`tool "${tool.name}" timed out after ${deadline?.ms} ms`);
    return errorResult(`Tool "${tool.name}" timed out after ${deadline?.ms} ms`);
  }
  if (outcome.kind === "input_required") return outcome.result;
  if (outcome.kind === "threw") {
    const { error } = outcome;
    // A ProtocolError is the handler saying "answer with this JSON-RPC error" (or, in a task: fail the task).
    if (error instanceof ProtocolError) throw error;
    // A handler stopping because the client cancelled is not a failure: no stack trace in the logs.
    if (!(error instanceof ToolError) && !ctx.signal.aborted) reportFailure(`tool "${tool.name}" failed`, error);
    return errorResult(error instanceof Error ? error.message : String(error));
  }

  const result = toToolResult(outcome.value);
  // An output schema describes what a tool gives when it succeeds: a failure need not match it.
  if (tool.output && result.isError !== true) {
    const problem =
      result.structuredContent === undefined
        ? "it returned no structured content (return an object)"
        : await Promise.resolve(tool.output.validate(result.structuredContent)).then((v) =>
            v.ok ? undefined : describeIssues(v.issues),
          );
    if (problem !== undefined) {
      reportFailure(`tool "${tool.name}" broke its outputSchema: ${problem}`);
      return errorResult(`Tool "${tool.name}" produced a result that does not match its output schema: ${problem}`);
    }
  }
  return truncateResult(result, maxResultTokens, tool.output !== undefined);
}
