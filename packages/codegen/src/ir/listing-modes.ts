/**
 * The modes a generated or served server lists its IR tools in (`code`: the two tools of code mode, `search_api` and
 * `execute`, over the tools as one typed API): both back ends honour them (the emitted project
 * when it starts, the served one when it is built), so they sit with the IR. Plain constants with no imports: the
 * CLI parses `--mode` with them before it knows whether anything will be served.
 */
export const LISTING_MODES = ["auto", "tools", "discovery", "code"] as const;
export type ListingMode = (typeof LISTING_MODES)[number];

/** Above this many tools, `auto` serves the discovery tools instead (Cursor uses only the first 40 tools). */
export const DEFAULT_DISCOVERY_THRESHOLD = 40;
