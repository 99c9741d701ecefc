import type { AuthInfo } from "@modelcontextprotocol/server";
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import { McpsmithError } from "../errors.js";
import type { AuthExtra } from "../model/auth.js";
import { invalidToken, REFUSED, verifierUnavailable } from "./errors.js";
import type { BearerVerifier } from "./types.js";

/** Asymmetric signatures only: with a JWKS the server holds public keys, and an HMAC "key" would be public too. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

export interface JwtVerifierOptions {
  /** The authorization server's key set (`jwks_uri`). Fetched on first use, with a timeout, and cached. */
  jwksUrl: string;
  /** The `iss` every token must carry: the authorization server's issuer identifier. */
  issuer: string;
  /**
   * The `aud` every token must carry: this server's canonical resource URI (`auth.resource`). A token minted for
   * another audience is refused: it was meant for another server, which could replay it here otherwise.
   */
  audience: string;
  /** The signature algorithms accepted (a token's `alg` header is checked against them). Default: RS256 and ES256. */
  algorithms?: readonly string[];
  /** Seconds of clock difference tolerated for `exp` and `nbf`. Default 30. */
  clockToleranceSeconds?: number;
  /** Milliseconds a key-set fetch may take. Default 5,000. */
  timeoutMs?: number;
  /**
   * Milliseconds after a key-set fetch before a token with an unknown `kid` may cause another (key rotation):
   * caps the fetches a stream of forged `kid`s can cause. Default 30,000.
   */
  refetchCooldownMs?: number;
  /** Milliseconds a fetched key set is used before it is fetched again. Default 600,000 (ten minutes). */
  maxCacheAgeMs?: number;
}

/**
 * Verifies JWT access tokens (RFC 9068) locally: signature against the authorization server's JWKS, `alg` pinned,
 * `iss`, `aud`, `exp` (required) and `nbf`. Scopes come from `scope` (space-separated) or `scp` (a list or a
 * string); the subject from `sub`, the client from `client_id` or `azp`.
 */
export function jwtVerifier(options: JwtVerifierOptions): BearerVerifier {
  const algorithms = [...(options.algorithms ?? ["RS256", "ES256"])];
  for (const alg of algorithms) {
    if (!ASYMMETRIC_ALGORITHMS.includes(alg)) {
      throw new McpsmithError(
        "E_SERVE_OPTIONS",
        `auth: JWT algorithm "${alg}" is not accepted: use asymmetric algorithms (${ASYMMETRIC_ALGORITHMS.join(", ")}); "none" and HMAC (HS*) never verify tokens against a public key set`,
      );
    }
  }
  const jwksUrl = absoluteUrl(options.jwksUrl, "jwksUrl");
  absoluteUrl(options.audience, "audience");
  const keys = createRemoteJWKSet(jwksUrl, {
    timeoutDuration: options.timeoutMs ?? 5_000,
    cooldownDuration: options.refetchCooldownMs ?? 30_000,
    cacheMaxAge: options.maxCacheAgeMs ?? 600_000,
  });
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms,
    clockTolerance: options.clockToleranceSeconds ?? 30,
    requiredClaims: ["exp"],
  };
  const resource = new URL(options.audience);
  const tolerance = verifyOptions.clockTolerance;

  return {
    recognizes: (token) => JWS_COMPACT.test(token),
    async verifyAccessToken(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, verifyOptions));
      } catch (error) {
        throw refusal(error);
      }
      return authInfoOf(token, payload, resource, tolerance);
    },
  };
}

/** Three base64url segments: a JWS in compact form (a JWE has five, an opaque token usually one). */
const JWS_COMPACT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

function authInfoOf(token: string, payload: JWTPayload, resource: URL, tolerance: number): AuthInfo {
  const subject = typeof payload.sub === "string" ? payload.sub : undefined;
  const clientId = stringClaim(payload.client_id) ?? stringClaim(payload.azp) ?? subject;
  if (clientId === undefined) throw invalidToken();
  const extra: AuthExtra = { subject, method: "jwt", claims: payload as Record<string, unknown> };
  return {
    token,
    clientId,
    scopes: scopesOf(payload),
    // The SDK refuses a token once `expiresAt` is past, with no allowance: the skew jose allowed is added here so
    // both agree (the claim itself stays as issued in `claims.exp`).
    expiresAt: (payload.exp as number) + tolerance,
    // jose checked that `aud` names this resource; the SDK compares it once more.
    resource,
    extra: extra as Record<string, unknown>,
  };
}

/** RFC 9068 `scope` (space-separated), or the `scp` claim some authorization servers use (a list or a string). */
export function scopesOf(claims: Record<string, unknown>): string[] {
  const value = claims.scope ?? claims.scp;
  if (typeof value === "string") return value.split(" ").filter((scope) => scope !== "");
  if (Array.isArray(value)) return value.filter((scope): scope is string => typeof scope === "string");
  return [];
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What jose said, as a refusal in fixed words; a key set that could not be fetched is no refusal of the token. */
function refusal(error: unknown): Error {
  if (error instanceof errors.JWTExpired) return invalidToken(REFUSED.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return invalidToken(REFUSED.otherAudience);
    if (error.claim === "nbf") return invalidToken(REFUSED.notYetValid);
    return invalidToken();
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return verifierUnavailable(error);
  if (error instanceof errors.JOSEError) return invalidToken();
  // A network failure fetching the key set (fetch rejects with a TypeError), or an answer that was not JSON.
  return verifierUnavailable(error);
}

function absoluteUrl(value: string, field: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new McpsmithError("E_SERVE_OPTIONS", `auth: ${field} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
}
