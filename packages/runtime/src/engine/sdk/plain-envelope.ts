import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "../../meta-keys.js";
import type { LogLevel } from "../../model/context.js";
import { FAST_REVISION, isPlainObject } from "./contract.js";

/**
 * Whether a 2026-07-28 `_meta` envelope is one of the plain ones, which the SDK's envelope check accepts: for the
 * stdio front (serve/stdio.ts), which answers a connection's first lists before the SDK is loaded and so cannot ask
 * the SDK's own check (envelope.ts). False says "not known here", never "refused": such a request waits for the SDK.
 * Plain is a subset of what the SDK accepts, kept small on purpose: the revision the fast path speaks, a client
 * identity of `name`, `version` and an optional `title`, capabilities among `roots` (`listChanged`), `sampling`,
 * `elicitation` (`form`, `url`), `extensions` and `experimental` with nothing but those settings, and a valid log
 * level. `plain-envelope.test.ts` holds every combination of them to the SDK's verdict.
 */
export function plainEnvelope(meta: Record<string, unknown>): boolean {
  if (meta[PROTOCOL_VERSION_META_KEY] !== FAST_REVISION) return false;
  const level = meta[LOG_LEVEL_META_KEY];
  if (level !== undefined && !LOG_LEVELS.has(level as LogLevel)) return false;
  return plainClientInfo(meta[CLIENT_INFO_META_KEY]) && plainCapabilities(meta[CLIENT_CAPABILITIES_META_KEY]);
}

/**
 * Whether a 2025 client's `initialize` params are plain, which the SDK's initialize schema accepts: a revision
 * (any string: the server answers with one it serves), and a client identity and capabilities that are plain as in
 * an envelope; nothing else (no `_meta`). False says "not known here": the SDK answers such an `initialize`.
 */
export function plainInitialize(params: unknown): boolean {
  if (!isPlainObject(params) || typeof params.protocolVersion !== "string") return false;
  if (!Object.keys(params).every((key) => key === "protocolVersion" || key === "clientInfo" || key === "capabilities"))
    return false;
  return plainClientInfo(params.clientInfo) && plainCapabilities(params.capabilities);
}

const LOG_LEVELS: ReadonlySet<LogLevel> = new Set([
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
]);

function plainClientInfo(info: unknown): boolean {
  if (!isPlainObject(info) || typeof info.name !== "string" || typeof info.version !== "string") return false;
  return Object.entries(info).every(
    ([key, value]) => key === "name" || key === "version" || (key === "title" && typeof value === "string"),
  );
}

/** Each capability the plain envelope may declare, and whether a declaration of it is plain. */
const PLAIN_CAPABILITIES: Readonly<Record<string, (value: unknown) => boolean>> = {
  roots: (value) =>
    isPlainObject(value) &&
    Object.entries(value).every(([key, setting]) => key === "listChanged" && typeof setting === "boolean"),
  sampling: isEmptyObject,
  elicitation: (value) =>
    isPlainObject(value) &&
    Object.entries(value).every(([key, setting]) => (key === "form" || key === "url") && isEmptyObject(setting)),
  extensions: (value) => isPlainObject(value) && Object.values(value).every(isEmptyObject),
  experimental: (value) => isPlainObject(value) && Object.values(value).every(isEmptyObject),
};

function plainCapabilities(capabilities: unknown): boolean {
  if (!isPlainObject(capabilities)) return false;
  return Object.entries(capabilities).every(
    ([key, value]) => Object.hasOwn(PLAIN_CAPABILITIES, key) && PLAIN_CAPABILITIES[key]!(value),
  );
}

function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}
