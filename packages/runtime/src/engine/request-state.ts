import type { ProtocolError, RequestStateCodec, ServerContext } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import type { RequestStateOptions } from "../model/types.js";
import { createRequestStateCodec } from "../sdk.js";
import { protocolError } from "../wire-errors.js";

/** The environment variable holding the key that signs `requestState`. */
export const STATE_KEY_ENV = "MCPSMITH_STATE_KEY";
/** How long a client has to answer an `input_required` round before its state is refused. */
const DEFAULT_STATE_TTL_SECONDS = 600;
const MIN_KEY_BYTES = 32;

/** An answer gathered in an earlier round, with the fingerprint of the request it answered. */
export interface CarriedAnswer {
  /** Fingerprint of the input request this answers: a re-run that asks something else at the key asks again. */
  f: string;
  /** The client's response (an ElicitResult, CreateMessageResult or ListRootsResult). */
  r: unknown;
}

/**
 * What mcpsmith puts in `requestState`. It is signed (HMAC-SHA256) and carries an expiry, but it is not
 * encrypted: the client can decode it, which is fine because everything in it came from the client or
 * describes the client's own call.
 */
export interface SealedState {
  v: 1;
  /** The call this state belongs to (a digest of method, name, arguments and authenticated client). */
  b: string;
  /** Answers gathered so far, by input key. */
  a?: Record<string, CarriedAnswer>;
  /** Fingerprints of the requests asked by the round that minted this state, by input key. */
  q?: Record<string, string>;
  /** The handler's own `requestState` (the lower-level API), handed back as it was given. */
  u?: string;
}

export interface RequestStateSealer {
  mint(state: SealedState): Promise<string>;
  /** Throws on a bad signature, an expired state or one that is not ours; the SDK answers INVALID_PARAMS for it. */
  verify(wire: string, ctx: ServerContext): Promise<SealedState>;
  /** True when the key is this process's random one (no `MCPSMITH_STATE_KEY`, no `key` option). */
  readonly ephemeral: boolean;
}

// One random key per process, not per model: every server in the process accepts the state any of them minted.
let processKey: Uint8Array | undefined;

/**
 * Builds the signer for a compiled model. Throws at start-up for a key shorter than 32 bytes. The random key and the
 * codec are made at the first mint or verify: both load Web Crypto (several milliseconds of a stdio server's
 * start-up), which a server that never sees an elicitation round does not need.
 */
export function createStateSealer(options: RequestStateOptions = {}): RequestStateSealer {
  const configured = options.key ?? (process.env[STATE_KEY_ENV] || undefined);
  const bytes =
    typeof configured === "string" ? new TextEncoder().encode(configured).byteLength : configured?.byteLength;
  if (bytes !== undefined && bytes < MIN_KEY_BYTES) {
    const source = options.key !== undefined ? "options.requestState.key" : STATE_KEY_ENV;
    throw new McpsmithError(
      "E_STATE_KEY",
      `${source} must be at least ${MIN_KEY_BYTES} bytes (got ${bytes}); generate one with \`openssl rand -base64 32\``,
    );
  }
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS;
  if (!(ttlSeconds > 0) || !Number.isFinite(ttlSeconds)) {
    throw new McpsmithError("E_STATE_KEY", `requestState.ttlSeconds must be a positive number (got ${ttlSeconds})`);
  }
  // The SDK's codec: "v1." base64url(JSON { p, exp }) "." base64url(HMAC-SHA256), verified in constant time.
  let codec: RequestStateCodec<SealedState> | undefined;
  const codecOf = () => {
    if (codec) return codec;
    if (configured === undefined) processKey ??= crypto.getRandomValues(new Uint8Array(MIN_KEY_BYTES));
    codec = createRequestStateCodec<SealedState>({ key: configured ?? processKey!, ttlSeconds });
    return codec;
  };
  return {
    ephemeral: configured === undefined,
    mint: (state) => codecOf().mint(state),
    async verify(wire, ctx) {
      const state = await codecOf().verify(wire, ctx);
      // Only reachable with a valid signature, so this guards against our own older formats, not attackers.
      if (typeof state !== "object" || state === null || state.v !== 1 || typeof state.b !== "string") {
        throw new Error("unknown state format");
      }
      return state;
    },
  };
}

/** The one error for any state we refuse, worded as the SDK's seam words it, so every refusal looks alike. */
export function invalidRequestState(): ProtocolError {
  return protocolError("INVALID_PARAMS", "Invalid or expired requestState", {
    reason: "invalid_request_state",
  });
}

/** The stderr line `serve()` prints when HTTP starts on a random key. */
export const EPHEMERAL_KEY_WARNING =
  `[mcpsmith] ${STATE_KEY_ENV} is not set: requestState is signed with a random per-process key, ` +
  "so replicas behind a load balancer (or a restart) refuse each other's elicitation rounds\n";

/**
 * Identifies one call so a state cannot be replayed on another: a confirmation given for `delete({ id: 1 })`
 * must not confirm `delete({ id: 2 })`. A digest, so arguments do not travel twice.
 */
export async function callBinding(
  method: string,
  name: string,
  args: unknown,
  principal: string | undefined,
): Promise<string> {
  const text = canonicalJson([method, name, args ?? {}, principal ?? null]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
