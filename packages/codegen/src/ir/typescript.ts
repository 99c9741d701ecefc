/**
 * The IR of the annotated-TypeScript source (`mcpsmith generate ts`): the shared tool shape plus resources and
 * prompts, each bound to the user's export it calls. The user's code is imported, never copied.
 */
import type { DatePlan } from "@mcpsmith/runtime";
import type { ObjectSchema, Origin, SourceWarning, ToolIR } from "./types.js";

/** The user's callable a tool, resource or prompt runs. */
export interface TypeScriptBinding {
  /** Absolute path of the source module (`.ts`), as written on disk. */
  module: string;
  /** The exported name: a function, a `const` arrow function, or a class. */
  exportName: string;
  /** For a class member: the method and whether it is static (otherwise one instance is made with `new`). */
  method?: { name: string; static: boolean };
  /** The callable takes its arguments object first (false: it takes nothing, and is called with nothing). */
  takesArguments: boolean;
  /** The callable takes the runtime's `Context` second (or first, for a fixed-URI resource). */
  takesContext: boolean;
  /** A tool's: where its arguments hold `Date`s, made Dates from their text before the call. */
  dates?: DatePlan;
}

export interface ResourceIR {
  /** A fixed URI, or an RFC 6570 level-1 template (`notes://{id}`). */
  uri: string;
  /** Safe, unique among resources. */
  name: string;
  title?: string;
  description: string;
  mimeType?: string;
  /** The template's variables, in the order they appear (empty for a fixed URI). */
  variables: string[];
  origin: Origin;
  binding: TypeScriptBinding;
}

export interface PromptIR {
  /** Safe, unique among prompts. */
  name: string;
  title?: string;
  description: string;
  /** The arguments, an object of string properties (prompt arguments travel as strings). */
  argsSchema?: ObjectSchema;
  origin: Origin;
  binding: TypeScriptBinding;
}

export interface TypeScriptIR {
  kind: "typescript";
  /** The tsconfig the sources were read with, if any. */
  tsconfig?: string;
  tools: ToolIR<TypeScriptBinding>[];
  resources: ResourceIR[];
  prompts: PromptIR[];
  warnings: SourceWarning[];
}
