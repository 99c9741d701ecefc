import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { ModelMethod } from "../server/handlers.js";
import { envelopeAccepted } from "./envelope.js";

/** The requests the fast path answers: the model's own, and `server/discover`. */
export type FastMethod = ModelMethod | "server/discover";

/** The one revision the fast path speaks: the SDK's modern revision (its `SUPPORTED_MODERN_PROTOCOL_VERSIONS`). */
export const FAST_REVISION = "2026-07-28";

/** A request the fast path has recognised as one it answers exactly as the SDK would. */
export interface FastRequest {
  readonly id: string | number;
  readonly method: FastMethod;
  /** The params as sent (`_meta` included). */
  readonly params: Record<string, unknown>;
  /** The params' `_meta`: the envelope and whatever else the client put there. */
  readonly meta: Record<string, unknown>;
}

/** The SEP-2243 headers of an HTTP request, as sent (stdio has none). */
export interface StandardHeaders {
  readonly protocolVersion: string | undefined;
  readonly method: string | undefined;
  readonly name: string | undefined;
}

type ParamsCheck = (params: Record<string, unknown>) => boolean;

const paginated: ParamsCheck = (params) => params.cursor === undefined || typeof params.cursor === "string";
const named: ParamsCheck = (params) =>
  typeof params.name === "string" && (params.arguments === undefined || isPlainObject(params.arguments));

/**
 * Per method, the params the SDK's 2026-07-28 request schema accepts (a narrower test is fine: what fails it goes to
 * the SDK, which answers the error). Members a schema does not name are stripped by it, and ignored here too.
 */
const PARAMS: Readonly<Record<FastMethod, ParamsCheck>> = {
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
};

/** Where `Mcp-Name` mirrors the body, per method (the SDK's `MCP_NAME_HEADER_SOURCE`, for the methods served here). */
const NAME_SOURCE: Readonly<Partial<Record<FastMethod, "name" | "uri">>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/**
 * Members that make a request something else than a plain stateless one: an input round (`inputResponses`,
 * `requestState`) or a task-augmented call (`task`). The SDK and the tasks route serve those.
 */
const OTHER_PATHS = ["inputResponses", "requestState", "task"] as const;

/**
 * The request, when it is one the fast path answers; undefined sends it to the SDK, which answers everything else,
 * errors included. So every test here is one the SDK's validation ladder would pass, or narrower:
 *
 * - a JSON-RPC request object with nothing else at its top level, an id that is a string or a safe integer;
 * - one of the fast methods, with params the method's schema accepts and no input round or task in them;
 * - a `_meta` envelope naming the revision the fast path speaks, accepted by the SDK's own envelope check;
 * - on HTTP, the `MCP-Protocol-Version`, `Mcp-Method` and (where the method has one) `Mcp-Name` headers present and
 *   equal to what the body says (a header in the Base64 form, `=?base64?...?=`, goes to the SDK).
 */
export function recognise(body: unknown, headers: StandardHeaders | undefined): FastRequest | undefined {
  if (!isPlainObject(body)) return undefined;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== "2.0" || !(typeof id === "string" || Number.isSafeInteger(id))) return undefined;
  if (typeof method !== "string" || !Object.hasOwn(PARAMS, method)) return undefined;
  for (const key in body)
    if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return undefined;
  if (!isPlainObject(params) || !PARAMS[method as FastMethod](params)) return undefined;
  for (const key of OTHER_PATHS) if (key in params) return undefined;
  const meta = params._meta;
  if (!isPlainObject(meta) || meta[PROTOCOL_VERSION_META_KEY] !== FAST_REVISION) return undefined;
  const token = meta.progressToken;
  if (!(token === undefined || typeof token === "string" || Number.isSafeInteger(token))) return undefined;
  if (!envelopeAccepted(meta)) return undefined;
  if (headers && !headersAgree(headers, method as FastMethod, params)) return undefined;
  return { id: id as string | number, method: method as FastMethod, params, meta };
}

function headersAgree(headers: StandardHeaders, method: FastMethod, params: Record<string, unknown>): boolean {
  if (headers.protocolVersion === undefined || trimmed(headers.protocolVersion) !== FAST_REVISION) return false;
  if (headers.method === undefined || trimmed(headers.method) !== method) return false;
  const source = NAME_SOURCE[method];
  if (source === undefined) return true;
  if (headers.name === undefined) return false;
  const name = trimmed(headers.name);
  return !name.startsWith("=?base64?") && name === params[source];
}

/** RFC 9110 optional whitespace (space, tab) around a field value, which the SDK strips too. */
function trimmed(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, "");
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
