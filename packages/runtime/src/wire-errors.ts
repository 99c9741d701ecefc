import { ProtocolError } from "./sdk.js";

/**
 * The errors that cross the wire, in one table: every refusal the runtime answers itself, over HTTP on both paths
 * (the SDK's and the fast path) and on stdio, and every JSON-RPC code a handler's error is answered with. Nothing
 * else in the runtime writes a JSON-RPC code (test/wire-errors.test.ts holds it to that).
 *
 * An entry is a situation, not only a code: `-32000` answers a refused Host (403) and a body too large (413).
 * `message` is what the SDK writes in the same situation, or the head a detail follows (`Parse error: the line is
 * not valid JSON`); where the SDK writes two messages for one code (`Internal server error` from its HTTP entry and
 * its stdio loop, `Internal error` from its protocol layer once a request was dispatched), there are two entries.
 * `status` is the HTTP status the error travels with: a refusal's own, or 200 for an error answered in band, after
 * dispatch (the SDK's `httpStatusForErrorCode`, `in-band`).
 */
export const WIRE_ERRORS = {
  /** The body, or a stdio line, is not JSON, nests too deep, or could not be read. */
  PARSE_ERROR: { code: -32700, status: 400, message: "Parse error" },
  /** JSON that is not a JSON-RPC message (stdio). */
  INVALID_REQUEST: { code: -32600, status: 400, message: "Invalid Request" },
  /** What Node parsed but a web `Request` cannot carry (a `TRACE`, say). */
  BAD_REQUEST: { code: -32600, status: 400, message: "Bad Request" },
  /** The SDK's: no handler for the method on this revision. */
  METHOD_NOT_FOUND: { code: -32601, status: 404, message: "Method not found" },
  /** Arguments, a cursor, a name, a task or a `requestState` the method cannot take: in band. */
  INVALID_PARAMS: { code: -32602, status: 200, message: "Invalid params" },
  /** Serving a request failed after dispatch (the SDK's protocol layer): in band. */
  INTERNAL_ERROR: { code: -32603, status: 200, message: "Internal error" },
  /** Serving a request failed before an answer could be made (the SDK's HTTP entry and stdio loop). */
  INTERNAL_SERVER_ERROR: { code: -32603, status: 500, message: "Internal server error" },
  /** Received only: older peers answer an unknown resource with it; the SDK answers INVALID_PARAMS instead. */
  RESOURCE_NOT_FOUND: { code: -32002, status: 200, message: "Resource not found" },
  /** The Host or Origin header is not allowed (DNS rebinding); the message is the SDK's validator's. */
  FORBIDDEN: { code: -32000, status: 403, message: "Forbidden" },
  /** The request body is over the endpoint's limit. */
  PAYLOAD_TOO_LARGE: { code: -32000, status: 413, message: "Payload Too Large" },
  /** No credential (RFC 6750: the challenge then carries no `error`). */
  AUTHENTICATION_REQUIRED: { code: -32001, status: 401, message: "Authentication required" },
  /** A legacy session this process does not hold: the 2025 spec's cue to initialize again. */
  SESSION_NOT_FOUND: { code: -32001, status: 404, message: "Session not found" },
  /** SEP-2243: a routing header missing, or disagreeing with the body. */
  HEADER_MISMATCH: { code: -32020, status: 400, message: "Bad Request: the request headers and body disagree" },
  /** The request needs a client capability (an extension) it did not declare: 400 even in band. */
  MISSING_CLIENT_CAPABILITY: { code: -32021, status: 400, message: "Missing required client capability" },
  /** The request names a protocol revision the server does not serve. */
  UNSUPPORTED_PROTOCOL_VERSION: { code: -32022, status: 400, message: "Unsupported protocol version" },
  /** The rate limiter's (in the implementation-defined server range), with `data.retryAfterMs`. */
  RATE_LIMITED: { code: -32029, status: 429, message: "Rate limit exceeded" },
  /** A task refused because the process, or this client, already holds as many as `tasks.maxTasks*` allow: in band. */
  TOO_MANY_TASKS: { code: -32030, status: 200, message: "Too many tasks" },
} as const satisfies Record<string, WireError>;

export interface WireError {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

export type WireErrorName = keyof typeof WIRE_ERRORS;

/** What an error says: the entry's message, or its head followed by what went wrong. */
export function wireMessage(name: WireErrorName, detail?: string): string {
  const { message } = WIRE_ERRORS[name];
  return detail === undefined ? message : `${message}: ${detail}`;
}

/** A JSON-RPC error object. */
export interface ErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** The error object of an entry, its message followed by what went wrong. */
export function wireError(name: WireErrorName, detail?: string, data?: unknown): ErrorObject {
  return errorObject(WIRE_ERRORS[name].code, wireMessage(name, detail), data);
}

export interface RefusalOptions {
  /** Follows the entry's message after a colon. */
  readonly detail?: string;
  /** Replaces the entry's message (one made elsewhere: the SDK's Host and Origin validation). */
  readonly message?: string;
  readonly data?: unknown;
  /** The id of the request refused, when it could be read. */
  readonly id?: string | number | null;
  readonly headers?: Record<string, string>;
}

/** A request refused before dispatch, over HTTP: a JSON-RPC error response with the entry's status. */
export function refusal(name: WireErrorName, options: RefusalOptions = {}): Response {
  const { code, status } = WIRE_ERRORS[name];
  const error = errorObject(code, options.message ?? wireMessage(name, options.detail), options.data);
  return refusalResponse(error, status, options);
}

/**
 * A refusal as a response, in the member order of the SDK's own (`jsonrpc`, `error`, `id`): one from the table, or
 * one the SDK's validation made (its code, message and status passed on as they are).
 */
export function refusalResponse(
  error: ErrorObject,
  status: number,
  options: Pick<RefusalOptions, "id" | "headers">,
): Response {
  return Response.json(
    { jsonrpc: "2.0", error, id: options.id ?? null },
    { status, ...(options.headers && { headers: options.headers }) },
  );
}

/** A JSON-RPC error response to a request answered in band, in the SDK's member order (`jsonrpc`, `id`, `error`). */
export function errorResponse<Id extends string | number | null>(id: Id, error: ErrorObject) {
  return { jsonrpc: "2.0" as const, id, error: errorObject(error.code, error.message, error.data) };
}

/**
 * What the engine, a handler or a hook throws to answer a request with this error, in band: with its own message
 * (`Unknown tool: x`), or the entry's.
 */
export function protocolError(name: WireErrorName, message?: string, data?: unknown): ProtocolError {
  const entry = WIRE_ERRORS[name];
  return new ProtocolError(entry.code, message ?? entry.message, data);
}

/**
 * The id an error about this message answers with: the message's own when it is a string or a number JSON can
 * write, else `null` (the SDK's `echoableRequestId`), so that a client waiting for the answer to its request gets it.
 */
export function echoedId(message: unknown): string | number | null {
  const id = typeof message === "object" && message !== null ? (message as { id?: unknown }).id : undefined;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

function errorObject(code: number, message: string, data: unknown): ErrorObject {
  return data === undefined ? { code, message } : { code, message, data };
}
