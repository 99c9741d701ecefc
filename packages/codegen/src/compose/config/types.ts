import type { ToolTransforms } from "@mcpsmith/runtime/compose";
import type { ListingMode } from "../../ir/listing-modes.js";

/**
 * The shape of `mcpsmith.config.{ts,mjs,json,yaml}`: one server over many sources (docs/compose.md). The same in
 * every format; `defineConfig` types it for TypeScript. Paths are relative to the config file's folder.
 */

/** How the whole catalogue is listed: a tool each, the discovery tools, whichever fits (`auto`), or code mode. */
export type ConfigMode = ListingMode;

/** A value read from the environment when the server starts (a secret stays out of the file). */
export interface FromEnv {
  env: string;
}

// The transforms are planned by the runtime (a generated project plans a remote's tools at run time), so it defines them.
export type { BindingConfig, ToolTransforms } from "@mcpsmith/runtime/compose";

/** What every source takes. */
export interface SourceBase {
  /** Before every tool and prompt name (`<prefix>_<tool>`) and in resource URIs. Default: the source's key; `""`: none. */
  prefix?: string;
  /** A source that cannot load is left out with a warning, instead of stopping start-up. */
  optional?: boolean;
  tools?: ToolTransforms;
}

export interface OpenApiSourceConfig extends SourceBase {
  /** The document: Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2, YAML or JSON. */
  openapi: string;
  /** Where requests go, instead of the document's server. */
  baseUrl?: string;
  serverVariables?: Readonly<Record<string, string>>;
  tags?: readonly string[];
  excludeTags?: readonly string[];
  /** Path globs: `*` within one segment, `**` across segments. */
  paths?: readonly string[];
  excludePaths?: readonly string[];
  methods?: readonly string[];
  excludeMethods?: readonly string[];
  operations?: readonly string[];
  excludeOperations?: readonly string[];
  includeDeprecated?: boolean;
  /** Output schemas from 2xx responses (default true). */
  outputSchema?: boolean;
  /** The API part of credential variable names (default from the title, e.g. `PETSTORE`). */
  envPrefix?: string;
  /** Per-request timeout in ms (default 30000). */
  timeout?: number;
  /** Over HTTP: a security scheme's credential from the caller's header (`true`: `X-Upstream-<SCHEME>`). */
  forwardCredentials?: Readonly<Record<string, string | true>>;
  /** A caller without the forwarded header gets the environment's credential. */
  forwardCredentialsFallback?: boolean;
}

export interface DatabaseSourceConfig extends SourceBase {
  /** A postgres://, mysql:// or mariadb:// URL, an SQLite file or a DDL file; `{ "env": "VAR" }` keeps a URL out of the file. */
  database: string | FromEnv;
  /** The dialect of a DDL file. */
  dialect?: "postgres" | "mysql" | "sqlite";
  schema?: readonly string[];
  tables?: readonly string[];
  exclude?: readonly string[];
  /** `insert_`/`update_`/`delete_` tools: `true` for every table with a key, or table globs. */
  writes?: boolean | readonly string[];
  maxRows?: number;
  /** Per-statement timeout in ms (default 10000). */
  timeout?: number;
  /** The variable a generated project reads the connection from (default: `database`'s, else `<KEY>_DATABASE_URL`). */
  connectionEnv?: string;
}

export interface TypeScriptSourceConfig extends SourceBase {
  /** Modules whose exported functions carry `@tool`, `@resource` or `@prompt` in JSDoc: files, folders or globs. */
  typescript: string | readonly string[];
  tsconfig?: string;
}

export interface ModuleSourceConfig extends SourceBase {
  /** A module exporting a `server()` builder, a model, decorated classes or objects of them (`.ts` or `.js`). */
  module: string;
  /** Only this export (default: `default`, else every export). */
  export?: string;
}

/** A text, or a value read from the environment at start-up (a credential stays out of the file). */
export type TextOrEnv = string | FromEnv;

/** A remote MCP server over Streamable HTTP: its endpoint and the headers sent with every request. */
export interface McpHttpRemote {
  url: string;
  /** `{ "Authorization": { "env": "GITHUB_TOKEN" } }`: an unset variable stops start-up naming it. */
  headers?: Readonly<Record<string, TextOrEnv>>;
  /** The caller's own credential: `{ "Authorization": "X-Upstream-Github" }` sends its X-Upstream-Github header on. */
  forwardHeaders?: Readonly<Record<string, string>>;
}

/** A remote MCP server started as a child process and spoken to over stdio. */
export interface McpStdioRemote {
  command: string;
  args?: readonly string[];
  /** Added to a safe default environment (PATH, HOME, ...): the process sees nothing else of the server's. */
  env?: Readonly<Record<string, TextOrEnv>>;
  /** Its working folder, relative to the config's (default: the config's folder). */
  cwd?: string;
}

export interface McpSourceConfig extends SourceBase {
  /** A remote MCP server, either era: `{ url, headers? }` or `{ command, args?, env?, cwd? }`. */
  mcp: McpHttpRemote | McpStdioRemote;
  /** Milliseconds one request may wait for the remote, restarted by its progress (default 60000). */
  timeout?: number;
}

export type SourceConfig =
  | OpenApiSourceConfig
  | DatabaseSourceConfig
  | TypeScriptSourceConfig
  | ModuleSourceConfig
  | McpSourceConfig;

/** The serving options `mcpsmith serve` takes as flags; a flag given on the command line wins. */
export interface ServeConfig {
  /** Streamable HTTP instead of stdio: `true`, or where to listen. */
  http?: boolean | { port?: number; host?: string };
  auth?: {
    jwks?: string;
    issuer?: string;
    audience?: string;
    algorithms?: readonly string[];
    /** A file of API keys (`name sha256:<hex> [scope ...]`). */
    apiKeys?: string;
  };
  /** Replicas: the Redis that carries notifications and tasks between them (else `MCPSMITH_REDIS_URL`). */
  redis?: string | FromEnv;
}

export interface McpsmithConfig {
  /** `serverInfo.name` (default: the config folder's name). */
  name?: string;
  version?: string;
  title?: string;
  instructions?: string;
  mode?: ConfigMode;
  /** `auto`: discovery above this many tools, counted over the whole catalogue (default 40). */
  threshold?: number;
  /** Longest tool name, prefix included (default 64). */
  maxNameLength?: number;
  serve?: ServeConfig;
  sources: Readonly<Record<string, SourceConfig>>;
}

/** Types a config written in TypeScript (`mcpsmith.config.ts`); returns it unchanged. */
export function defineConfig<const T extends McpsmithConfig>(config: T): T {
  return config;
}
