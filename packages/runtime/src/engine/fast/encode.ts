import {
  type CacheHint,
  type CallToolResult,
  type Implementation,
  type InputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  SERVER_INFO_META_KEY,
} from "@modelcontextprotocol/server";
import { type FastMethod, isPlainObject } from "./recognise.js";

/*
 * What the SDK does to a handler's answer on 2026-07-28 before it is sent, for the methods the fast path serves:
 * the SDK's encode contract (stamp `resultType`, fill the cache fields, stamp the server's identity), its tools/call
 * projection, the input-required checks and the error encoding. The SDK keeps these internal, so they are restated
 * here, each after the SDK function it follows; test/fast-path.differential.test.ts holds both paths to the same
 * answers.
 */

const CACHEABLE: ReadonlySet<string> = new Set([
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "server/discover",
]);
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
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
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

/** The SDK's 2026-07-28 tools/call projection (`appendTextFallbackForNonObject`): non-object structured content is also sent as text. */
export function projectToolResult(result: CallToolResult): CallToolResult {
  const structured = result.structuredContent as unknown;
  if (structured === undefined) return result;
  if (typeof structured === "object" && structured !== null && !Array.isArray(structured)) return result;
  if (result.content?.some((block) => block.type === "text")) return result;
  return { ...result, content: [...(result.content ?? []), { type: "text", text: JSON.stringify(structured) }] };
}

/** The SDK's `normalizeContentlessToolResult`: a tool result without `content` gains an empty one. */
export function withContent(result: Result): Result {
  if (result.content !== undefined || ["task", "inputRequests", "requestState"].some((key) => key in result)) {
    return result;
  }
  return { ...result, content: [] };
}

/**
 * The SDK's checks of an `input_required` answer on 2026-07-28 (`_invokeInputRequiredCapableHandler`): at least
 * one of `inputRequests` and `requestState`, and every embedded request covered by the capabilities the request
 * declared (-32021 otherwise). Throws what the SDK throws.
 */
export function checkInputRequired(
  method: FastMethod,
  result: InputRequiredResult,
  declared: Record<string, unknown> | undefined,
): void {
  const requests = result.inputRequests as Record<string, unknown> | undefined;
  const hasRequests = requests != null && Object.keys(requests).length > 0;
  if (!hasRequests && typeof result.requestState !== "string") {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `Handler for ${method} returned an input-required result with neither inputRequests nor requestState (every InputRequiredResult must include at least one of the two)`,
    );
  }
  for (const [key, entry] of Object.entries(requests ?? {})) {
    const embedded = entry as { method?: unknown; params?: Record<string, unknown> } | null;
    if (embedded === null || typeof embedded !== "object" || typeof embedded.method !== "string") {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Handler for ${method} returned an invalid input request '${key}': each inputRequests entry must be an embedded elicitation/create, sampling/createMessage, or roots/list request`,
      );
    }
    const required = requiredCapabilities(embedded.method, embedded.params);
    if (required === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Handler for ${method} returned an input request '${key}' of kind '${embedded.method}', which is not an embedded request the 2026-07-28 revision defines`,
      );
    }
    const missing = missingCapabilities(required, declared);
    if (missing !== undefined) {
      throw new MissingRequiredClientCapabilityError(
        { requiredCapabilities: missing },
        `Cannot request input '${key}' (${embedded.method}): the request's client capabilities do not declare the required capability`,
      );
    }
  }
}

type Capabilities = Record<string, Record<string, unknown>>;

/** The SDK's `requiredClientCapabilitiesForInputRequest`. */
function requiredCapabilities(method: string, params: Record<string, unknown> | undefined): Capabilities | undefined {
  switch (method) {
    case "elicitation/create":
      return params?.mode === "url" ? { elicitation: { url: {} } } : { elicitation: { form: {} } };
    case "sampling/createMessage":
      return params !== undefined && (params.tools !== undefined || params.toolChoice !== undefined)
        ? { sampling: { tools: {} } }
        : { sampling: {} };
    case "roots/list":
      return { roots: {} };
    default:
      return undefined;
  }
}

/** The SDK's `missingClientCapabilities`: a bare `elicitation: {}` counts as declaring form mode. */
function missingCapabilities(required: Capabilities, declared: Record<string, unknown> | undefined) {
  const missing: Record<string, unknown> = {};
  for (const [capability, requirement] of Object.entries(required)) {
    const value = declared?.[capability];
    if (value === undefined) {
      missing[capability] = requirement;
      continue;
    }
    if (!isPlainObject(value)) continue;
    const members: Record<string, unknown> = {};
    for (const [member, memberRequirement] of Object.entries(requirement)) {
      const implied =
        capability === "elicitation" && member === "form" && value.form === undefined && value.url === undefined;
      if (value[member] === undefined && !implied) members[member] = memberRequirement;
    }
    if (Object.keys(members).length > 0) missing[capability] = members;
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}

/** What the SDK answers for an error thrown while serving a request (`_onrequest`, and `encodeErrorCode`). */
export function errorOf(error: unknown): { code: number; message: string; data?: unknown } {
  const thrown = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  const code = Number.isSafeInteger(thrown.code) ? (thrown.code as number) : ProtocolErrorCode.InternalError;
  return {
    // -32002 (resource not found) is answered as -32602 on this revision.
    code: code === -32002 ? -32602 : code,
    message: (thrown.message as string | undefined) ?? "Internal error",
    ...(thrown.data !== undefined && { data: thrown.data }),
  };
}
