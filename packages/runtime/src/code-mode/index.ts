/**
 * `@mcpsmith/runtime/code-mode`: any server as one typed `api` that a model programs against, with two tools,
 * `search_api` and `execute`, the code running in a QuickJS WebAssembly sandbox. Kept out of the root entry, so a
 * server (or a Worker bundle) that does not use it never loads QuickJS. See docs/code-mode.md.
 */
// No SDK here (src/sdk.ts): a model is turned into code mode before it is served, and whatever serves it binds the
// SDK (serve() loads it; toFetchHandler and createTestClient come from entries that load it at once), so a server on
// the lean entry keeps its stdio front with code mode too.
export type { ApiEntryHints, CodeModeLimits, CodeModeOptions } from "./options.js";
export { DEFAULT_LIMITS } from "./options.js";
export {
  type CodeModeToolDefinition,
  codeModeToolDefinitions,
  EXECUTE_TOOL,
  type ListedFunction,
  SEARCH_API_TOOL,
} from "./tools.js";
export { codeMode, DECLARATIONS_URI } from "./transform.js";
