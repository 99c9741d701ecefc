// What `@tool`, `@resource` and `@prompt` take, and what the `server()` builder and `ctx.server` take with them: one
// set of options whichever way a member is declared.
import type { JsonSchema, SchemaInput } from "../schema/types.js";
import type { DatePlan } from "./dates.js";

/** Behaviour hints for clients, written the short way (`readOnly: true`). */
export interface ToolHints {
  readOnly?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  openWorld?: boolean;
}

/**
 * How a tool takes part in the tasks extension (`io.modelcontextprotocol/tasks`): `optional` becomes a task for
 * clients that declared the extension and runs inline for others; `required` refuses other clients (with a
 * missing-client-capability error). Either way the handler decides where the task starts, with
 * `await ctx.startTask()`.
 */
export type TaskSupport = "optional" | "required";

export type CompletionSource =
  | readonly string[]
  | ((value: string, context: { arguments: Record<string, string> }) => readonly string[] | Promise<readonly string[]>);

export interface ToolOptions extends ToolHints {
  /** Defaults to the method name. */
  name?: string;
  title?: string;
  description?: string;
  input?: SchemaInput;
  /**
   * The input schema `tools/list` shows instead of `input`'s, for an input schema too large to list whole (a
   * generated server sets it, see docs/openapi.md): arguments are still checked against `input`.
   */
  listedInput?: JsonSchema;
  output?: SchemaInput;
  /**
   * Where the arguments hold `Date`s, whose ISO 8601 text is made a `Date` before the handler runs (JSON has no
   * dates). `mcpsmith build` and `mcpsmith generate ts` write it from the parameter's type.
   */
  dates?: DatePlan;
  meta?: Record<string, unknown>;
  /** Long-running: the handler may continue as a task after `await ctx.startTask()` (docs/runtime.md). */
  task?: TaskSupport;
  /**
   * Milliseconds the handler may run: past it `ctx.signal` aborts and the call answers `isError` (a task tool's
   * clock stops when the call becomes a task). Default: the model's `toolTimeout`, else none.
   */
  timeout?: number;
  /**
   * OAuth scopes a caller needs (every one; `repo` covers `repo:read`): with HTTP authentication configured, a
   * caller without them does not see this in its list and is refused with 403 `insufficient_scope` (docs/auth.md).
   */
  scopes?: readonly string[];
}

export interface ResourceOptions {
  /** Defaults to the method name. */
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Suggestions for the URI template's variables, by variable name. */
  complete?: Record<string, CompletionSource>;
  /**
   * OAuth scopes a caller needs (every one; `repo` covers `repo:read`): with HTTP authentication configured, a
   * caller without them does not see this in its list and is refused with 403 `insufficient_scope` (docs/auth.md).
   */
  scopes?: readonly string[];
}

export interface PromptOptions {
  /** Defaults to the method name. */
  name?: string;
  title?: string;
  description?: string;
  /** The arguments' schema: an object whose properties are strings (prompt arguments travel as strings). */
  args?: SchemaInput | JsonSchema;
  complete?: Record<string, CompletionSource>;
  /**
   * OAuth scopes a caller needs (every one; `repo` covers `repo:read`): with HTTP authentication configured, a
   * caller without them does not see this in its list and is refused with 403 `insufficient_scope` (docs/auth.md).
   */
  scopes?: readonly string[];
}

/** A tool as `server().tool()` and `ctx.server.addTool()` take it: the decorator's options with a typed `input`. */
export type ToolDefinition<S> = Omit<ToolOptions, "name" | "input"> & { input?: S };
export type PromptDefinition<S> = Omit<PromptOptions, "name" | "args"> & { args?: S };
