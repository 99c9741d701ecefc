import { OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";

/**
 * Why a credential was refused, in words fixed here: what a JWT library, an introspection endpoint or a key file
 * said stays on the server (`onError`), since it can name keys, URLs or internal state.
 */
export const REFUSED = {
  invalid: "The access token is invalid",
  expired: "The access token has expired",
  notYetValid: "The access token is not valid yet",
  otherAudience: "The access token was not issued for this resource",
  unknownKey: "The API key is not valid",
} as const;

export function invalidToken(reason: string = REFUSED.invalid): OAuthError {
  return new OAuthError(OAuthErrorCode.InvalidToken, reason);
}

/** The verifier could not decide (its key set or introspection endpoint is unreachable): not the caller's fault. */
export function verifierUnavailable(cause?: unknown): OAuthError {
  const error = new OAuthError(OAuthErrorCode.TemporarilyUnavailable, "The credential could not be verified now");
  // For the server's own `onError`, never for the client.
  if (cause !== undefined) error.cause = cause;
  return error;
}
