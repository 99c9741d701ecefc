import type { JsonSchema, SchemaInput } from "../schema/types.js";
import type { Context } from "./context.js";
import type { Middleware } from "./middleware.js";
import type { CompletionSource, TaskSupport } from "./options.js";

export type CacheableMethod =
  | "tools/list"
  | "prompts/list"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read";

/** How long, and for whom, a client may cache a list or a read (2026-07-28 `ttlMs` / `cacheScope`). */
export interface CacheHint {
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a tool handler may return; see `results/tool-result.ts` for how each shape is sent. */
export type ToolHandler = (args: never, ctx: Context) => unknown;

export interface ToolModel {
  name: string;
  title?: string;
  description?: string;
  input?: SchemaInput;
  /** What `tools/list` shows as the input schema, when not `input`'s (see `ToolOptions.listedInput`). */
  listedInput?: JsonSchema;
  output?: SchemaInput;
  annotations?: ToolAnnotations;
  /** Extra `_meta` advertised with the tool in `tools/list`. */
  meta?: Record<string, unknown>;
  /** Long-running: may continue as a task (see `TaskSupport` and docs/runtime.md, "Long-running tools: tasks"). */
  task?: TaskSupport;
  /** Milliseconds the handler may run (see `ToolOptions.timeout`). */
  timeout?: number;
  /** OAuth scopes a caller needs (see `ToolOptions.scopes`). */
  scopes?: readonly string[];
  handler: ToolHandler;
  /** Where the tool was declared (`Weather.current`), for start-up errors. */
  origin?: string;
  /**
   * Set by decorated classes when the method takes arguments and no schema describes them (none written, none
   * derived by `mcpsmith build`): validation refuses the model with this reason unless `input` is set by then.
   */
  inputMissing?: string;
  /**
   * Set by decorated classes when the method has no description but has a doc comment in its module, which `mcpsmith
   * build` turns into one: validation says so if the description is still missing.
   */
  docComment?: boolean;
}

/** A resource with a fixed URI. The handler returns its contents. */
export interface ResourceModel {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  /** OAuth scopes a caller needs (see `ToolOptions.scopes`). */
  scopes?: readonly string[];
  handler: (ctx: Context) => unknown;
  origin?: string;
}

/** A family of resources addressed by an RFC 6570 level-1 URI template such as `weather://stations/{id}`. */
export interface ResourceTemplateModel {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Suggestions for template variables, by variable name. */
  complete?: Record<string, CompletionSource>;
  /** OAuth scopes a caller needs (see `ToolOptions.scopes`). */
  scopes?: readonly string[];
  handler: (variables: Record<string, string>, ctx: Context) => unknown;
  origin?: string;
}

export interface PromptModel {
  name: string;
  title?: string;
  description?: string;
  args?: SchemaInput;
  /** Suggestions for prompt arguments, by argument name. */
  complete?: Record<string, CompletionSource>;
  /** OAuth scopes a caller needs (see `ToolOptions.scopes`). */
  scopes?: readonly string[];
  handler: (args: never, ctx: Context) => unknown;
  origin?: string;
  /** As `ToolModel.inputMissing`, for `args`. */
  inputMissing?: string;
}

/** Signing of `requestState` (see `ModelOptions.requestState`). */
export interface RequestStateOptions {
  /**
   * The HMAC key: at least 32 bytes (a string is used as its UTF-8 bytes). Default: `MCPSMITH_STATE_KEY`, else a
   * random key for this process, so state minted by one process is refused by another (replicas must share it).
   */
  key?: string | Uint8Array;
  /** Seconds a client has to answer one `input_required` round. Default 600 (ten minutes). */
  ttlSeconds?: number;
}

/** Server-wide knobs that live with the model (serving knobs live in `ServeOptions`). */
export interface ModelOptions {
  /** Cut tool results whose text exceeds this many estimated tokens (4 characters each). Default 25,000. */
  maxResultTokens?: number;
  /**
   * Cache hints (2026-07-28 `ttlMs` / `cacheScope`) per cacheable result. Lists default to one minute, public;
   * `resources/read` defaults to the protocol's own default (no caching, private).
   */
  cache?: Partial<Record<CacheableMethod, CacheHint>>;
  /**
   * Entries per page of `tools/list`, `resources/list`, `resources/templates/list` and `prompts/list`. Default 500:
   * a list that fits goes out whole (some hosts never ask for a second page); a larger one is paged with opaque
   * cursors.
   */
  pageSize?: number;
  /** Require a description on every tool (on by default: models pick tools by their descriptions). */
  requireDescriptions?: boolean;
  /**
   * Signing of the `requestState` that carries `ctx.elicit`/`sample`/`listRoots` answers between rounds: the
   * key (default `MCPSMITH_STATE_KEY`, else random per process) and how long a round may wait for its answer.
   */
  requestState?: RequestStateOptions;
  /** Milliseconds any tool handler may run, unless its own `timeout` says otherwise. Default: no limit. */
  toolTimeout?: number;
}

/**
 * The pivot of mcpsmith: decorators, the builder and generated code all produce this plain model,
 * which is validated and compiled once before anything is served.
 */
export interface ServerModel {
  info: ServerInfo;
  instructions?: string;
  tools: ToolModel[];
  resources: ResourceModel[];
  resourceTemplates: ResourceTemplateModel[];
  prompts: PromptModel[];
  options: ModelOptions;
  /** Hooks around requests and tool calls, outermost first (`use()`, docs/middleware.md). Fixed once served. */
  middleware?: Middleware[];
}
