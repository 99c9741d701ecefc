/**
 * The `_meta` keys of the protocol the runtime reads and writes, as the SDK names them. The runtime's own strings,
 * not the SDK's constants, so that modules a stdio server loads before its first answer (the model compiler, the
 * fast paths) can name them without loading the SDK (src/sdk.ts). `meta-keys.test.ts` holds each to the SDK's
 * constant of the same name, so they cannot drift apart.
 */
export const PROTOCOL_VERSION_META_KEY = "io.modelcontextprotocol/protocolVersion";
export const CLIENT_CAPABILITIES_META_KEY = "io.modelcontextprotocol/clientCapabilities";
export const CLIENT_INFO_META_KEY = "io.modelcontextprotocol/clientInfo";
export const LOG_LEVEL_META_KEY = "io.modelcontextprotocol/logLevel";
export const SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo";
export const RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";
export const TRACEPARENT_META_KEY = "traceparent";
export const TRACESTATE_META_KEY = "tracestate";
export const BAGGAGE_META_KEY = "baggage";
