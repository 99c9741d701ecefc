import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  InputResponses,
  Root,
} from "@modelcontextprotocol/server";
import type { Infer, JsonSchema, SchemaInput } from "../schema/types.js";
import type { AuthContext } from "./auth.js";
import type { PromptDefinition, ResourceOptions, ToolDefinition } from "./options.js";

/** The protocol era a request is served in: `modern` is 2026-07-28 (stateless), `legacy` is 2024-11-05 … 2025-11-25. */
export type Era = "modern" | "legacy";

export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** Who is calling, as far as the protocol tells. */
export interface ClientInfo {
  era: Era;
  /** The revision the request speaks (`2026-07-28`, `2025-11-25`, …), when known. */
  protocolVersion?: string;
  name?: string;
  version?: string;
  /** The capabilities the client declared (per request on 2026-07-28, at `initialize` on legacy). */
  capabilities: Readonly<Record<string, unknown>>;
}

/** The second argument of every handler. */
export interface Context {
  /** Aborted when the client cancels the request or goes away. Pass it to `fetch` and friends. */
  readonly signal: AbortSignal;
  /** Reports progress to the client, when it asked for progress (otherwise a no-op). */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /** Sends a log message to the client, only when the client asked for logs at this level or above. */
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * The lowest level the client asked logs at (per request on 2026-07-28, with `logging/setLevel` on legacy
   * connections); undefined when it asked for none, and `log` sends nothing. What a handler passing work on to
   * another MCP server asks it for.
   */
  readonly logLevel?: LogLevel | undefined;
  readonly client: ClientInfo;
  /**
   * The verified caller: subject, client, scopes and claims, on HTTP with `auth` configured (docs/auth.md).
   * Undefined without authentication (stdio, an HTTP server without `auth`).
   */
  readonly auth: AuthContext | undefined;
  /**
   * The HTTP request's headers (HTTP only; undefined on stdio and in memory). The `Authorization` header here is
   * the MCP access token: read `auth` for the verified caller, and never pass the token on to another service.
   */
  readonly headers: Headers | undefined;
  /** The JSON-RPC id of the request being served. */
  readonly requestId: string | number;
  /** The running server's model: add and remove tools, resources and prompts while serving. */
  readonly server: LiveServer;
  /** Tells clients that something changed which the model cannot see (a resource's data, say). */
  readonly notify: Notifier;

  /**
   * Asks the user for structured input (a form): `schema` is a zod object or a flat JSON Schema object of
   * primitive properties (the spec's restricted elicitation schema). Resolves to the user's answer, whose
   * `content` has been validated against `schema`. On 2026-07-28 this is a multi round-trip: the handler
   * returns `input_required` and **runs again from the start** when the client answers, so code before this
   * call runs once per round (put side effects after it). On legacy sessions it is a real
   * `elicitation/create` request. See docs/runtime.md, "Asking the user".
   */
  elicit<S extends ElicitSchema>(
    message: string,
    schema: S,
    options?: InputOptions,
  ): Promise<ElicitAnswer<ElicitContent<S>>>;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`) and resolves to its result.
   * Sampling is deprecated in 2026-07-28 (SEP-2577): prefer calling your model provider directly.
   * Same re-run rules as `elicit`.
   */
  sample(params: CreateMessageRequestParams, options?: InputOptions): Promise<CreateMessageResult>;
  /**
   * The client's roots (`roots/list`). Deprecated in 2026-07-28 (SEP-2577). Same re-run rules as `elicit`.
   */
  listRoots(options?: InputOptions): Promise<Root[]>;
  /**
   * For tools declared with `task`: from here on, the call may continue in the background as a task. When the
   * client accepts tasks, it is answered now with the task's handle and the rest of the handler runs as the task
   * (`signal` then follows `tasks/cancel`, input calls park the task until `tasks/update`, progress becomes the
   * task's status message); otherwise this resolves at once and the handler carries on inline. Input gathered
   * before it uses ordinary input_required rounds. See docs/runtime.md, "Long-running tools: tasks".
   */
  startTask(): Promise<void>;
  /**
   * Lower-level API: the raw answers the client sent with this round (`inputResponses`), untrusted, for
   * handlers that return `inputRequired(...)` themselves. Prefer `elicit`, `sample` and `listRoots`.
   */
  readonly inputResponses: Readonly<InputResponses> | undefined;
  /**
   * Lower-level API: the `requestState` your handler returned with `inputRequired(...)` last round, after
   * mcpsmith checked its signature and expiry (`undefined` on a first round).
   */
  readonly requestState: string | undefined;
}

/** A schema for `ctx.elicit`: a zod object (any Standard Schema with JSON Schema output) or a JSON Schema object. */
export type ElicitSchema = JsonSchema | { readonly "~standard": object };

/** What the user's answer contains: inferred from a zod schema, a plain record for JSON Schema. */
export type ElicitContent<S> = Infer<S>;

/** The user's decision: `accept` with the form's content, or `decline` / `cancel` with nothing. */
export type ElicitAnswer<T = Record<string, unknown>> =
  | { action: "accept"; content: T }
  | { action: "decline" }
  | { action: "cancel" };

export interface InputOptions {
  /**
   * The name of this request in `inputRequests` / `inputResponses`. Default: its position among the handler's
   * input calls (`input-0`, `input-1`, ...), which is stable because the handler re-runs the same way.
   */
  key?: string;
}

/**
 * The handler a resource URI takes: `(ctx)` for a fixed URI, `(variables, ctx)` for a template (`{var}`). Chosen
 * from the URI's literal type rather than by overloads: TypeScript types an arrow's parameters from the first
 * overload and never retries, so `({ id }) => ...` for a template would be checked as `(ctx) => ...`. A URI known
 * only as `string` takes either (annotate the parameters).
 */
export type ResourceHandler<U extends string> = string extends U
  ? ((ctx: Context) => unknown) | ((variables: Record<string, string>, ctx: Context) => unknown)
  : U extends `${string}{${string}}${string}`
    ? (variables: Record<string, string>, ctx: Context) => unknown
    : (ctx: Context) => unknown;

/**
 * The model of a running server, changed while it serves (`ctx.server` in handlers, `server` on the handles of
 * `serve()` and `toFetchHandler()`). Definitions take the same shapes as the `server()` builder. Each change is
 * validated and compiled on the spot: a bad definition throws `McpsmithError` and the model stays as it was.
 * Each change sends the matching list-changed notification to every client that can receive it; changes made in
 * the same tick are sent as one.
 */
export interface LiveServer {
  /** Adds a tool after the existing ones. Throws if the name is taken or the definition is invalid. */
  addTool<S extends SchemaInput>(
    name: string,
    definition: ToolDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): void;
  /** Removes a tool; false when there was none of that name (then nothing is sent). */
  removeTool(name: string): boolean;
  /** A fixed URI adds a resource (`(ctx) => contents`); a URI with `{variables}` adds a template. */
  addResource<U extends string>(uri: U, definition: ResourceOptions, handler: ResourceHandler<U>): void;
  /** Removes a resource or a resource template, by the URI (or URI template) it was added with. */
  removeResource(uri: string): boolean;
  addPrompt<S extends SchemaInput>(
    name: string,
    definition: PromptDefinition<S>,
    handler: (args: Infer<S>, ctx: Context) => unknown,
  ): void;
  removePrompt(name: string): boolean;
}

/**
 * Change notifications for what the model cannot see change by itself: data behind a resource, or lists that a
 * handler computes. They reach 2026-07-28 clients on their `subscriptions/listen` streams and legacy clients as
 * unsolicited notifications (`resourceUpdated` only to clients that subscribed to that URI).
 */
export interface Notifier {
  toolsChanged(): void;
  resourcesChanged(): void;
  promptsChanged(): void;
  resourceUpdated(uri: string): void;
}
