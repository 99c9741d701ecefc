import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import type { Env } from "./auth.js";
import { isHeaderName } from "./header-names.js";
import type { HttpApi, HttpSecurityScheme } from "./operation.js";

/**
 * Credential forwarding: for the security schemes the operator names, the upstream credential comes from a header
 * of the caller's MCP HTTP request (`X-Upstream-<scheme>` by default) instead of the server's environment. Off by
 * default. The MCP request's own `Authorization` header (the MCP access token) is never forwarded: a token minted
 * for the MCP server is not a credential for the upstream API (no token passthrough). docs/http-executor.md.
 */
export interface ForwardCredentialsOptions {
  /** Security scheme name (as in the API's `securitySchemes`) → the MCP request header carrying its credential; `true` for `X-Upstream-<scheme>`. */
  schemes: Readonly<Record<string, string | true>>;
  /**
   * When the caller sent no such header: `true` uses the environment's credential for the scheme; `false` (the
   * default) fails the call naming the header, so nothing is sent with the operator's credential by accident.
   */
  fallbackToEnv?: boolean;
}

/** How generated projects and `mcpsmith serve openapi` configure forwarding without code: `SCHEME[=HEADER],…`. */
export const FORWARD_CREDENTIALS_ENV = "MCPSMITH_FORWARD_CREDENTIALS";
/** `1`/`true` to fall back to the environment's credential when the caller sent none. */
export const FORWARD_CREDENTIALS_FALLBACK_ENV = "MCPSMITH_FORWARD_CREDENTIALS_FALLBACK";

/** The caller's request headers, as far as forwarding reads them (`Headers` fits). */
export interface CallerHeaders {
  get(name: string): string | null;
}

/** Forwarding as checked at start-up: scheme name → header name. */
export interface Forwarding {
  headers: ReadonlyMap<string, string>;
  fallbackToEnv: boolean;
}

/** The credentials one call uses: the environment with the caller's forwarded values laid over it. */
export interface CallCredentials {
  env: Env;
  /** Variable name → the header it was taken from (or would have been): how errors name the credential. */
  headerOf: ReadonlyMap<string, string>;
}

/** A forwarding configuration the server cannot start with (unknown scheme, reserved header): the operator's to fix. */
export class ForwardCredentialsError extends McpsmithError {
  constructor(message: string) {
    super("E_EXECUTOR_OPTIONS", message);
    this.name = "ForwardCredentialsError";
  }
}

/** Headers the MCP exchange itself uses: forwarding one would hand the MCP server's own credentials or state upstream. */
const RESERVED = /^(authorization|proxy-authorization|cookie|host|content-type|content-length|accept|mcp-.*)$/i;

/**
 * Whether a caller's header may carry a credential to forward: not one of the MCP exchange's own (its access token,
 * cookies, the session's headers), and a valid header name. The one rule for OpenAPI sources and remote MCP servers.
 */
export function forwardableCallerHeader(header: string): boolean {
  return isHeaderName(header) && !RESERVED.test(header);
}

/**
 * Checks the forwarding configuration once, when the executor is made: an unknown scheme, an OAuth2 client
 * credentials scheme or a reserved header stops the server at start-up. Without `options`, reads
 * `MCPSMITH_FORWARD_CREDENTIALS` from `env`; undefined when forwarding is off.
 */
export function forwardingOf(
  api: HttpApi,
  options: ForwardCredentialsOptions | undefined,
  env: Env,
): Forwarding | undefined {
  const configured = options ?? fromEnvironment(env);
  if (!configured) return undefined;
  const headers = new Map<string, string>();
  const taken = new Map<string, string>();
  for (const [name, choice] of Object.entries(configured.schemes)) {
    const scheme = api.securitySchemes[name];
    if (!scheme) {
      const defined = Object.keys(api.securitySchemes);
      throw new ForwardCredentialsError(
        `Credential forwarding names the security scheme "${name}", which the API does not define (${defined.length > 0 ? `it defines ${defined.join(", ")}` : "it defines none"}).`,
      );
    }
    if (scheme.type === "oauth2") {
      throw new ForwardCredentialsError(
        `Credential forwarding cannot forward the OAuth2 client credentials scheme "${name}": the server fetches its tokens with its own client. Forward a scheme that carries a token instead, or leave "${name}" to the environment.`,
      );
    }
    const header = choice === true ? `X-Upstream-${name}` : choice;
    if (!isHeaderName(header)) {
      throw new ForwardCredentialsError(
        `Credential forwarding for "${name}": "${header}" is not a valid header name${choice === true ? "; name one with SCHEME=HEADER" : ""}.`,
      );
    }
    if (RESERVED.test(header)) {
      throw new ForwardCredentialsError(
        `Credential forwarding for "${name}" names the ${header} header, which belongs to the MCP exchange: the MCP access token (Authorization) and the session's headers are never forwarded upstream. Use a header of its own, such as X-Upstream-${name}.`,
      );
    }
    const other = taken.get(header.toLowerCase());
    if (other !== undefined) {
      throw new ForwardCredentialsError(
        `Credential forwarding names the header ${header} for both "${other}" and "${name}".`,
      );
    }
    taken.set(header.toLowerCase(), name);
    headers.set(name, header);
  }
  return { headers, fallbackToEnv: configured.fallbackToEnv === true };
}

/** `MCPSMITH_FORWARD_CREDENTIALS=api_key,token=X-Token` (and the fallback switch), or undefined when unset. */
function fromEnvironment(env: Env): ForwardCredentialsOptions | undefined {
  const list = env[FORWARD_CREDENTIALS_ENV]?.trim();
  if (!list) return undefined;
  const schemes: Record<string, string | true> = {};
  for (const item of list.split(",").map((part) => part.trim())) {
    if (!item) continue;
    const split = item.indexOf("=");
    if (split === 0)
      throw new ForwardCredentialsError(
        `${FORWARD_CREDENTIALS_ENV}: "${item}" names no scheme (SCHEME or SCHEME=HEADER).`,
      );
    if (split < 0) schemes[item] = true;
    else schemes[item.slice(0, split).trim()] = item.slice(split + 1).trim();
  }
  const fallback = env[FORWARD_CREDENTIALS_FALLBACK_ENV]?.trim().toLowerCase() ?? "";
  if (!["", "0", "false", "1", "true"].includes(fallback)) {
    throw new ForwardCredentialsError(
      `${FORWARD_CREDENTIALS_FALLBACK_ENV} must be 1, true, 0 or false, not "${fallback}".`,
    );
  }
  return { schemes, fallbackToEnv: fallback === "1" || fallback === "true" };
}

/** The variables a scheme's credential fills (what the caller's header stands in for). */
function variablesOf(scheme: Exclude<HttpSecurityScheme, { type: "oauth2" }>): string[] {
  return scheme.type === "http" && scheme.scheme === "basic" ? [scheme.usernameEnv, scheme.passwordEnv] : [scheme.env];
}

/**
 * The credentials of one call. Without caller headers (stdio, an in-memory client) forwarding does nothing: the
 * environment's credentials are used as if it were off. A header the caller left out blanks the scheme's
 * variables unless falling back is allowed, so the call fails naming the header instead of sending the operator's
 * credential. Basic schemes take `user:password`.
 */
export function callCredentials(
  api: HttpApi,
  forwarding: Forwarding | undefined,
  env: Env,
  caller: CallerHeaders | undefined,
): CallCredentials {
  const headerOf = new Map<string, string>();
  if (!forwarding || !caller) return { env, headerOf };
  const overlay: Record<string, string | undefined> = {};
  for (const [name, header] of forwarding.headers) {
    const scheme = api.securitySchemes[name] as Exclude<HttpSecurityScheme, { type: "oauth2" }>;
    const variables = variablesOf(scheme);
    const value = caller.get(header);
    if (value === null && forwarding.fallbackToEnv) continue;
    for (const variable of variables) {
      headerOf.set(variable, header);
      overlay[variable] = undefined;
    }
    if (value === null || value === "") continue;
    if (variables.length === 2) {
      const split = value.indexOf(":");
      if (split < 0) throw new ToolError(`The ${header} header must hold user:password for the "${name}" scheme.`);
      overlay[variables[0]!] = value.slice(0, split);
      overlay[variables[1]!] = value.slice(split + 1);
    } else {
      overlay[variables[0]!] = value;
    }
  }
  return { env: overlaid(env, overlay), headerOf };
}

/**
 * `env` with `overlay`'s variables in place of its own (one set to undefined is unset), read through without a copy:
 * the environment is the process's, copied whole on every call otherwise.
 */
function overlaid(env: Env, overlay: Record<string, string | undefined>): Env {
  return new Proxy(env, {
    get: (target, name) =>
      typeof name === "string" && Object.hasOwn(overlay, name) ? overlay[name] : target[name as string],
    has: (target, name) =>
      typeof name === "string" && Object.hasOwn(overlay, name) ? overlay[name] !== undefined : name in target,
  });
}
