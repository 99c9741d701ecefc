export {
  CHARS_PER_TOKEN,
  CLIENT_TOOL_LIMITS,
  estimateTokens,
  estimateToolListTokens,
  type ToolDescriptor,
} from "./budget/tokens.js";
export { CodegenError, ERROR_CODES, type ErrorCode } from "./errors.js";
export { HASH_LENGTH } from "./names/hash.js";
export {
  DEFAULT_MAX_TOOL_NAME_LENGTH,
  safeToolName,
  type ToolNameOptions,
  toolNamePattern,
  uniqueToolNames,
} from "./names/tool-name.js";
