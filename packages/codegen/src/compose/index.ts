/**
 * `@mcpsmith/codegen/compose`: the sources of a checked `mcpsmith.config.*` composed into one server in memory
 * (`mcpsmith serve` with a config, docs/compose.md). Reading the config is `@mcpsmith/codegen/config`.
 */
export { type ComposeConfigOptions, type Composition, composeConfig, type SourceFigures } from "./compose.js";
