import type {
  CacheHint,
  Implementation,
  Result,
  ServerCapabilities,
  ServerOptions,
} from "@modelcontextprotocol/server";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
} from "../../meta-keys.js";
import { type ErrorObject, protocolError, WIRE_ERRORS } from "../../wire-errors.js";
import { envelopeAccepted } from "./envelope.js";

/*
 * What mcpsmith restates of the SDK, in one place: rules the SDK keeps inside its Protocol, its HTTP entry and its
 * stdio entry, which the fast path must follow to answer as the SDK would without a `Server` per request, and the
 * SDK's protected members mcpsmith builds on. Each rule names the SDK function it follows. They hold for the SDK
 * version below: contract.test.ts fails when the installed SDK is another, until each rule and member here has
 * been checked against it (and test/fast-path.differential.test.ts holds both paths to the same bytes).
 */

/** The SDK release every rule below was read from. */
export const SDK_VERSION = "2.4.0";

/**
 * The SDK's protected (underscored) members mcpsmith uses, where, and for what. Members the SDK may rename in any
 * release: contract.test.ts checks each still exists.
 */
export const PROTECTED_MEMBERS = {
  "Server#_wrapHandler":
    "the seam around every request handler: the middleware's request hooks (engine/middleware/server.ts), the SDK's result checks on the fast path, on a bare server and on a legacy connection's own (engine/sdk/checks.ts)",
  "Server#_negotiatedProtocolVersion":
    "set to the fast path's revision on the Server whose checks the fast path runs (engine/sdk/checks.ts)",
  "Server#_onclose":
    "a connection's server stops following the event bus when its transport closes (engine/server/connection-server.ts)",
  "Client#_onresponse":
    "a remote's answer is handled a microtask later, after the progress notifications that came with it (compose/remote/client.ts)",
  "WebStandardStreamableHTTPServerTransport#_requestToStreamMapping":
    "which requests an event stream carries: a legacy session ends the stream of a cancelled request that is alone on it (serve/legacy-sessions.ts)",
  "Transport#onmessage":
    "replaced by a property on stdio, so the tasks extension's methods are answered before the SDK sees them (serve/stdio-tasks.ts)",
} as const;

/** The one revision the fast path speaks: the SDK's modern revision (its `SUPPORTED_MODERN_PROTOCOL_VERSIONS`). */
export const FAST_REVISION = "2026-07-28";

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Which method needs which capability

/**
 * The server capability each method the model answers needs: without it the SDK will not register a handler for the
 * method (`assertRequestHandlerCapability`), and answers it as not found. The server factory registers, and the fast
 * path answers, exactly the methods a server's capabilities allow.
 */
export const METHOD_CAPABILITY = {
  "tools/list": "tools",
  "tools/call": "tools",
  "resources/list": "resources",
  "resources/templates/list": "resources",
  "resources/read": "resources",
  "prompts/list": "prompts",
  "prompts/get": "prompts",
  "completion/complete": "completions",
  "logging/setLevel": "logging",
} as const satisfies Record<string, keyof ServerCapabilities>;

export type GatedMethod = keyof typeof METHOD_CAPABILITY;

/** Whether a server with these capabilities answers `method`. */
export function serves(capabilities: ServerCapabilities, method: GatedMethod): boolean {
  return Boolean(capabilities[METHOD_CAPABILITY[method]]);
}

// ---------------------------------------------------------------------------------------------------------------
// What a request may carry

type ParamsCheck = (params: Record<string, unknown>) => boolean;

const paginated: ParamsCheck = (params) => params.cursor === undefined || typeof params.cursor === "string";
const named: ParamsCheck = (params) =>
  typeof params.name === "string" && (params.arguments === undefined || isPlainObject(params.arguments));

/**
 * Per method the fast path answers, the params the SDK's 2026-07-28 request schema accepts (a narrower test is
 * fine: what fails it goes to the SDK, which answers the error). Members a schema does not name are stripped by it,
 * and ignored here too.
 */
export const PARAMS_ACCEPTED = {
  "tools/list": paginated,
  "tools/call": named,
  "resources/list": paginated,
  "resources/templates/list": paginated,
  "resources/read": (params) => typeof params.uri === "string",
  "prompts/list": paginated,
  "prompts/get": (params) =>
    named(params) &&
    (params.arguments === undefined ||
      Object.values(params.arguments as object).every((value) => typeof value === "string")),
  "server/discover": () => true,
} as const satisfies Record<string, ParamsCheck>;

/** The methods the fast path answers: the model's own, and `server/discover`. */
export type FastMethod = keyof typeof PARAMS_ACCEPTED;

const ENVELOPE_KEYS: readonly string[] = [
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
];

/**
 * A request's `_meta` split as the SDK's `liftWireOnlyMaterial` splits it: the envelope keys, which the handlers see
 * as `ctx.mcpReq.envelope`, and the rest, which stays `_meta` (absent when nothing is left).
 */
export function liftEnvelope(full: Record<string, unknown>): {
  envelope: Record<string, unknown>;
  meta?: Record<string, unknown>;
} {
  const envelope: Record<string, unknown> = {};
  let meta: Record<string, unknown> | undefined;
  for (const key in full) {
    if (ENVELOPE_KEYS.includes(key)) envelope[key] = full[key];
    else {
      meta ??= {};
      meta[key] = full[key];
    }
  }
  return meta === undefined ? { envelope } : { envelope, meta };
}

// ---------------------------------------------------------------------------------------------------------------
// Header agreement (SEP-2243)

/** The SEP-2243 headers of an HTTP request, as sent (stdio has none). */
export interface StandardHeaders {
  readonly protocolVersion: string | undefined;
  readonly method: string | undefined;
  readonly name: string | undefined;
}

/** Where `Mcp-Name` mirrors the body, per method (the SDK's `MCP_NAME_HEADER_SOURCE`, for the methods served here). */
const NAME_SOURCE: Readonly<Partial<Record<FastMethod, "name" | "uri">>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/**
 * Whether the standard headers agree with the body as the SDK's checks require (`classifyInboundRequest`,
 * `validateStandardRequestHeaders`): `MCP-Protocol-Version` and `Mcp-Method` present and equal to the body's, and
 * `Mcp-Name` where the method has one. A header in the Base64 form (`=?base64?...?=`) counts as disagreeing: the SDK
 * decodes and answers it.
 */
export function headersAgree(headers: StandardHeaders, method: FastMethod, params: Record<string, unknown>): boolean {
  if (headers.protocolVersion === undefined || trimmed(headers.protocolVersion) !== FAST_REVISION) return false;
  if (headers.method === undefined || trimmed(headers.method) !== method) return false;
  const source = NAME_SOURCE[method];
  if (source === undefined) return true;
  if (headers.name === undefined) return false;
  const name = trimmed(headers.name);
  return !name.startsWith("=?base64?") && name === params[source];
}

/** RFC 9110 optional whitespace (space, tab) around a field value, which the SDK strips too (`stripHttpOws`). */
function trimmed(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, "");
}

// ---------------------------------------------------------------------------------------------------------------
// The result encoding

const CACHEABLE: ReadonlySet<string> = new Set([
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "server/discover",
]);
/** The methods whose results may be `input_required` on 2026-07-28 (the SDK's `EXTENDED_RESULT_TYPE_METHODS`). */
const INPUT_REQUIRED_CAPABLE: ReadonlySet<string> = new Set(["tools/call", "prompts/get", "resources/read"]);

/**
 * The SDK's `encodeResult` for 2026-07-28 (`stampResultType`, `fillCacheFields`, `stampServerInfoMeta`), in one
 * copy of the result instead of three: the members come out in the same order as from the SDK's successive spreads.
 */
export function encodeResult(
  method: FastMethod,
  result: Result,
  hint: CacheHint | undefined,
  serverInfo: Implementation,
): Result {
  const given = result as Record<string, unknown>;
  const resultType = given.resultType === undefined ? "complete" : given.resultType;
  if (resultType !== "complete" && !INPUT_REQUIRED_CAPABLE.has(method)) {
    throw protocolError(
      "INTERNAL_ERROR",
      `Handler for ${method} returned resultType '${String(resultType)}', but results of ${method} only support 'complete' on protocol revision 2026-07-28`,
    );
  }
  const cacheable = resultType === "complete" && CACHEABLE.has(method);
  const meta = given._meta;
  const stamped =
    meta === undefined
      ? { [SERVER_INFO_META_KEY]: serverInfo }
      : isPlainObject(meta) && meta[SERVER_INFO_META_KEY] === undefined
        ? { ...meta, [SERVER_INFO_META_KEY]: serverInfo }
        : meta;
  return {
    ...given,
    resultType,
    ...(cacheable && {
      ttlMs: isTtl(given.ttlMs) ? given.ttlMs : isTtl(hint?.ttlMs) ? hint.ttlMs : 0,
      cacheScope: isScope(given.cacheScope)
        ? given.cacheScope
        : isScope(hint?.cacheScope)
          ? hint.cacheScope
          : "private",
    }),
    _meta: stamped,
  } as unknown as Result;
}

function isTtl(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isScope(value: unknown): value is "public" | "private" {
  return value === "public" || value === "private";
}

// ---------------------------------------------------------------------------------------------------------------
// A 2025 connection's opening

/**
 * The 2025 revisions a connection's server negotiates at `initialize`, most preferred first: the SDK's
 * `SUPPORTED_PROTOCOL_VERSIONS` (its legacy ones), which contract.test.ts holds this to.
 */
export const LEGACY_REVISIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
];

/**
 * What a connection's `Server` answers to a 2025 client's `initialize` (the SDK's `_oninitialize`): the revision
 * the client asked for when it is one of those served, else the most preferred; the capabilities the server was
 * built with; its identity; its instructions. (The stdio front answers it before the SDK is loaded.)
 */
export function initializeResult(info: Implementation, options: ServerOptions, requested: unknown): Result {
  const protocolVersion = LEGACY_REVISIONS.includes(requested as string) ? requested : LEGACY_REVISIONS[0];
  return {
    protocolVersion,
    capabilities: { ...options.capabilities },
    serverInfo: info,
    ...(options.instructions && { instructions: options.instructions }),
  };
}

/**
 * Whether the SDK's 2025 encoding rewrites a tools/list holding these tools (its `toolNeedsLegacyWrap`, asked of
 * each): a tool whose output schema's root is not an object. The legacy fast paths leave such a list to the SDK.
 */
export function rewritesToolsList(tools: Iterable<{ readonly wire: { readonly outputSchema?: unknown } }>): boolean {
  for (const tool of tools) {
    const schema = tool.wire.outputSchema;
    if (isPlainObject(schema) && schema.type !== "object") return true;
  }
  return false;
}

/** The head of a JSON-RPC response as the SDK serialises it (`{ result, jsonrpc, id }`): the result comes first. */
export const RESULT_HEAD = '{"result":';

/** What follows the serialised result in the SDK's response. */
export function resultTail(id: string | number): string {
  return `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The error mapping

/**
 * What the SDK answers for an error thrown while serving a request (its Protocol's `_onrequest`, with the era's
 * `encodeErrorCode`): the thrown code when it is a safe integer, else INTERNAL_ERROR; the thrown message, else
 * INTERNAL_ERROR's; RESOURCE_NOT_FOUND answered as INVALID_PARAMS on 2026-07-28.
 */
export function errorOf(error: unknown): ErrorObject {
  const thrown = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  const code = Number.isSafeInteger(thrown.code) ? (thrown.code as number) : WIRE_ERRORS.INTERNAL_ERROR.code;
  return {
    code: code === WIRE_ERRORS.RESOURCE_NOT_FOUND.code ? WIRE_ERRORS.INVALID_PARAMS.code : code,
    message: (thrown.message as string | undefined) ?? WIRE_ERRORS.INTERNAL_ERROR.message,
    ...(thrown.data !== undefined && { data: thrown.data }),
  };
}

/** What the SDK answers when a handler's result could not be encoded (its Protocol, after `encodeResult` threw). */
export const ENCODE_FAILURE: ErrorObject = {
  code: WIRE_ERRORS.INTERNAL_ERROR.code,
  message: WIRE_ERRORS.INTERNAL_ERROR.message,
};

/**
 * The HTTP status of a JSON-RPC error, by where it came from (the SDK's `httpStatusForErrorCode`): an error answered
 * in band (by a handler, after dispatch) is 200, but 400 for MISSING_CLIENT_CAPABILITY; one the validation ladder
 * raised has its table entry's status, 400 for a code the ladder does not list (`LADDER_ERROR_HTTP_STATUS`).
 */
export function statusOf(code: number, origin: "in-band" | "ladder"): number {
  const { MISSING_CLIENT_CAPABILITY, METHOD_NOT_FOUND } = WIRE_ERRORS;
  if (origin === "in-band") return code === MISSING_CLIENT_CAPABILITY.code ? MISSING_CLIENT_CAPABILITY.status : 200;
  return code === METHOD_NOT_FOUND.code ? METHOD_NOT_FOUND.status : 400;
}

/**
 * Whether the SDK's HTTP entry serves a request outside a session on the legacy era, for a request with no envelope
 * in its `_meta` other than `initialize` (`classifyRequestBody`): unless its `MCP-Protocol-Version` header names the
 * modern revision. (A header the SDK does not support is refused before; the caller checks that.)
 */
export function servedAsLegacy(protocolVersionHeader: string | undefined): boolean {
  return protocolVersionHeader !== FAST_REVISION;
}

// ---------------------------------------------------------------------------------------------------------------
// The era of a stdio connection

/** The era of a stdio connection as the SDK's `serveStdio` settles it: still open, 2026-07-28, or another. */
export type StdioEra = "opening" | "modern" | "other";

/**
 * What the SDK makes of a stdio connection after this message, while its era is open (`serveStdio`'s opening
 * rules, `classifyOpeningMessage`): a request or notification carrying a valid 2026-07-28 envelope pins it to that
 * era (`server/discover` only probes); one without an envelope pins it to a 2025 revision; a response is dropped.
 * Anything less certain (an envelope the SDK may refuse, or one naming a 2025 revision) counts as another era here:
 * the fast path then stays out of the connection, which the SDK serves whole.
 */
export function eraAfter(message: unknown): StdioEra {
  if (!isPlainObject(message) || typeof message.method !== "string") return "opening";
  const id = message.id;
  if (!(id === undefined || typeof id === "string" || Number.isSafeInteger(id))) return "opening";
  const meta = isPlainObject(message.params) ? message.params._meta : undefined;
  if (!isPlainObject(meta) || !(PROTOCOL_VERSION_META_KEY in meta)) return "other";
  if (meta[PROTOCOL_VERSION_META_KEY] !== FAST_REVISION || !envelopeAccepted(meta)) return "other";
  return message.method === "server/discover" && id !== undefined ? "opening" : "modern";
}
