// `mcpsmith.config.ts` (docs/compose.md): `export default defineConfig({ ... })`.
export {
  type BindingConfig,
  type ConfigMode,
  type DatabaseSourceConfig,
  defineConfig,
  type McpsmithConfig,
  type ModuleSourceConfig,
  type OpenApiSourceConfig,
  type ServeConfig,
  type SourceConfig,
  type ToolTransforms,
  type TypeScriptSourceConfig,
} from "@mcpsmith/codegen/config";
export type { Command, OptionSpec, ParsedArgs } from "./args/command.js";
export { CliError, ERROR_CODES, type ErrorCode } from "./errors.js";
export { type Io, type OutputStream, processIo } from "./io.js";
export { main } from "./main.js";
