import type { CallToolResult, Result, Server, ServerContext, Tool } from "@modelcontextprotocol/server";
import { principalOf } from "../../model/auth.js";
import type { Context } from "../../model/context.js";
import { isInputRequiredResult } from "../../sdk.js";
import { protocolError } from "../../wire-errors.js";
import type { CompiledTool } from "../compiled.js";
import { type ConnectionState, makeContext } from "../context.js";
import { Deadline } from "../deadline.js";
import type { LiveModel } from "../live-model.js";
import { runChain } from "../middleware/chain.js";
import { type Page, pageOf } from "../pagination.js";
import { getPrompt } from "../prompts.js";
import { readResource } from "../resources.js";
import { dispatchToolCall } from "../tasks/call.js";
import type { TaskManager } from "../tasks/manager.js";
import { callTool } from "../tools.js";
import { type ListEntries, type ListMethod, visibleList } from "../visibility.js";

/** The requests the model answers itself (the SDK answers the rest: initialize, ping, server/discover, ...). */
export const MODEL_METHODS = [
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
] as const;

export type ModelMethod = (typeof MODEL_METHODS)[number];

/**
 * One of the model's answers. `sdk` is the request's context as the SDK hands it to a handler (the fast path builds
 * the same shape itself); `server` is the SDK server serving it, when there is one: a legacy client's identity is
 * known only to the server of its connection.
 */
export type ModelHandler = (
  params: Record<string, unknown>,
  sdk: ServerContext,
  server: Server | undefined,
) => Result | Promise<Result>;

/** How a 2026-07-28-shaped tool result is projected for the era the request is served in (the SDK's rule). */
export type ToolResultProjection = (result: CallToolResult, outputSchema: Tool["outputSchema"]) => CallToolResult;

/**
 * The model's handlers, by method: what `bind` registers on every SDK server and what the fast path calls
 * directly, so both paths run the same code. Each reads the model as it is when the request arrives.
 */
export function modelHandlers(
  live: LiveModel,
  tasks: TaskManager | undefined,
  connection: ConnectionState,
  project: ToolResultProjection,
): Record<ModelMethod, ModelHandler> {
  const { pageSize } = live;
  /** The page of a list the caller asked for, among the entries it may see. */
  const pageFor = <M extends ListMethod>(
    method: M,
    params: Record<string, unknown>,
    sdk: ServerContext,
    key: (entry: ListEntries[M]) => string,
  ) => pageOf(visibleList(live.current, method, sdk.http?.authInfo), key, cursorOf(params), pageSize);
  return {
    "tools/list": (params, sdk) => {
      const page = pageFor("tools/list", params, sdk, (tool) => tool.name);
      return { tools: page.items as never[], ...nextCursor(page) };
    },
    "tools/call": (params, sdk, server) => {
      const name = params.name as string;
      const tool = live.current.tools.get(name);
      if (!tool) throw protocolError("INVALID_PARAMS", `Unknown tool: ${name}`);
      const args = params.arguments as Record<string, unknown> | undefined;
      return toolCall(tool, args, sdk, server, connection, live, tasks, project);
    },
    "resources/list": (params, sdk) => {
      const page = pageFor("resources/list", params, sdk, (resource) => resource.uri);
      return { resources: page.items as never[], ...nextCursor(page) };
    },
    "resources/templates/list": (params, sdk) => {
      const page = pageFor("resources/templates/list", params, sdk, (t) => t.uriTemplate);
      return { resourceTemplates: page.items as never[], ...nextCursor(page) };
    },
    "resources/read": (params, sdk, server) =>
      readResource(live.current, params.uri as string, makeContext(sdk, server, connection, live)),
    "prompts/list": (params, sdk) => {
      const page = pageFor("prompts/list", params, sdk, (prompt) => prompt.name);
      return { prompts: page.items as never[], ...nextCursor(page) };
    },
    "prompts/get": (params, sdk, server) =>
      getPrompt(
        live.current,
        params.name as string,
        params.arguments as Record<string, string> | undefined,
        makeContext(sdk, server, connection, live),
      ),
  };
}

function cursorOf(params: Record<string, unknown>): string | undefined {
  return params.cursor as string | undefined;
}

function nextCursor(page: Page<unknown>): { nextCursor?: string } {
  return page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor };
}

/**
 * One call of a known tool: its context (with the tool's deadline in its signal, when it has a timeout), the
 * `tool` hooks around the call, and the result projected for the client's era last, so hooks see one shape in
 * both eras. A task-capable tool may become a task (engine/tasks/call.ts); its hooks then settle with the task.
 */
function toolCall(
  tool: CompiledTool,
  args: Record<string, unknown> | undefined,
  sdk: ServerContext,
  server: Server | undefined,
  connection: ConnectionState,
  live: LiveModel,
  tasks: TaskManager | undefined,
  project: ToolResultProjection,
): Promise<Result> {
  const { maxResultTokens, requestState } = live.current;
  const deadline = tool.timeout === undefined ? undefined : new Deadline(tool.timeout);
  const signal = deadline ? AbortSignal.any([sdk.mcpReq.signal, deadline.signal]) : undefined;
  const context: Context = makeContext(sdk, server, connection, live, signal);
  const hooks = live.middleware.tool;
  const run = () => {
    const call = { name: tool.name, arguments: args ?? {}, ctx: context };
    const called = runChain(hooks, call, () =>
      callTool(tool, call.arguments, context, maxResultTokens, requestState, deadline),
    );
    // The SDK's per-era projection: on 2025 revisions a non-object structuredContent is wrapped as { result }.
    return called.then((result) => (isInputRequiredResult(result) ? result : project(result, tool.wire.outputSchema)));
  };
  const owner = principalOf(sdk.http?.authInfo);
  // Once the call runs as a task, the task's TTL limits it, not the tool's timeout.
  const started = () => deadline?.stop();
  return dispatchToolCall(tool.task, context, tasks, owner, tool.name, requestState, run, started);
}
