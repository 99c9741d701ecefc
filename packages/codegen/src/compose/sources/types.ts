import type { ServerModel } from "@mcpsmith/runtime";
import type { SearchHints } from "@mcpsmith/runtime/compose";
import type { DatabaseIR, OpenApiIR } from "../../ir/types.js";
import type { TypeScriptIR } from "../../ir/typescript.js";
import type { SourceKind } from "../config/kinds.js";

/**
 * What `generate --config` writes a source's code from: the IR it was read into, or for a module (imported as it
 * is, never generated) its path.
 */
export type SourceIR =
  | { kind: "openapi"; ir: OpenApiIR; spec: string }
  | { kind: "database"; ir: DatabaseIR; connection: string }
  | { kind: "typescript"; ir: TypeScriptIR }
  | { kind: "module"; path: string }
  /** A remote MCP server: nothing to generate from (a generated project does not serve remotes yet). */
  | { kind: "mcp" };

/** What a loader is given besides its source's options. */
export interface SourceContext {
  /** The source's key in the config. */
  key: string;
  /** The config file's folder: relative paths start here. */
  dir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Longest tool name of the source's own tools (the prefix comes on top: plan.ts shortens the whole). */
  maxNameLength?: number;
}

/** A source loaded: its model (every tool it has, as tools) and what is said about it. */
export interface LoadedSource {
  kind: SourceKind;
  /** What it is, for summaries: `Swagger Petstore - OpenAPI 3.0 1.0.27`, `chinook (sqlite, chinook.db)`. */
  title: string;
  model: ServerModel;
  /** Search hints by tool name (groups, `GET /pets/{petId}`). */
  hints: Record<string, SearchHints>;
  /** Ready to print: `file#pointer: message`. */
  warnings: string[];
  credentials: { env: string; scheme: string; set: boolean }[];
  /** Local files the source reads: what `mcpsmith dev` watches. */
  files: string[];
  /** Tools that run SQL the caller writes: a source with a claim binding leaves them out (it would bypass it). */
  rawSql: string[];
  /** Releases what it holds (a database connection). */
  close?: () => Promise<void>;
  /** A source whose lists change while it is served (a remote MCP server): called with its new model. */
  onChange?: (listener: (model: ServerModel) => void) => void;
  /** A source whose resources tell when they change (a remote MCP server's): called with its own URI. */
  onResourceUpdated?: (listener: (uri: string) => void) => void;
  ir: SourceIR;
}
