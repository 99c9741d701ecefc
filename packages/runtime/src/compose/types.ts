import type { ModelOptions, ServerInfo, ServerModel } from "../model/types.js";
import type { JsonSchema } from "../schema/types.js";

/**
 * Where the server takes a bound argument's value from: a fixed value, an environment variable (read once, when
 * the server is composed), or a claim of the caller's verified credential (read on every call).
 */
export type Binding = { value: unknown } | { env: string } | { claim: string };

/** One tool of a source, as the composed server serves it. */
export interface ToolPlan {
  /** The tool's name in its source. */
  tool: string;
  /** Its name in the composed server, prefix included. */
  name: string;
  /** Replaces the tool's own description. */
  description?: string;
  /**
   * Arguments the server fills, which leave the input schema: by argument name, or by a dotted path into nested
   * objects (`where.tenant_id.eq`).
   */
  bind?: Readonly<Record<string, Binding>>;
  /** Names the plan in errors (a config's key path); default `source "<key>": <tool>`. */
  where?: string;
}

/** What discovery's search matches for a tool beside its name and description. */
export interface SearchHints {
  /** Shown in search results and usable as a filter (an OpenAPI tag, a table's schema). */
  group?: string;
  /** Matched without being shown (`GET /pets/{petId}`). */
  keywords?: readonly string[];
  /** Code mode: the schema of a result sent as JSON text (an array, a scalar), which `api` returns parsed. */
  textResultSchema?: JsonSchema;
}

/** One source of a composed server: its model and what of it is served, under which names. */
export interface ComposedSource {
  /** The source's key in the configuration: named in errors and in the merged instructions. */
  key: string;
  model: ServerModel;
  /** Put before the names of its tools and prompts (`<prefix>_<name>`) and in its resource URIs; `""` for none. */
  prefix: string;
  /** The tools served, in this order; the model's other tools are left out. */
  tools: readonly ToolPlan[];
  /** Search hints by the tool's own name. */
  hints?: Readonly<Record<string, SearchHints>>;
}

export interface ComposeOptions {
  info: ServerInfo;
  instructions?: string;
  /** Server-wide options; the sources' own are not used, but for a module's `toolTimeout` (see docs/compose.md). */
  options?: ModelOptions;
  /** Where `{ env }` bindings are read. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether callers are authenticated: a `{ claim }` binding needs it. */
  authenticated?: boolean;
  /**
   * Check the plan (names, conflicts, bound arguments) without reading the environment or requiring
   * authentication: what `mcpsmith generate --config` does before writing code that reads them when it starts.
   * The composed model is not for serving then.
   */
  planOnly?: boolean;
}

export interface ComposedServer {
  /** The whole catalogue as tools, ready to serve or to hand to a mode (`discoveryModel`). */
  model: ServerModel;
  /** Search hints by composed tool name, groups prefixed with the source's key. */
  hints: ReadonlyMap<string, SearchHints>;
  /** The source key of each composed tool, by name. */
  toolSources: ReadonlyMap<string, string>;
}
