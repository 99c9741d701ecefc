import { McpsmithError } from "../errors.js";
import type { JsonSchema } from "../schema/types.js";
import {
  type CodeModeLimits,
  DEFAULT_LIMITS,
  ENGINE_INITIAL_PAGES,
  WASM_PAGE_BYTES,
  type WasmModuleSource,
} from "./sandbox/limits.js";

export type { CodeModeLimits, CompiledWasm, WasmModuleSource } from "./sandbox/limits.js";
export { DEFAULT_LIMITS } from "./sandbox/limits.js";

const ENGINE_START_BYTES = ENGINE_INITIAL_PAGES * WASM_PAGE_BYTES;

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
