// `@mcpsmith/runtime/internal`: what mcpsmith's own packages (codegen, cli) share with the runtime so that each rule
// has one definition. Not for users: names here may change in any release.
export { essence, isJson } from "./http/media-types.js";
export { hintAnnotations, hintsOf, TOOL_HINTS } from "./model/tool-hints.js";
export { templateVariables } from "./model/uri-template.js";
export { MAX_TOOL_NAME_LENGTH, TOOL_NAME, TOOL_NAME_RULE, URI_SCHEME } from "./model/validate.js";
export { CHARS_PER_TOKEN } from "./results/truncate.js";
export { editDistance, nearestMatches, thousands } from "./text.js";
