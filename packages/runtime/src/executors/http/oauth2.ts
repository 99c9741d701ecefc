import { ToolError } from "../../results/tool-error.js";
import type { HttpSecurityScheme } from "./operation.js";

type ClientCredentials = Extract<HttpSecurityScheme, { type: "oauth2" }>;

interface CachedToken {
  token: Promise<string>;
  /** Milliseconds since the epoch; `Infinity` when the server gave no lifetime (then only a 401 retires it). */
  expiresAt: number;
}

/** Tokens are renewed this long before they expire, so one never lapses in flight. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * OAuth2 client-credentials tokens (RFC 6749 §4.4), one per token URL, client and scope set, shared by every
 * call of one executor. Concurrent calls wait for the same token request, which therefore runs on its own
 * timeout rather than on the signal of the call that happened to start it: one cancelled call must not fail
 * the others.
 */
export class OAuth2Tokens {
  readonly #cache = new Map<string, CachedToken>();
  /** Token URLs that refused HTTP Basic client authentication and took the credentials in the form body. */
  readonly #bodyCredentials = new Set<string>();

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(
    scheme: ClientCredentials,
    clientId: string,
    clientSecret: string,
    baseUrl: string,
    signal: AbortSignal,
  ): Promise<string> {
    const key = cacheKey(scheme, clientId);
    const cached = this.#cache.get(key);
    if (cached && this.now() < cached.expiresAt) return abortable(cached.token, signal);

    const entry: CachedToken = { token: Promise.resolve(""), expiresAt: Number.POSITIVE_INFINITY };
    entry.token = this.#request(scheme, clientId, clientSecret, baseUrl).then(
      ({ token, expiresInSeconds }) => {
        if (expiresInSeconds !== undefined) {
          entry.expiresAt = this.now() + Math.max(0, expiresInSeconds * 1000 - EXPIRY_MARGIN_MS);
        }
        return token;
      },
      (error: unknown) => {
        // A failed request is not cached: the next call tries again.
        if (this.#cache.get(key) === entry) this.#cache.delete(key);
        throw error;
      },
    );
    this.#cache.set(key, entry);
    return abortable(entry.token, signal);
  }

  /** Forgets the token (the API answered 401 with it), so the next `get` asks for a new one. */
  invalidate(scheme: ClientCredentials, clientId: string): void {
    this.#cache.delete(cacheKey(scheme, clientId));
  }

  async #request(
    scheme: ClientCredentials,
    clientId: string,
    clientSecret: string,
    baseUrl: string,
  ): Promise<{ token: string; expiresInSeconds?: number }> {
    const url = new URL(scheme.tokenUrl, `${baseUrl}/`).href;
    const signal = AbortSignal.timeout(this.timeoutMs);
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (scheme.scopes.length > 0) form.set("scope", scheme.scopes.join(" "));

    // RFC 6749 §2.3.1: servers MUST support HTTP Basic, MAY accept the credentials in the body; try Basic first.
    let response: Response | undefined;
    if (!this.#bodyCredentials.has(url)) {
      const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString("base64");
      response = await this.#post(url, form, { Authorization: `Basic ${basic}` }, signal);
      if (response.status === 400 || response.status === 401) {
        await response.body?.cancel();
        response = undefined;
      }
    }
    if (!response) {
      const withCredentials = new URLSearchParams(form);
      withCredentials.set("client_id", clientId);
      withCredentials.set("client_secret", clientSecret);
      response = await this.#post(url, withCredentials, {}, signal);
      if (response.ok) this.#bodyCredentials.add(url);
    }

    const text = await response.text();
    if (!response.ok) {
      throw new ToolError(
        `The OAuth2 token request to ${url} failed: ${response.status} ${response.statusText}: ${text.slice(0, 500)}`,
      );
    }
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ToolError(`The OAuth2 token endpoint ${url} answered with something other than JSON.`);
    }
    if (typeof parsed.access_token !== "string" || parsed.access_token === "") {
      throw new ToolError(`The OAuth2 token endpoint ${url} answered without an access_token.`);
    }
    const expiresIn = Number(parsed.expires_in);
    return Number.isFinite(expiresIn) && parsed.expires_in !== undefined
      ? { token: parsed.access_token, expiresInSeconds: expiresIn }
      : { token: parsed.access_token };
  }

  async #post(
    url: string,
    form: URLSearchParams,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<Response> {
    try {
      return await this.fetchImpl(url, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: form.toString(),
        signal,
      });
    } catch (error) {
      if (signal.aborted)
        throw new ToolError(`The OAuth2 token request to ${url} timed out after ${this.timeoutMs} ms.`);
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      throw new ToolError(`The OAuth2 token endpoint ${url} could not be reached${cause}.`);
    }
  }
}

/** Lets one caller stop waiting for a shared promise without cancelling it for the others. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

function cacheKey(scheme: ClientCredentials, clientId: string): string {
  return JSON.stringify([scheme.tokenUrl, clientId, [...scheme.scopes].sort()]);
}

/** RFC 6749 Appendix B: client id and secret are form-encoded before they go into the Basic header. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
