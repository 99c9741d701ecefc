import { McpsmithError } from "../errors.js";
import type { JsonSchema } from "../schema/types.js";

/** A compiled `WebAssembly.Module` (typed loosely: the project's TypeScript libraries do not declare WebAssembly). */
export type CompiledWasm = object;

/** The compiled QuickJS module, or how to get it (Cloudflare Workers import it: they cannot compile at run time). */
export type WasmModuleSource = CompiledWasm | (() => Promise<CompiledWasm>);

/** WebAssembly pages of 64 KiB the QuickJS build starts with (its memory import's minimum): 16 MiB. */
export const ENGINE_INITIAL_PAGES = 256;
export const WASM_PAGE_BYTES = 64 * 1024;
const ENGINE_START_BYTES = ENGINE_INITIAL_PAGES * WASM_PAGE_BYTES;

/** What one `execute` may use. Every refusal names the limit it hit, so an operator knows which one to raise. */
export interface CodeModeLimits {
  /** Milliseconds a run may take from its first line to its answer, api calls included. Default 10,000. */
  wallTimeMs: number;
  /** Bytes of memory one run's engine may hold in all (it starts with 16 MiB, the rest is its heap). Default 64 MiB. */
  memoryBytes: number;
  /** Calls into `api` one run may make; the next one ends the run. Default 50. */
  apiCalls: number;
  /** Bytes of the JSON a run answers with: the result, then the logs in what is left. Default 100 KiB. */
  resultBytes: number;
  /** Bytes of the sandbox's machine stack (how deep code may recurse). Default 256 KiB. */
  stackBytes: number;
  /** Runs in progress at once in this server; one more is refused until one ends. Default 16. */
  concurrentRuns: number;
}

export const DEFAULT_LIMITS: Readonly<CodeModeLimits> = Object.freeze({
  wallTimeMs: 10_000,
  memoryBytes: 64 * 1024 * 1024,
  apiCalls: 50,
  resultBytes: 100 * 1024,
  stackBytes: 256 * 1024,
  concurrentRuns: 16,
});

/** What the IR knows of a tool beyond its model: how search finds it and what its JSON text result holds. */
export interface ApiEntryHints {
  /** The group it is listed under in the index and search (an OpenAPI tag, a schema, a class). */
  group?: string;
  /** Words search matches without showing them, e.g. `GET /repos/{owner}/{repo}/issues`. */
  keywords?: readonly string[];
  /**
   * The JSON Schema of a result the tool sends as JSON text rather than structured content (an array, a scalar):
   * the api function then returns it parsed, typed from this schema.
   */
  textResultSchema?: JsonSchema;
}

export interface CodeModeOptions {
  /** What `api` stands for, in the tools' descriptions (e.g. `the GitHub REST API`). Default: the server's title or name. */
  subject?: string;
  /** Limits of each run; those left out keep their defaults. */
  limits?: Partial<CodeModeLimits>;
  /** Per tool name: its group, search keywords and text result schema (the IR gives them; see `ApiEntryHints`). */
  hints?: Readonly<Record<string, ApiEntryHints>>;
  /**
   * Tools that ask the user for input (`ctx.elicit`, `sample`, `listRoots`): marked in `search_api` and refused up
   * front. One not named here is refused when it asks.
   */
  inputTools?: readonly string[];
  /** Results per `search_api` call when it gives no `limit`. Default 5. */
  searchLimit?: number;
  /**
   * The QuickJS WebAssembly module, already compiled, for runtimes that cannot compile WebAssembly from bytes at run
   * time (Cloudflare Workers: `import wasm from "@mcpsmith/runtime/code-mode/quickjs.wasm"`). Default: compiled
   * from the file shipped with the runtime, once per process.
   */
  wasmModule?: WasmModuleSource;
}

/** The limits with defaults filled in; a limit that is not a positive whole number is a start-up error naming it. */
export function resolveLimits(given: Partial<CodeModeLimits> | undefined): CodeModeLimits {
  const limits = { ...DEFAULT_LIMITS, ...given };
  for (const [name, value] of Object.entries(limits)) {
    if (!(name in DEFAULT_LIMITS)) {
      throw new McpsmithError(
        "E_CODE_MODE_OPTIONS",
        `codeMode: limits has no "${name}" (limits: ${Object.keys(DEFAULT_LIMITS).join(", ")})`,
      );
    }
    if (name === "memoryBytes" && value <= ENGINE_START_BYTES) {
      throw new McpsmithError(
        "E_CODE_MODE_OPTIONS",
        `codeMode: limits.memoryBytes must be more than ${ENGINE_START_BYTES} (the 16 MiB QuickJS starts with), got ${value}`,
      );
    }
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new McpsmithError(
        "E_CODE_MODE_OPTIONS",
        `codeMode: limits.${name} must be a positive whole number, got ${JSON.stringify(value)}`,
      );
    }
  }
  return limits;
}
