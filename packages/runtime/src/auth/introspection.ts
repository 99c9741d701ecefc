import type { AuthInfo } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import type { AuthExtra } from "../model/auth.js";
import { invalidToken, REFUSED, verifierUnavailable } from "./errors.js";
import { scopesOf } from "./jwt.js";
import type { BearerVerifier } from "./types.js";

export interface IntrospectionOptions {
  /** The authorization server's introspection endpoint (RFC 7662). */
  url: string;
  /** This server's client credentials at the authorization server (HTTP Basic, RFC 7662 section 2.1). */
  clientId: string;
  clientSecret: string;
  /**
   * The audience every token must have been issued for: this server's canonical resource URI (`auth.resource`).
   * An answer without `aud`, or with another one, is refused.
   */
  audience: string;
  /** Milliseconds an introspection call may take. Default 5,000. */
  timeoutMs?: number;
  /** Custom fetch (tests, proxies). Default: global fetch. */
  fetch?: typeof fetch;
}

/**
 * Verifies opaque access tokens by asking the authorization server (RFC 7662 token introspection): `active` must be
 * true, `aud` must name this resource, `exp` must be present and ahead. One POST per request: put a cache in front
 * (or prefer JWTs) where that is too many.
 */
export function tokenIntrospection(options: IntrospectionOptions): BearerVerifier {
  const url = new URL(options.url);
  const resource = new URL(options.audience);
  const basic = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  ).toString("base64");
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  if (url.protocol !== "https:" && !isLoopbackUrl(url)) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      `auth: the introspection URL must use https (it carries tokens), got ${url.href}`,
    );
  }

  return {
    async verifyAccessToken(token) {
      let answer: Record<string, unknown>;
      try {
        const response = await fetchImpl(url, {
          method: "POST",
          headers: {
            authorization: `Basic ${basic}`,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ token, token_type_hint: "access_token" }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        if (!response.ok) throw new Error(`introspection answered HTTP ${response.status}`);
        answer = (await response.json()) as Record<string, unknown>;
        if (typeof answer !== "object" || answer === null) throw new Error("introspection answered no JSON object");
      } catch (error) {
        throw verifierUnavailable(error);
      }
      return authInfoOf(token, answer, resource);
    },
  };
}

function authInfoOf(token: string, answer: Record<string, unknown>, resource: URL): AuthInfo {
  if (answer.active !== true) throw invalidToken();
  const audiences = typeof answer.aud === "string" ? [answer.aud] : Array.isArray(answer.aud) ? answer.aud : [];
  if (!audiences.some((aud) => aud === resource.href || aud === resource.href.replace(/\/$/, ""))) {
    throw invalidToken(REFUSED.otherAudience);
  }
  if (typeof answer.exp !== "number") throw invalidToken();
  if (typeof answer.nbf === "number" && answer.nbf > Date.now() / 1000 + 30) throw invalidToken(REFUSED.notYetValid);
  const subject = typeof answer.sub === "string" ? answer.sub : undefined;
  const clientId = typeof answer.client_id === "string" ? answer.client_id : subject;
  if (clientId === undefined) throw invalidToken();
  const extra: AuthExtra = { subject, method: "introspection", claims: answer };
  return {
    token,
    clientId,
    scopes: scopesOf(answer),
    expiresAt: answer.exp,
    resource,
    extra: extra as Record<string, unknown>,
  };
}

function isLoopbackUrl(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}
