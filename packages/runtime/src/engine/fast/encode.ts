import {
  type CacheHint,
  type Implementation,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  SERVER_INFO_META_KEY,
} from "@modelcontextprotocol/server";
import { type FastMethod, isPlainObject } from "./recognise.js";

/*
 * What the SDK's Protocol does to a handler's answer on 2026-07-28 before it is sent, past the `Server`'s own checks
 * (sdk-checks.ts runs those): the encode contract (stamp `resultType`, fill the cache fields, stamp the server's
 * identity) and the error encoding. The SDK keeps these inside its Protocol, so they are restated here, each after
 * the SDK function it follows; test/fast-path.differential.test.ts holds both paths to the same answers.
 */

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
