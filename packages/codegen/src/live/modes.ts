/**
 * The modes a generated or served OpenAPI server lists its operations in. Plain constants with no imports: the
 * CLI parses `--mode` with them before it knows whether anything will be served.
 */
export const LIVE_MODES = ["auto", "tools", "discovery"] as const;
export type LiveMode = (typeof LIVE_MODES)[number];

/** Above this many tools, `auto` serves the discovery tools instead (Cursor uses only the first 40 tools). */
export const DEFAULT_DISCOVERY_THRESHOLD = 40;
