export type { LiveOptions } from "./listing.js";
export { DEFAULT_DISCOVERY_THRESHOLD, LIVE_MODES, type LiveMode } from "./modes.js";
export { liveServerFromIR, type OpenApiLiveOptions } from "./openapi.js";
export { type ExecutableTool, type LiveBuild, liveServer } from "./server.js";
export { selectToolsets, toolsetsOf } from "./toolsets.js";
