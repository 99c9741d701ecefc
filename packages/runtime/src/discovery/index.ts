/**
 * `@mcpsmith/runtime/discovery`: a constant-size set of tools (search, describe, call) standing in for an API
 * with too many operations to list as tools. Plain data in, builder definitions out: used by `mcpsmith serve` in
 * discovery mode and by generated projects alike.
 */
export type { DiscoveryOptions, Operation } from "./catalog.js";
export { discoveryModel, type OperationHints, operationOf } from "./model.js";
export type { SearchHit, SearchPage } from "./search.js";
export { type DiscoveryTool, discoveryToolDefinitions, discoveryTools } from "./tools.js";
