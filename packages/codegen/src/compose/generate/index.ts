/**
 * `@mcpsmith/codegen/compose/generate`: `mcpsmith generate --config`, one editable project composing the generated
 * code of every source of a config (docs/compose.md).
 */
export { type GenerateConfigOptions, type GenerateConfigResult, generateConfigProject } from "./project.js";
