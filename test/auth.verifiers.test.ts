// serve({ http: { auth } }) over a real port, driven by hand-built requests: what each refused credential gets
// (401 with the RFC 6750 / RFC 9728 challenge, no verifier text), discovery, scopes (403, hierarchy, filtered lists),
// API keys, introspection, session ownership and the listen stream's end at expiry. The official clients' own OAuth
// flow is test/auth.clients.test.ts.

import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { base64url, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { apiKeys, jwtVerifier, tokenIntrospection } from "../packages/runtime/dist/auth/index.js";
import { LocalAuthorizationServer } from "./support/authorization-server.js";
import { freePort } from "./support/free-port.js";
import { envelope, MODERN, modernHeaders, readAnswer } from "./support/http.js";
import { requestLog, type ServeHandle, serve, server } from "./support/runtime.js";

let as: LocalAuthorizationServer;
let handle: ServeHandle;
let url: URL;
let keyDir: string;
let keyFile: string;
const errors: Error[] = [];
const logLines: string[] = [];
const seenByMiddleware: unknown[] = [];

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

function app() {
  return server({ name: "auth-test", version: "1.0.0" })
    .use(requestLog({ write: (line) => void logLines.push(line) }))
    .use({
      async request(request, next) {
        if (request.method === "tools/call") seenByMiddleware.push(request.auth?.subject);
        return next();
      },
    })
    .tool("whoami", { description: "Who is calling" }, (_args, ctx) => ({
      subject: ctx.auth?.subject,
      clientId: ctx.auth?.clientId,
      scopes: ctx.auth?.scopes,
      method: ctx.auth?.method,
      iss: ctx.auth?.claims.iss,
    }))
    .tool("read_repo", { description: "Reads the repository", scopes: ["repo:read"] }, () => "read")
    .tool("admin", { description: "Administers", scopes: ["admin", "repo:write"] }, () => "done")
    .resource("secret://plans", { description: "Plans", scopes: ["plans"] }, () => "the plans")
    .resource("public://news", { description: "News" }, () => "news")
    .prompt(
      "audit",
      {
        description: "Audit prompt",
        scopes: ["admin"],
        args: { type: "object", properties: { area: { type: "string" } } },
        complete: { area: ["billing", "infrastructure"] },
      },
      () => "audit everything",
    );
}

beforeAll(async () => {
  as = await LocalAuthorizationServer.start();
  as.register("reader", { secret: "s1", scopes: ["repo:read"] });
  keyDir = mkdtempSync(join(tmpdir(), "mcpsmith-auth-"));
  keyFile = join(keyDir, "keys.txt");
  writeFileSync(
    keyFile,
    `# test keys\nci sha256:${sha("msk_ci_key")} repo\nops sha256:${sha("ops-key")} admin repo:write plans\n`,
  );
  const port = await freePort();
  url = new URL(`http://127.0.0.1:${port}/mcp`);
  handle = await serve(app(), {
    exitOnShutdown: false,
    http: {
      port: Number(port),
      onError: (error) => void errors.push(error),
      auth: {
        resource: url.href,
        authorizationServers: [as.issuer],
        verifiers: [
          apiKeys({ file: keyFile, header: "x-api-key", bearerPrefix: "msk_" }),
          jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: url.href, refetchCooldownMs: 0 }),
          tokenIntrospection({
            url: as.introspectionUrl,
            clientId: "rs",
            clientSecret: "rs-secret",
            audience: url.href,
          }),
        ],
      },
    },
  });
  as.register("rs", { secret: "rs-secret", scopes: [] });
});

afterAll(async () => {
  await handle?.close();
  await as?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

let id = 1;
function rpc(method: string, params: Record<string, unknown>, credential: Record<string, string> = {}, name?: string) {
  return fetch(url, {
    method: "POST",
    headers: { ...modernHeaders(method, name), ...credential },
    body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params: { ...params, _meta: envelope() } }),
  }).then(readAnswer);
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const call = (name: string, credential: Record<string, string>) =>
  rpc("tools/call", { name, arguments: {} }, credential, name);
const listTools = async (credential: Record<string, string>) =>
  ((await rpc("tools/list", {}, credential)).message.result!.tools as { name: string }[])
    .map((tool) => tool.name)
    .sort();

/** The parameters of a `WWW-Authenticate: Bearer k="v", ...` challenge. */
function challenge(header: string | null): Record<string, string> {
  expect(header).toMatch(/^Bearer( |$)/);
  const params: Record<string, string> = {};
  for (const [, key, value] of (header ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) params[key!] = value!;
  return params;
}

describe("discovery and the 401 challenge", () => {
  it("serves Protected Resource Metadata at the path-suffixed and the bare well-known URLs", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await fetch(new URL(path, url));
      expect(response.status).toBe(200);
      const document = (await response.json()) as { scopes_supported?: string[] };
      expect(document).toMatchObject({ resource: url.href, authorization_servers: [as.issuer] });
      expect(document.scopes_supported).toEqual(["admin", "plans", "repo:read", "repo:write"]);
    }
  });

  it("answers a request without credentials 401 with resource_metadata and no error (RFC 6750 3.1)", async () => {
    const answer = await call("whoami", {});
    expect(answer.status).toBe(401);
    const params = challenge(answer.headers.get("www-authenticate"));
    expect(params).toEqual({ resource_metadata: `${url.origin}/.well-known/oauth-protected-resource/mcp` });
  });

  it("treats another scheme (Basic) as no credential, and a malformed Bearer as a bad one", async () => {
    expect(
      challenge((await call("whoami", { Authorization: "Basic dTpw" })).headers.get("www-authenticate")).error,
    ).toBeUndefined();
    const malformed = await call("whoami", { Authorization: "Bearer a b" });
    expect(malformed.status).toBe(401);
    expect(challenge(malformed.headers.get("www-authenticate")).error).toBe("invalid_token");
  });
});

describe("JWT access tokens", () => {
  it("accepts a valid token and hands its claims to handlers (ctx.auth) and to middleware", async () => {
    const token = await as.mint(url.href, { claims: { scope: "repo:read extra" } });
    const answer = await call("whoami", bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.message.result?.structuredContent).toEqual({
      subject: "alice",
      clientId: "test-client",
      scopes: ["repo:read", "extra"],
      method: "jwt",
      iss: as.issuer,
    });
    expect(seenByMiddleware.at(-1)).toBe("alice");
  });

  it("allows the configured clock skew (30 s) past exp and before nbf, and no more", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await call("whoami", bearer(await as.mint(url.href, { claims: { exp: now - 10 } })))).status).toBe(200);
    expect((await call("whoami", bearer(await as.mint(url.href, { claims: { nbf: now + 10 } })))).status).toBe(200);
    expect((await call("whoami", bearer(await as.mint(url.href, { claims: { exp: now - 60 } })))).status).toBe(401);
  });

  it("reads scopes from an `scp` list as well", async () => {
    const token = await as.mint(url.href, { claims: { scp: ["repo:read"] } });
    expect((await call("read_repo", bearer(token))).status).toBe(200);
  });

  const refusals: [string, () => Promise<string>, string][] = [
    [
      "expired",
      () => as.mint(url.href, { claims: { exp: Math.floor(Date.now() / 1000) - 120 } }),
      "The access token has expired",
    ],
    [
      "not yet valid",
      () => as.mint(url.href, { claims: { nbf: Math.floor(Date.now() / 1000) + 600 } }),
      "The access token is not valid yet",
    ],
    [
      "minted for another audience",
      () => as.mint("https://other.example.com/mcp"),
      "The access token was not issued for this resource",
    ],
    [
      "from another issuer",
      () => as.mint(url.href, { claims: { iss: "https://evil.example.com" } }),
      "The access token is invalid",
    ],
    ["without exp", () => as.mint(url.href, { claims: { exp: undefined } }), "The access token is invalid"],
    [
      "signed with an algorithm not pinned (ES384, published in the JWKS)",
      async () => {
        const token = await as.mint(url.href, { key: await as.rotate({ alg: "ES384" }) });
        await as.rotate(); // the next tokens are ES256 again
        return token;
      },
      "The access token is invalid",
    ],
    [
      "unsigned (alg: none)",
      async () =>
        new UnsecuredJWT({
          iss: as.issuer,
          aud: url.href,
          sub: "alice",
          exp: Math.floor(Date.now() / 1000) + 300,
        }).encode(),
      "The access token is invalid",
    ],
    [
      "signed by a key the JWKS does not list (unknown kid)",
      async () => as.mint(url.href, { key: await as.unpublishedKey() }),
      "The access token is invalid",
    ],
    [
      "tampered with (payload changed after signing)",
      async () => {
        const [head, , signature] = (await as.mint(url.href)).split(".");
        const forged = base64url.encode(
          JSON.stringify({
            iss: as.issuer,
            aud: url.href,
            sub: "root",
            client_id: "x",
            exp: Math.floor(Date.now() / 1000) + 300,
            scope: "admin",
          }),
        );
        return `${head}.${forged}.${signature}`;
      },
      "The access token is invalid",
    ],
    [
      "HS256-signed with the public key as the secret (algorithm confusion)",
      async () => {
        const secret = new TextEncoder().encode(JSON.stringify(as.currentKey.publicJwk));
        return new SignJWT({ sub: "root", client_id: "x", scope: "admin" })
          .setProtectedHeader({ alg: "HS256", kid: as.currentKey.kid })
          .setIssuer(as.issuer)
          .setAudience(url.href)
          .setExpirationTime("5m")
          .sign(secret);
      },
      "The access token is invalid",
    ],
  ];
  it.each(refusals)("refuses a token %s: 401 invalid_token, in fixed words", async (_what, token, description) => {
    const errorsBefore = errors.length;
    const answer = await call("whoami", bearer(await token()));
    expect(answer.status).toBe(401);
    const params = challenge(answer.headers.get("www-authenticate"));
    expect(params).toMatchObject({ error: "invalid_token", error_description: description });
    expect(params.resource_metadata).toBe(`${url.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(JSON.parse(answer.text)).toEqual({ error: "invalid_token", error_description: description });
    // A refused token is the caller's problem, not the server's: nothing is reported as a server error.
    expect(errors.length).toBe(errorsBefore);
  });

  it("follows a key rotation: a token signed by a new key is verified after one JWKS refetch", async () => {
    const old = await as.mint(url.href);
    expect((await call("whoami", bearer(old))).status).toBe(200);
    const before = as.jwksFetches;
    await as.rotate({ retireOld: true });
    const fresh = await as.mint(url.href);
    expect((await call("whoami", bearer(fresh))).status).toBe(200);
    expect(as.jwksFetches).toBe(before + 1);
    // Cached: the next request with the new key fetches nothing.
    expect((await call("whoami", bearer(await as.mint(url.href)))).status).toBe(200);
    expect(as.jwksFetches).toBe(before + 1);
  });
});

describe("scopes", () => {
  const token = (scope: string) => as.mint(url.href, { claims: { scope } });

  it("lists only the tools, resources and prompts the caller's scopes cover", async () => {
    expect(await listTools(bearer(await token("")))).toEqual(["whoami"]);
    expect(await listTools(bearer(await token("repo:read")))).toEqual(["read_repo", "whoami"]);
    // Hierarchy: `repo` covers `repo:read` and `repo:write`, not `admin`.
    expect(await listTools(bearer(await token("repo")))).toEqual(["read_repo", "whoami"]);
    expect(await listTools(bearer(await token("repo admin")))).toEqual(["admin", "read_repo", "whoami"]);
    const resources = await rpc("resources/list", {}, bearer(await token("repo")));
    expect((resources.message.result!.resources as { uri: string }[]).map((r) => r.uri)).toEqual(["public://news"]);
    const prompts = await rpc("prompts/list", {}, bearer(await token("admin")));
    expect((prompts.message.result!.prompts as { name: string }[]).map((p) => p.name)).toEqual(["audit"]);
  });

  it("refuses a call the scopes do not cover with 403 insufficient_scope naming every scope it needs", async () => {
    const answer = await call("admin", bearer(await token("admin")));
    expect(answer.status).toBe(403);
    expect(challenge(answer.headers.get("www-authenticate"))).toMatchObject({
      error: "insufficient_scope",
      scope: "admin repo:write",
      resource_metadata: `${url.origin}/.well-known/oauth-protected-resource/mcp`,
    });
    expect((await call("admin", bearer(await token("admin repo")))).status).toBe(200);
  });

  it("guards resources/read, prompts/get and completion/complete the same way", async () => {
    const read = await rpc("resources/read", { uri: "secret://plans" }, bearer(await token("repo")), "secret://plans");
    expect(read.status).toBe(403);
    expect(challenge(read.headers.get("www-authenticate")).scope).toBe("plans");
    const got = await rpc("prompts/get", { name: "audit" }, bearer(await token("repo")), "audit");
    expect(got.status).toBe(403);
    const completion = { ref: { type: "ref/prompt", name: "audit" }, argument: { name: "area", value: "" } };
    const refused = await rpc("completion/complete", completion, bearer(await token("repo")));
    expect(refused.status).toBe(403);
    expect(challenge(refused.headers.get("www-authenticate")).scope).toBe("admin");
    const allowed = await rpc("completion/complete", completion, bearer(await token("admin")));
    expect((allowed.message.result!.completion as { values: string[] }).values).toEqual(["billing", "infrastructure"]);
  });

  it("opens a subscriptions/listen stream only for resources the caller may read", async () => {
    const listen = (scope: string) =>
      token(scope).then((t) =>
        fetch(url, {
          method: "POST",
          headers: { ...modernHeaders("subscriptions/listen"), ...bearer(t) },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: id++,
            method: "subscriptions/listen",
            params: { notifications: { resourceSubscriptions: ["secret://plans"] }, _meta: envelope() },
          }),
        }),
      );
    const refused = await listen("repo");
    expect(refused.status).toBe(403);
    expect(challenge(refused.headers.get("www-authenticate")).scope).toBe("plans");
    const allowed = await listen("plans");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("content-type")).toContain("text/event-stream");
    await allowed.body?.cancel();
  });

  it("ends a listen stream when its token expires", async () => {
    // Accepted until exp plus the verifier's 30 s clock skew: a token whose exp passed 27 s ago has 3 s left.
    const expiresIn = 3;
    const token = await as.mint(url.href, { claims: { exp: Math.floor(Date.now() / 1000) - 30 + expiresIn } });
    const opened = Date.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { ...modernHeaders("subscriptions/listen"), ...bearer(token) },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: id++,
        method: "subscriptions/listen",
        params: { notifications: { toolsListChanged: true }, _meta: envelope() },
      }),
    });
    expect(response.status).toBe(200);
    await response.text(); // resolves once the server ends the stream
    const lasted = (Date.now() - opened) / 1000;
    expect(lasted).toBeGreaterThan(0.5);
    expect(lasted).toBeLessThan(expiresIn + 5);
  });
});

describe("API keys", () => {
  it("accepts a key in its header and as a prefixed bearer token, with the scopes its line lists", async () => {
    const byHeader = await call("whoami", { "x-api-key": "ops-key" });
    expect(byHeader.message.result?.structuredContent).toMatchObject({
      subject: "ops",
      method: "apiKey",
      scopes: ["admin", "repo:write", "plans"],
    });
    const byBearer = await call("read_repo", bearer("msk_ci_key"));
    expect(byBearer.status).toBe(200);
    expect((await call("admin", bearer("msk_ci_key"))).status).toBe(403);
  });

  it("refuses an unknown key 401, and a key removed from the file within a second", async () => {
    expect((await call("whoami", { "x-api-key": "nope" })).status).toBe(401);
    expect((await call("whoami", bearer("msk_unknown"))).status).toBe(401);
    writeFileSync(keyFile, `ci sha256:${sha("msk_ci_key")} repo\n`);
    // The file is rechecked once a second: move the clock on (only the clock; the server's timers stay real).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1_001);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const revoked = await call("whoami", { "x-api-key": "ops-key" });
    expect(revoked.status).toBe(401);
    expect(challenge(revoked.headers.get("www-authenticate")).error_description).toBe("The API key is not valid");
    expect((await call("whoami", bearer("msk_ci_key"))).status).toBe(200);
  });
});

describe("token introspection (opaque tokens)", () => {
  it("accepts an active token for this audience and refuses inactive or foreign ones", async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const good = as.opaque({ aud: url.href, sub: "bob", client_id: "c", scope: "repo:read", exp });
    const answer = await call("whoami", bearer(good));
    expect(answer.message.result?.structuredContent).toMatchObject({
      subject: "bob",
      method: "introspection",
      scopes: ["repo:read"],
    });
    expect((await call("whoami", bearer(as.opaque({ active: false, aud: url.href, exp })))).status).toBe(401);
    const foreign = await call("whoami", bearer(as.opaque({ aud: "https://other.example.com", sub: "bob", exp })));
    expect(foreign.status).toBe(401);
    expect(challenge(foreign.headers.get("www-authenticate")).error_description).toBe(
      "The access token was not issued for this resource",
    );
  });

  // The fast path verifies before it knows whether it will answer; what it hands on carries the outcome with it.
  it("asks the authorization server once per request, whether the token is taken or refused", async () => {
    const exp = Math.floor(Date.now() / 1000) + 300;
    const good = as.opaque({ aud: url.href, sub: "bob", client_id: "c", scope: "repo:read", exp });
    const inactive = as.opaque({ active: false, aud: url.href, exp });
    expect((await call("whoami", bearer(good))).status).toBe(200);
    expect((await rpc("completion/complete", {}, bearer(good))).status).toBeLessThan(500);
    expect((await call("whoami", bearer(inactive))).status).toBe(401);
    expect(as.introspected.get(good)).toBe(2);
    expect(as.introspected.get(inactive)).toBe(1);
  });
});

describe("legacy sessions", () => {
  it("are usable only by the subject that opened them", async () => {
    const alice = bearer(await as.mint(url.href, { claims: { sub: "alice" } }));
    const mallory = bearer(await as.mint(url.href, { claims: { sub: "mallory" } }));
    const legacy = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const init = await fetch(url, {
      method: "POST",
      headers: { ...legacy, ...alice },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }),
    });
    expect(init.status).toBe(200);
    const session = init.headers.get("mcp-session-id")!;
    await init.text();
    const list = (credential: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { ...legacy, ...credential, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      }).then(readAnswer);
    expect((await list(alice)).status).toBe(200);
    expect((await list(mallory)).status).toBe(404);
    expect((await list({})).status).toBe(401);
  });
});

describe("secrets stay out of answers and logs", () => {
  it("writes no credential into the request log", async () => {
    const token = await as.mint(url.href);
    await call("whoami", bearer(token));
    await call("whoami", { "x-api-key": "ops-key" });
    const log = logLines.join("");
    expect(log).toContain('"method":"tools/call"');
    expect(log).not.toContain(token);
    expect(log).not.toContain("msk_ci_key");
    expect(log.toLowerCase()).not.toContain("authorization");
  });

  it("answers 503 without detail when the key set cannot be fetched, and reports the cause to onError", async () => {
    const offline = await serve(app(), {
      exitOnShutdown: false,
      http: {
        port: 0,
        onError: (error) => void errors.push(error),
        auth: {
          resource: "http://127.0.0.1/mcp",
          verifiers: jwtVerifier({
            jwksUrl: "http://127.0.0.1:9/jwks",
            issuer: as.issuer,
            audience: "http://127.0.0.1/mcp",
          }),
        },
      },
    });
    try {
      const before = errors.length;
      const token = await as.mint("http://127.0.0.1/mcp");
      const response = await fetch(offline.url!, {
        method: "POST",
        headers: { ...modernHeaders("tools/list"), ...bearer(token) },
        body: "{}",
      });
      expect(response.status).toBe(503);
      expect(await response.text()).not.toMatch(/127\.0\.0\.1:9|ECONNREFUSED|fetch failed/);
      expect(errors.length).toBe(before + 1);
    } finally {
      await offline.close();
    }
  });
});

describe("configuration", () => {
  it("refuses HMAC and none as JWT algorithms, naming the value", () => {
    for (const alg of ["HS256", "none"]) {
      expect(() =>
        jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: url.href, algorithms: [alg] }),
      ).toThrow(new RegExp(`"${alg}" is not accepted`));
    }
  });

  it("names the file and line of a malformed key file", () => {
    const bad = join(keyDir, "bad.txt");
    writeFileSync(bad, "ok sha256:" + "a".repeat(64) + "\nbroken line-without-hash\n");
    expect(() => apiKeys({ file: bad })).toThrow(`${bad}:2: expected "name sha256:<64 hex digits> [scope ...]"`);
  });

  it("checks MODERN is the revision spoken here", () => expect(MODERN).toBe("2026-07-28"));
});
