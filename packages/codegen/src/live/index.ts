export { liveServerFromIR, type OpenApiLiveOptions } from "./openapi.js";
export {
  DEFAULT_DISCOVERY_THRESHOLD,
  type ExecutableTool,
  LIVE_MODES,
  type LiveBuild,
  type LiveMode,
  type LiveOptions,
  liveServer,
} from "./server.js";
export { selectToolsets, toolsetsOf } from "./toolsets.js";
