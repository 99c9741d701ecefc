// `@mcpsmith/runtime/internal`: what mcpsmith's own packages (codegen, cli) share with the runtime, so that each rule
// has one definition: the build-file contract between `mcpsmith build` and the runtime, and the shared rules and
// helpers. Not for users: no compatibility promise, names here may change in any release; user code imports
// `@mcpsmith/runtime` and its documented subpaths instead.

// No SDK here (src/sdk.ts): these are rules and helpers that touch none of its values, and `mcpsmith serve` loads
// them before its server's first answers, which go out before the SDK is loaded.

// The two tools' listing alone (no sandbox loaded): what `mcpsmith generate` measures in code mode.
export { codeModeToolDefinitions } from "./code-mode/tools.js";
export { listedTools } from "./engine/listed-tools.js";
export { STATE_KEY_ENV } from "./engine/request-state.js";
export { chooseCredentials } from "./executors/http/auth.js";
export { encodeStrict } from "./executors/http/encode.js";
export { forwardableCallerHeader, forwardingOf } from "./executors/http/forward.js";
export { isHeaderName, reservedHeaderReason } from "./executors/http/header-names.js";
export { essence, isJson } from "./executors/http/media-types.js";
export {
  answersWithoutBody,
  PATH_ITEM_METHODS,
  sendsNoBody,
  unsendableMethod,
} from "./executors/http/methods.js";
export { isToken } from "./executors/http/token.js";
export { DriverMissingError, loadDriver } from "./executors/sql/load-driver.js";
export { loadSqliteEngine } from "./executors/sql/load-sqlite.js";
export { defaultToSystemUser } from "./executors/sql/pg-user.js";
export { sqlParser } from "./executors/sql/sql-parser.js";
export { MEMORY, type SqliteConnection, type SqliteEngine } from "./executors/sql/sqlite-engine.js";
export {
  type DerivedClasses,
  type DerivedSchemas,
  MODULE_SCHEMAS_SUFFIX,
  type ModuleSchemasFile,
  moduleSchemasPath,
  PROJECT_SCHEMAS,
  type ProjectSchemasFile,
} from "./model/derived.js";
export { hintAnnotations, hintsOf, TOOL_HINTS } from "./model/tool-hints.js";
export {
  DEFAULT_MAX_TOOL_NAME_LENGTH,
  HASH_LENGTH,
  SAFE_TOOL_NAME_CHARACTERS,
  safeToolName,
  shortHash,
  type ToolNameOptions,
  toolNamePattern,
  UNSAFE_TOOL_NAME_CHARACTER,
  uniqueToolNames,
} from "./model/tool-names.js";
export { templateVariables } from "./model/uri-template.js";
export { MAX_TOOL_NAME_LENGTH, TOOL_NAME, TOOL_NAME_RULE, URI_SCHEME } from "./model/validate.js";
export { CHARS_PER_TOKEN } from "./results/truncate.js";
export { compileDefaults } from "./schema/defaults.js";
export { satisfiesFormat } from "./schema/formats.js";
export { hasJsonType } from "./schema/json-types.js";
export { keywordValueValid } from "./schema/meta-subset.js";
export { LITERAL_KEYWORDS, NAMED_SCHEMAS } from "./schema/refs-and-dialects.js";
export { type RemoteRequest, traceRemoteCall } from "./telemetry/client-spans.js";
export { editDistance, globToRegExp, keyPath, nearestMatches, thousands } from "./text.js";
export { errorResponse, wireError } from "./wire-errors.js";
