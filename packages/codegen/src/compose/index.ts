/**
 * `@mcpsmith/codegen/compose`: `mcpsmith.config.*` (docs/compose.md). Reading and checking a config, and composing
 * its sources into one server in memory; `defineConfig` and the config's types for `mcpsmith.config.ts`.
 */
export { type ComposeConfigOptions, type Composition, composeConfig, type SourceFigures } from "./compose.js";
export { CONFIG_FILES, type ConfigFile, findConfig, readConfig } from "./config/read.js";
export type {
  BindingConfig,
  ConfigMode,
  DatabaseSourceConfig,
  FromEnv,
  McpsmithConfig,
  ModuleSourceConfig,
  OpenApiSourceConfig,
  ServeConfig,
  SourceBase,
  SourceConfig,
  ToolTransforms,
  TypeScriptSourceConfig,
} from "./config/types.js";
export { defineConfig } from "./config/types.js";
export { importModule } from "./load-module.js";
