import type { AuthInfo, OAuthTokenVerifier } from "@modelcontextprotocol/server";

/**
 * Verifies OAuth access tokens sent as `Authorization: Bearer`: the SDK's `OAuthTokenVerifier`, which may say which
 * tokens it takes (a JWT verifier takes only JWS compact tokens, so an opaque token goes on to introspection).
 * `verifyAccessToken` throws the SDK's `OAuthError` (`invalid_token`) for a token it refuses; its message is sent
 * to the client, so it must not repeat what a library said (see `invalidToken`).
 */
export interface BearerVerifier extends OAuthTokenVerifier {
  /** Whether this verifier decides about this token. Default: every token. */
  recognizes?(token: string): boolean;
}

/** Verifies a credential found in the request by the verifier itself (an API key in its own header, say). */
export interface CredentialVerifier {
  readonly kind: "credential";
  /** The credential of this verifier's kind in the request, or undefined when there is none. */
  credentialIn(headers: Headers): string | undefined;
  /** The caller the credential stands for; throws `OAuthError` (`invalid_token`) when it stands for nobody. */
  verify(credential: string): Promise<AuthInfo>;
}

export type Verifier = BearerVerifier | CredentialVerifier;

/** `serve({ http: { auth } })` and `toFetchHandler({ auth })` (docs/auth.md). */
export interface AuthOptions {
  /**
   * Who checks credentials, in order: the first verifier that recognizes a request's credential decides (no
   * fall-through after a refusal). `jwtVerifier()`, `tokenIntrospection()`, `apiKeys()` from
   * `@mcpsmith/runtime/auth`, or any SDK `OAuthTokenVerifier`.
   */
  verifiers: Verifier | readonly Verifier[];
  /**
   * This server's canonical resource URI (RFC 8707), e.g. `https://mcp.example.com/mcp`: the audience every token
   * must be minted for, and the `resource` of its Protected Resource Metadata. Default for `serve()`: the URL it
   * listens on (right for local use only); required for `toFetchHandler()`.
   */
  resource?: string;
  /** The authorization servers' issuer URLs, advertised in the Protected Resource Metadata (RFC 9728). */
  authorizationServers?: readonly string[];
  /** Scopes advertised as `scopes_supported`. Default: every scope the served tools, resources and prompts name. */
  scopesSupported?: readonly string[];
  /** A human-readable name advertised as `resource_name`. */
  resourceName?: string;
}
