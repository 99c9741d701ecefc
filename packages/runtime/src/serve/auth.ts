import { bearerAuthChallengeResponse, OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";
import { authenticator } from "../auth/authenticate.js";
import { REFUSED } from "../auth/errors.js";
import { closeAtExpiry } from "../auth/expiry.js";
import { metadataPaths, metadataResponse, metadataUrl, protectedResourceMetadata } from "../auth/metadata.js";
import type { AuthOptions, Verifier } from "../auth/types.js";
import type { LiveModel } from "../engine/live-model.js";
import { scopesNamed, scopesNeeded } from "../engine/visibility.js";
import { McpsmithError } from "../errors.js";
import { missingScopes } from "../model/auth.js";
import { refusal } from "../wire-errors.js";
import { FastReply } from "./fast-answer.js";
import { enrich, type Reply, type Step } from "./pipeline.js";

/** The endpoint's authorization, set up once: its steps, and the paths it answers besides the endpoint's. */
export interface AuthSteps {
  /** Serves the Protected Resource Metadata; the rest goes on. Before authentication: discovery is public. */
  readonly metadata: Step;
  /** Verifies the credential (401 without a good one) and hands the caller on as `authInfo`. Headers only. */
  readonly authenticate: Step;
  /** Refuses an operation the caller's scopes do not cover (403), once the body is parsed. */
  readonly authorize: Step;
  /** The metadata paths, which a server routing by path must send to the endpoint too. */
  readonly paths: readonly string[];
}

export function authSteps(
  options: AuthOptions,
  live: LiveModel,
  onError: (error: Error) => void,
  defaultResource?: URL,
): AuthSteps {
  const resource = resourceOf(options, defaultResource);
  const verifiers: readonly Verifier[] = Array.isArray(options.verifiers)
    ? (options.verifiers as readonly Verifier[])
    : [options.verifiers as Verifier];
  if (verifiers.length === 0) throw new McpsmithError("E_SERVE_OPTIONS", "auth.verifiers is empty: name at least one");
  const documentUrl = metadataUrl(resource);
  const paths = metadataPaths(resource);
  const chain = authenticator(verifiers, resource, documentUrl);
  const scopesSupported = () => [...(options.scopesSupported ?? scopesNamed(live.current))];

  return {
    paths,
    async metadata(exchange, next) {
      const pathname = exchange.incoming.target.split("?", 1)[0]!;
      if (!paths.includes(pathname)) return next(exchange);
      const document = protectedResourceMetadata(resource, {
        authorizationServers: options.authorizationServers ?? [],
        scopesSupported: scopesSupported(),
        ...(options.resourceName !== undefined && { resourceName: options.resourceName }),
      });
      return metadataResponse(exchange.request, document);
    },
    async authenticate(exchange, next) {
      let authInfo: Awaited<ReturnType<typeof chain.authenticate>>;
      try {
        authInfo = await chain.authenticate(exchange.incoming.headers);
      } catch (error) {
        return credentialRefusal(error, documentUrl, onError);
      }
      if (authInfo === undefined) return credentialsRequired(documentUrl);
      return endWithCredential(await next(enrich(exchange, { authInfo })), authInfo.expiresAt);
    },
    async authorize(exchange, next) {
      const { authInfo, body } = exchange;
      if (authInfo === undefined) return next(exchange);
      for (const message of Array.isArray(body) ? body : [body]) {
        const request = message as { method?: unknown; params?: Record<string, unknown> } | null;
        if (typeof request?.method !== "string") continue;
        const needed = scopesNeeded(live.current, request.method, request.params);
        if (missingScopes(authInfo.scopes, needed).length === 0) continue;
        // Every scope the operation needs, not only the missing ones: the client asks for this set in its step-up.
        return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InsufficientScope, "Insufficient scope"), {
          requiredScopes: needed,
          resourceMetadataUrl: documentUrl,
        });
      }
      return next(exchange);
    },
  };
}

/**
 * A stream answered to a caller ends when its credential does (auth/expiry.ts): a web stream is closed then, and a
 * fast-path answer is written to end then.
 */
function endWithCredential(reply: Reply, expiresAt: number | undefined): Reply {
  return reply instanceof FastReply ? reply.endingAt(expiresAt) : closeAtExpiry(reply, expiresAt);
}

function resourceOf(options: AuthOptions, fallback: URL | undefined): URL {
  const value = options.resource ?? fallback?.href;
  if (value === undefined) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      "auth.resource is required here: this server's canonical URL (the audience its tokens are minted for)",
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new McpsmithError("E_SERVE_OPTIONS", `auth.resource must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.hash !== "") throw new McpsmithError("E_SERVE_OPTIONS", `auth.resource must have no #fragment: ${value}`);
  return url;
}

/**
 * No credential at all: RFC 6750 section 3.1 says the challenge then carries no `error`, only where to learn how to
 * get one (RFC 9728 `resource_metadata`).
 */
function credentialsRequired(documentUrl: string): Response {
  return refusal("AUTHENTICATION_REQUIRED", {
    headers: { "www-authenticate": `Bearer resource_metadata="${quoted(documentUrl)}"` },
  });
}

/** SDK messages that say nothing a client should not know; anything else a verifier said is replaced. */
const SAFE_DESCRIPTIONS = new Set<string>([
  ...Object.values(REFUSED),
  "Token has expired",
  "Token has no expiration time",
  "Token was not issued for this resource",
  "Invalid Authorization header format, expected 'Bearer TOKEN'",
]);

/** A refused or uncheckable credential, answered in words fixed here; the cause goes to `onError` only. */
function credentialRefusal(error: unknown, documentUrl: string, onError: (error: Error) => void): Response {
  if (error instanceof OAuthError && error.code === OAuthErrorCode.InvalidToken) {
    const description = SAFE_DESCRIPTIONS.has(error.message) ? error.message : REFUSED.invalid;
    return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InvalidToken, description), {
      resourceMetadataUrl: documentUrl,
    });
  }
  const cause = error instanceof OAuthError ? error.cause : error;
  onError(cause instanceof Error ? cause : new Error(`credential verification failed: ${String(cause)}`));
  if (error instanceof OAuthError && error.code === OAuthErrorCode.TemporarilyUnavailable) {
    return Response.json(
      { error: "temporarily_unavailable", error_description: "The credential could not be verified now" },
      { status: 503, headers: { "retry-after": "5" } },
    );
  }
  // Anything else is the verifier's failure, answered 500 with no detail.
  return bearerAuthChallengeResponse(null);
}

function quoted(value: string): string {
  return value.replaceAll(/[\\"]/g, "\\$&");
}
