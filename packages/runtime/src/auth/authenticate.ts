import { type AuthInfo, verifyBearerToken } from "@modelcontextprotocol/server";
import { invalidToken } from "./errors.js";
import type { BearerVerifier, Verifier } from "./types.js";

export interface Authenticator {
  /**
   * The verified caller, or undefined when the request carries no credential at all. Throws the SDK's `OAuthError`
   * when a credential is refused (or cannot be checked now).
   */
  authenticate(headers: Headers): Promise<AuthInfo | undefined>;
}

/**
 * The verifiers as one chain: the first that recognizes the request's credential decides. Bearer tokens go through
 * the SDK's `verifyBearerToken`, which also compares the token's resource with this server's (no token minted for
 * another audience passes, whatever the verifier) and refuses tokens without or past their expiry.
 */
export function authenticator(
  verifiers: readonly Verifier[],
  resource: URL,
  resourceMetadataUrl: string,
): Authenticator {
  const bearerOptions = (verifier: BearerVerifier) => ({ verifier, expectedResource: resource, resourceMetadataUrl });
  return {
    async authenticate(headers) {
      const authorization = headers.get("authorization");
      const token = bearerToken(authorization);
      // "Bearer" with no token, or with something that is no token, is a bad credential rather than none.
      if (token === undefined && authorization !== null && /^bearer(\s|$)/i.test(authorization.trim())) {
        throw invalidToken();
      }
      for (const verifier of verifiers) {
        if ("kind" in verifier && verifier.kind === "credential") {
          const credential = verifier.credentialIn(headers);
          if (credential === undefined) continue;
          return { ...(await verifier.verify(credential)), resourceMetadataUrl };
        }
        const bearer = verifier as BearerVerifier;
        if (token === undefined || !(bearer.recognizes?.(token) ?? true)) continue;
        return verifyBearerToken(`Bearer ${token}`, bearerOptions(bearer));
      }
      // A bearer token nobody takes is a bad token; any other scheme (Basic, say) is no credential of ours.
      if (token !== undefined) throw invalidToken();
      return undefined;
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750 section 2.1: one space, a b64token). */
function bearerToken(header: string | null): string | undefined {
  if (header === null) return undefined;
  const match = /^Bearer +([\w\-.~+/]+=*)$/i.exec(header.trim());
  return match?.[1];
}
