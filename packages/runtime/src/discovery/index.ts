/**
 * `@mcpsmith/runtime/discovery`: a constant-size set of tools (search, describe, call) standing in for an API
 * with too many operations to list as tools. Plain data in, builder definitions out: used by `mcpsmith serve` in
 * discovery mode and by generated projects alike.
 */
export { DEFAULT_PAGE_SIZE, type DiscoveryOptions, MAX_PAGE_SIZE, type Operation } from "./catalog.js";
export type { SearchHit, SearchPage } from "./search.js";
export {
  CALL_TOOL,
  DESCRIBE_TOOL,
  type DiscoveryTool,
  discoveryToolDefinitions,
  discoveryTools,
  SEARCH_TOOL,
} from "./tools.js";
