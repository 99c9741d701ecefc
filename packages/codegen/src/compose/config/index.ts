/**
 * `@mcpsmith/codegen/config`: `mcpsmith.config.*` as data (docs/compose.md): finding, reading and checking a config,
 * and its types with `defineConfig` for `mcpsmith.config.ts`. Loads no source and no runtime: composing is
 * `@mcpsmith/codegen/compose`.
 */
export { localPaths } from "./paths.js";
export { CONFIG_FILES, type ConfigFile, findConfig, readConfig } from "./read.js";
export {
  type BindingConfig,
  type ConfigMode,
  type DatabaseSourceConfig,
  defineConfig,
  type FromEnv,
  type McpsmithConfig,
  type ModuleSourceConfig,
  type OpenApiSourceConfig,
  type ServeConfig,
  type SourceBase,
  type SourceConfig,
  type ToolTransforms,
  type TypeScriptSourceConfig,
} from "./types.js";
