// A local OAuth authorization server for the auth tests: RFC 8414 metadata, a client-credentials `/token` endpoint
// that honours the RFC 8707 `resource` parameter, `/jwks` with rotating keys, and RFC 7662 `/introspect`. It also
// mints tokens by hand (expired, wrong audience, `alg: none` ...) for the verifier's refusals.
import { randomBytes, randomUUID, type webcrypto } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

type Key = { kid: string; alg: string; privateKey: webcrypto.CryptoKey; publicJwk: JWK };

export interface RegisteredClient {
  secret: string;
  /** The scopes this client may be granted. */
  scopes: readonly string[];
  /** The subject its tokens speak for. Default: the client id. */
  subject?: string;
}

export interface TokenRequestSeen {
  clientId: string;
  scope: string | undefined;
  resource: string | undefined;
}

export interface MintOptions {
  /** Claims to set or override (`aud`, `iss`, `exp` ...); `undefined` removes one. */
  claims?: Record<string, unknown>;
  /** Sign with this key (default: the current one). */
  key?: Key;
  /** The `kid` header (default: the key's). */
  kid?: string;
}

export class LocalAuthorizationServer {
  readonly tokenRequests: TokenRequestSeen[] = [];
  jwksFetches = 0;
  /** How many times `/introspect` was asked about each token. */
  readonly introspected = new Map<string, number>();
  /** How long tokens from `/token` live, in seconds. */
  tokenLifetime = 300;
  #keys: Key[] = [];
  readonly #clients = new Map<string, RegisteredClient>();
  readonly #opaque = new Map<string, Record<string, unknown>>();
  #server = createServer((req, res) => void this.#handle(req, res));
  #url = "";

  /** The issuer URL (`http://127.0.0.1:port`). */
  get issuer(): string {
    return this.#url;
  }
  get jwksUrl(): string {
    return `${this.#url}/jwks`;
  }
  get introspectionUrl(): string {
    return `${this.#url}/introspect`;
  }
  get currentKey(): Key {
    return this.#keys.at(-1)!;
  }

  static async start(): Promise<LocalAuthorizationServer> {
    const as = new LocalAuthorizationServer();
    await as.rotate();
    await new Promise<void>((resolve) => as.#server.listen(0, "127.0.0.1", resolve));
    as.#url = `http://127.0.0.1:${(as.#server.address() as AddressInfo).port}`;
    return as;
  }

  register(clientId: string, client: RegisteredClient): void {
    this.#clients.set(clientId, client);
  }

  /** A new signing key, published beside the old ones (or instead of them, with `retireOld`). */
  async rotate(options: { alg?: string; retireOld?: boolean } = {}): Promise<Key> {
    const alg = options.alg ?? "ES256";
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = randomUUID();
    const key = { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
    if (options.retireOld) this.#keys = [];
    this.#keys.push(key);
    return key;
  }

  /** A signing key that is not published: its tokens carry a `kid` the JWKS never lists. */
  async unpublishedKey(alg = "ES256"): Promise<Key> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = randomUUID();
    return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg } };
  }

  /** A signed JWT access token for `audience`, valid for five minutes unless `claims` say otherwise. */
  async mint(audience: string, options: MintOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: this.issuer,
      aud: audience,
      sub: "alice",
      client_id: "test-client",
      iat: now,
      exp: now + this.tokenLifetime,
      jti: randomUUID(),
    };
    for (const [name, value] of Object.entries(options.claims ?? {})) {
      if (value === undefined) delete payload[name];
      else payload[name] = value;
    }
    const key = options.key ?? this.currentKey;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: key.alg, kid: options.kid ?? key.kid, typ: "at+jwt" })
      .sign(key.privateKey);
  }

  /** An opaque token that `/introspect` knows, with these claims (`active: true` unless said otherwise). */
  opaque(claims: Record<string, unknown>): string {
    const token = randomBytes(24).toString("base64url");
    this.#opaque.set(token, { active: true, ...claims });
    return token;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.#url);
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname.startsWith("/.well-known/oauth-authorization-server")) {
      return send(200, {
        issuer: this.issuer,
        token_endpoint: `${this.issuer}/token`,
        // Never used by a client-credentials client, but RFC 8414 clients expect it.
        authorization_endpoint: `${this.issuer}/authorize`,
        jwks_uri: this.jwksUrl,
        introspection_endpoint: this.introspectionUrl,
        grant_types_supported: ["client_credentials"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        response_types_supported: ["code"],
      });
    }
    if (req.method === "GET" && url.pathname === "/jwks") {
      this.jwksFetches += 1;
      return send(200, { keys: this.#keys.map((key) => key.publicJwk) });
    }
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await readText(req));
      const asked = form.get("token") ?? "";
      this.introspected.set(asked, (this.introspected.get(asked) ?? 0) + 1);
      const [clientId, secret] = clientCredentials(req, form);
      const client = clientId === undefined ? undefined : this.#clients.get(clientId);
      if (!client || client.secret !== secret) return send(401, { error: "invalid_client" });
      if (form.get("grant_type") !== "client_credentials") return send(400, { error: "unsupported_grant_type" });
      const scope = form.get("scope") ?? undefined;
      const resource = form.get("resource") ?? undefined;
      this.tokenRequests.push({ clientId: clientId!, scope, resource });
      const granted = (scope?.split(" ") ?? client.scopes).filter((s) => client.scopes.includes(s));
      // Without `resource` the token is for no audience in particular (an AS default): the server refuses it.
      const token = await this.mint(resource ?? `${this.issuer}/default-audience`, {
        claims: { sub: client.subject ?? clientId, client_id: clientId, scope: granted.join(" ") },
      });
      return send(200, {
        access_token: token,
        token_type: "Bearer",
        expires_in: this.tokenLifetime,
        scope: granted.join(" "),
      });
    }
    if (req.method === "POST" && url.pathname === "/introspect") {
      const form = new URLSearchParams(await readText(req));
      const asked = form.get("token") ?? "";
      this.introspected.set(asked, (this.introspected.get(asked) ?? 0) + 1);
      const [clientId, secret] = clientCredentials(req, form);
      if (!clientId || this.#clients.get(clientId)?.secret !== secret) return send(401, { error: "invalid_client" });
      return send(200, this.#opaque.get(form.get("token") ?? "") ?? { active: false });
    }
    send(404, { error: "not_found" });
  }
}

function clientCredentials(req: IncomingMessage, form: URLSearchParams): [string | undefined, string | undefined] {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
    return [decodeURIComponent(id ?? ""), decodeURIComponent(secret ?? "")];
  }
  return [form.get("client_id") ?? undefined, form.get("client_secret") ?? undefined];
}

async function readText(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}
