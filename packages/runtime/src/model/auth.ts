// Who is calling, once a request's credentials were verified (`serve({ http: { auth } })`, docs/auth.md), and the
// scope rules every layer applies the same way: the engine hides what a caller may not use, the serve layer
// refuses it with 403.
import type { AuthInfo } from "@modelcontextprotocol/server";

/** `ctx.auth` and `RequestInfo.auth`: the verified caller, on HTTP with authentication configured. */
export interface AuthContext {
  /** The subject (`sub`) the credential speaks for; an API key's name. */
  readonly subject: string | undefined;
  /** The OAuth client the token was issued to (`client_id` / `azp`); an API key's name. */
  readonly clientId: string;
  /** The scopes granted, as the credential lists them. */
  readonly scopes: readonly string[];
  /** When the credential expires, in seconds since the epoch (API keys: never). */
  readonly expiresAt: number | undefined;
  /** How the credential was verified: `jwt`, `introspection`, `apiKey`, or a custom verifier's name. */
  readonly method: string;
  /** The verified claims (a JWT's payload, an introspection answer, an API key's name and scopes). */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** What mcpsmith's verifiers put in `AuthInfo.extra` besides what the SDK's `AuthInfo` has room for. */
export interface AuthExtra {
  subject?: string;
  method?: string;
  claims?: Record<string, unknown>;
}

/** The handler-facing view of the SDK's `AuthInfo` (the raw token stays out of it: handlers have no use for it). */
export function authContextOf(info: AuthInfo | undefined): AuthContext | undefined {
  if (info === undefined) return undefined;
  const extra = (info.extra ?? {}) as AuthExtra;
  return {
    subject: extra.subject,
    clientId: info.clientId,
    scopes: info.scopes,
    expiresAt: info.expiresAt,
    method: extra.method ?? "bearer",
    claims: extra.claims ?? {},
  };
}

/**
 * Who owns what a caller starts (a legacy session, a task, an input round): its subject within its client. Two
 * users of one OAuth client are two owners; the same user through two clients too.
 */
export function principalOf(info: AuthInfo | undefined): string | undefined {
  if (info === undefined) return undefined;
  const subject = (info.extra as AuthExtra | undefined)?.subject;
  return subject === undefined ? info.clientId : `${info.clientId}\u0000${subject}`;
}

/**
 * Whether a granted scope covers a required one: equal, or a parent in the `:` hierarchy (`repo` covers
 * `repo:read` and `repo:read:issues`; `repo:read` does not cover `repo`, and `rep` covers nothing of `repo`).
 */
export function scopeCovers(granted: string, required: string): boolean {
  return required === granted || (required.startsWith(granted) && required[granted.length] === ":");
}

/** The required scopes no granted scope covers (empty when the caller may go ahead). */
export function missingScopes(granted: readonly string[], required: readonly string[]): string[] {
  return required.filter((scope) => !granted.some((have) => scopeCovers(have, scope)));
}

/**
 * Whether a caller may see and use something that needs `required`. Without authentication (stdio, an HTTP server
 * with no `auth`) scopes are not checked: the transport or the deployment is the boundary then (docs/auth.md).
 */
export function mayUse(info: AuthInfo | undefined, required: readonly string[] | undefined): boolean {
  if (info === undefined || required === undefined || required.length === 0) return true;
  return missingScopes(info.scopes, required).length === 0;
}
