import type { CompiledTool } from "../engine/compiled.js";
import { Deadline } from "../engine/deadline.js";
import type { Hook } from "../engine/hooks.js";
import { runChain } from "../engine/middleware/chain.js";
import type { RequestStateSealer } from "../engine/request-state.js";
import { callTool } from "../engine/tools.js";
import { missingScopes } from "../model/auth.js";
import type { Context } from "../model/context.js";
import type { ToolCall, ToolCallResult } from "../model/middleware.js";
import { ToolError } from "../results/tool-error.js";
import { isInputRequiredResult } from "../sdk.js";
import { apiValueJson, errorMessageOf } from "./api-result.js";
import { type ApiEntry, INPUT_REFUSAL } from "./catalog.js";
import { accessorOf } from "./declarations/api-file.js";

export type ApiCallOutcome = { ok: true; json: string } | { ok: false; message: string };

/** What every api call of one server shares: the `tool` hooks of its middleware and its state sealer. */
export interface ApiCallPath {
  readonly toolHooks: readonly Hook<ToolCall, ToolCallResult>[];
  readonly requestState: RequestStateSealer;
  /** Tools found asking for input at run time: refused up front from then on, and marked in search. */
  readonly asksForInput: Set<string>;
}

// Results stay whole on their way into the sandbox: the model never sees them, only what the code returns, which
// the result limit bounds.
const NO_TRUNCATION = Number.POSITIVE_INFINITY;

/**
 * One call of `api`, down the path a `tools/call` of the tool takes: the caller's scopes, the `tool` hooks of the
 * server's middleware, argument validation, the handler with the tool's timeout, the output schema check. What
 * fails becomes a message the code's `ApiError` carries; nothing here throws.
 */
export async function callApi(
  entry: ApiEntry,
  argsJson: string,
  outer: Context,
  signal: AbortSignal,
  path: ApiCallPath,
): Promise<ApiCallOutcome> {
  const refusal = entry.refusal ?? (path.asksForInput.has(entry.name) ? INPUT_REFUSAL : undefined);
  if (refusal !== undefined) return refused(`${accessorOf(entry.name)} cannot be called from code: ${refusal}`);
  const args: unknown = JSON.parse(argsJson);
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return refused(`${accessorOf(entry.name)} takes one object of arguments`);
  }
  const { tool } = entry;
  const missing = scopesMissing(outer, tool);
  if (missing.length > 0) {
    return refused(
      `Not allowed: ${entry.name} needs the scope${missing.length > 1 ? "s" : ""} ${missing.join(" ")}, which the caller's credential does not grant`,
    );
  }
  const deadline = tool.timeout === undefined ? undefined : new Deadline(tool.timeout);
  const asked = () => path.asksForInput.add(entry.name);
  const ctx = apiContext(outer, deadline ? AbortSignal.any([signal, deadline.signal]) : signal, entry.name, asked);
  const call: ToolCall = { name: entry.name, arguments: args as Record<string, unknown>, ctx };
  try {
    const result = await runChain(path.toolHooks, call, () =>
      callTool(tool, call.arguments, ctx, NO_TRUNCATION, path.requestState, deadline),
    );
    if (isInputRequiredResult(result)) {
      path.asksForInput.add(entry.name);
      return refused(`${accessorOf(entry.name)} cannot be called from code: ${INPUT_REFUSAL}`);
    }
    if (result.isError) return refused(errorMessageOf(result));
    return { ok: true, json: apiValueJson(result, entry.textResultSchema !== undefined) };
  } catch (error) {
    return refused(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The scopes a tool needs that the caller's credential does not grant: the rule tools mode applies (docs/auth.md).
 * Without a credential (stdio, HTTP without auth) none are checked: the deployment is the boundary.
 */
export function scopesMissing(ctx: Context, tool: Pick<CompiledTool, "scopes">): string[] {
  return ctx.auth && tool.scopes ? missingScopes(ctx.auth.scopes, tool.scopes) : [];
}

function refused(message: string): ApiCallOutcome {
  return { ok: false, message };
}

/**
 * The context a tool's handler gets when code calls it: the `execute` call's caller, client and headers (read where
 * they are, never copied into the sandbox), the run's signal, logs passed on; no progress of its own (the progress
 * token belongs to `execute`), and no way to ask the user for input.
 */
function apiContext(outer: Context, signal: AbortSignal, name: string, asked: () => void): Context {
  const noInput = async (): Promise<never> => {
    asked();
    throw new ToolError(`${accessorOf(name)} cannot be called from code: ${INPUT_REFUSAL}`);
  };
  return {
    signal,
    requestId: outer.requestId,
    get client() {
      return outer.client;
    },
    get auth() {
      return outer.auth;
    },
    get headers() {
      return outer.headers;
    },
    server: outer.server,
    notify: outer.notify,
    progress: async () => {},
    get logLevel() {
      return outer.logLevel;
    },
    log: (level, data, logger) => outer.log(level, data, logger),
    elicit: noInput,
    sample: noInput,
    listRoots: noInput,
    startTask: async () => {},
    inputResponses: undefined,
    requestState: undefined,
  };
}
