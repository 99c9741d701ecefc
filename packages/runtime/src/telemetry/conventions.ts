import { BAGGAGE_META_KEY, TRACEPARENT_META_KEY, TRACESTATE_META_KEY } from "../meta-keys.js";
// The OpenTelemetry semantic conventions the runtime records by (MCP, GenAI, HTTP client, database, messaging),
// named once. docs/observability.md lists what each span carries.

export const OPERATION_DURATION = "mcp.server.operation.duration";
export const SESSION_DURATION = "mcp.server.session.duration";

export const MCP_METHOD = "mcp.method.name";
export const MCP_SESSION = "mcp.session.id";
export const MCP_PROTOCOL_VERSION = "mcp.protocol.version";
export const MCP_RESOURCE_URI = "mcp.resource.uri";
export const JSONRPC_REQUEST_ID = "jsonrpc.request.id";
export const RPC_STATUS_CODE = "rpc.response.status_code";
export const GEN_AI_TOOL = "gen_ai.tool.name";
export const GEN_AI_PROMPT = "gen_ai.prompt.name";
export const GEN_AI_OPERATION = "gen_ai.operation.name";
export const NETWORK_TRANSPORT = "network.transport";
export const NETWORK_PROTOCOL = "network.protocol.name";
export const ERROR_TYPE = "error.type";

/** `error.type` of a tool call answered with `isError: true`: the conventions' value for a tool's own failure. */
export const TOOL_ERROR = "tool_error";

export const HTTP_METHOD = "http.request.method";
export const HTTP_STATUS = "http.response.status_code";
export const URL_FULL = "url.full";
export const SERVER_ADDRESS = "server.address";
export const SERVER_PORT = "server.port";

export const DB_SYSTEM = "db.system.name";
export const DB_OPERATION = "db.operation.name";
export const DB_QUERY = "db.query.text";
export const DB_NAMESPACE = "db.namespace";

export const MESSAGING_SYSTEM = "messaging.system";
export const MESSAGING_OPERATION = "messaging.operation.name";
export const MESSAGING_OPERATION_TYPE = "messaging.operation.type";
export const MESSAGING_DESTINATION = "messaging.destination.name";

/** The W3C trace context keys, in `_meta` (as the SDK names them) and in HTTP headers alike. */
export const TRACE_CONTEXT_KEYS: readonly string[] = [TRACEPARENT_META_KEY, TRACESTATE_META_KEY, BAGGAGE_META_KEY];
