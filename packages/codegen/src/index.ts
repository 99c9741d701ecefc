/**
 * `@mcpsmith/codegen`: what every generator and the CLI share (tool names, tool-list budgets, errors, the
 * mcpsmith.json manifest, the modes a server lists its tools in, the templates and a new project's package.json).
 * Kept light on purpose: each generator's pipeline (`/pipelines/openapi`, `/pipelines/typescript`), its source
 * (`/openapi`, `/typescript`) and the serve back end (`/serve`) sit on subpaths of their own, so that importing this
 * one never loads ts-morph, swagger-parser, handlebars or the runtime's server (only the small helpers of
 * `@mcpsmith/runtime/internal`).
 */
export {
  CHARS_PER_TOKEN,
  CLIENT_TOOL_LIMITS,
  estimateTokens,
  estimateToolListTokens,
  type ToolDescriptor,
} from "./budget/tokens.js";
export {
  type GenerateEntry,
  MANIFEST_FILE,
  type Manifest,
  type OptionValue,
  readManifest,
  recordGeneration,
} from "./emit/core/manifest.js";
export {
  PROJECT_VERSIONS,
  type ProjectPackageOptions,
  type ProjectVersions,
  projectPackageJson,
} from "./emit/core/package-json.js";
export { templatesRoot } from "./emit/core/templates.js";
export { writeGeneratedFiles } from "./emit/core/write-files.js";
export { CodegenError, type CodegenProblem, ERROR_CODES, type ErrorCode } from "./errors.js";
export { DEFAULT_DISCOVERY_THRESHOLD, LISTING_MODES, type ListingMode } from "./ir/listing-modes.js";
export type { Source } from "./ir/source.js";
export type {
  CredentialIR,
  DatabaseIR,
  DatabaseLimits,
  DatabaseResourceIR,
  JsonSchema,
  ObjectSchema,
  OpenApiIR,
  Origin,
  SourceWarning,
  ToolAnnotationsIR,
  ToolIR,
} from "./ir/types.js";
export { HASH_LENGTH } from "./names/hash.js";
export {
  DEFAULT_MAX_TOOL_NAME_LENGTH,
  SAFE_TOOL_NAME_CHARACTERS,
  safeToolName,
  type ToolNameOptions,
  toolNamePattern,
  UNSAFE_TOOL_NAME_CHARACTER,
  uniqueToolNames,
} from "./names/tool-name.js";
