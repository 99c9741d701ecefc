import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  RELATED_TASK_META_KEY,
} from "../../meta-keys.js";
import { sdkLoaded } from "../../sdk.js";
import {
  FAST_REVISION,
  type FastMethod,
  headersAgree,
  isPlainObject,
  PARAMS_ACCEPTED,
  type StandardHeaders,
} from "../sdk/contract.js";
import { envelopeAccepted } from "../sdk/envelope.js";
import { plainEnvelope } from "../sdk/plain-envelope.js";

/** A request the fast path has recognised as one it answers exactly as the SDK would. */
export interface FastRequest {
  readonly id: string | number;
  readonly method: FastMethod;
  /** The params as sent (`_meta` included). */
  readonly params: Record<string, unknown>;
  /** The params' `_meta`: the envelope and whatever else the client put there. */
  readonly meta: Record<string, unknown>;
}

/**
 * Members that make a request something else than a plain stateless one: an input round (`inputResponses`,
 * `requestState`) or a task-augmented call (`task`). The SDK and the tasks route serve those.
 */
const OTHER_PATHS = ["inputResponses", "requestState", "task"] as const;

/**
 * The request, when it is one the fast path answers; undefined sends it to the SDK, which answers everything else,
 * errors included. So every test here is one the SDK's validation ladder would pass, or narrower (sdk-contract.ts):
 *
 * - a JSON-RPC request object with nothing else at its top level, an id that is a string or a safe integer;
 * - one of the fast methods, with params the method's schema accepts and no input round or task in them;
 * - a `_meta` envelope naming the revision the fast path speaks, accepted by the SDK's own envelope check (before the
 *   SDK is loaded, one of the plain envelopes it accepts: engine/sdk/plain-envelope.ts);
 * - on HTTP, the standard headers present and agreeing with the body.
 */
export function recognise(body: unknown, headers: StandardHeaders | undefined): FastRequest | undefined {
  const request = requestOf(body);
  if (request === undefined) return undefined;
  const { method, params } = request;
  const meta = params._meta;
  if (!isPlainObject(meta) || meta[PROTOCOL_VERSION_META_KEY] !== FAST_REVISION) return undefined;
  if (!isToken(meta.progressToken)) return undefined;
  if (!(sdkLoaded() ? envelopeAccepted(meta) : plainEnvelope(meta))) return undefined;
  if (headers && !headersAgree(headers, method, params)) return undefined;
  return { ...request, meta };
}

/** The `_meta` keys the SDK lifts out of a request on either era (its `RESERVED_ENVELOPE_META_KEYS`). */
const ENVELOPE_KEYS = [
  PROTOCOL_VERSION_META_KEY,
  CLIENT_INFO_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
];
/**
 * The request, when it is one the fast path answers on a connection initialised on a 2025 revision (a stdio
 * connection, a legacy HTTP session); undefined sends it to the SDK. The same tests as `recognise`, with the 2025
 * rules for what is left: no params at all is fine (a list), `_meta` is optional and carries no envelope (the SDK
 * would lift it) and no related task (its schema has a shape for it), and `server/discover` is not a 2025 method.
 */
export function recogniseLegacy(body: unknown): FastRequest | undefined {
  const request = requestOf(isPlainObject(body) && body.params === undefined ? { ...body, params: {} } : body);
  if (request === undefined || request.method === "server/discover") return undefined;
  const meta = request.params._meta;
  if (meta === undefined) return { ...request, meta: {} };
  if (!isPlainObject(meta) || !isToken(meta.progressToken) || RELATED_TASK_META_KEY in meta) return undefined;
  for (const key of ENVELOPE_KEYS) if (key in meta) return undefined;
  return { ...request, meta };
}

/** The era-free tests: a plain request of a fast method, its params accepted, and no input round or task. */
function requestOf(body: unknown): Omit<FastRequest, "meta"> | undefined {
  if (!isPlainObject(body)) return undefined;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== "2.0" || !(typeof id === "string" || Number.isSafeInteger(id))) return undefined;
  if (typeof method !== "string" || !Object.hasOwn(PARAMS_ACCEPTED, method)) return undefined;
  for (const key in body)
    if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return undefined;
  if (!isPlainObject(params) || !PARAMS_ACCEPTED[method as FastMethod](params)) return undefined;
  for (const key of OTHER_PATHS) if (key in params) return undefined;
  return { id: id as string | number, method: method as FastMethod, params };
}

function isToken(token: unknown): boolean {
  return token === undefined || typeof token === "string" || Number.isSafeInteger(token);
}
