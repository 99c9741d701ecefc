/**
 * `@mcpsmith/runtime/compose`: one server over many sources (`mcpsmith.config.*`, docs/compose.md). The sources'
 * models, already built, go in with what of each is served under which name; one model comes out. Used by
 * `mcpsmith serve` with a config and by the project `mcpsmith generate --config` writes.
 */
export { composeServer } from "./compose.js";
export { type CatalogueMode, type CatalogueOptions, catalogueModel } from "./modes.js";
export { modelOfModule } from "./module-model.js";
export { prefixedName, prefixedUri } from "./namespace.js";
export {
  type BindingConfig,
  type LiveSourcePlan,
  type PlanProblem,
  type PlanToolsInput,
  plannedSource,
  planTools,
  type SourcePlan,
  type ToolsPlan,
  type ToolTransforms,
} from "./plan.js";
export { openRemoteSource } from "./remote/open.js";
export type { RemoteSource } from "./remote/source.js";
export {
  type ConfiguredRemote,
  type RemoteHttpTarget,
  type RemoteOptions,
  type RemoteStdioTarget,
  type RemoteTarget,
  remoteTarget,
  type TextOrEnv,
} from "./remote/target.js";
export type {
  Binding,
  ComposedServer,
  ComposedSource,
  ComposeOptions,
  SearchHints,
  ToolPlan,
} from "./types.js";
