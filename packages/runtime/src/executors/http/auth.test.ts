import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { type RecordedRequest, startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { createHttpExecutor } from "./executor.js";
import type { HttpApi, HttpSecurityRequirement } from "./operation.js";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream();
});
beforeEach(() => {
  upstream.clear();
  upstream.reply(() => ({ json: { ok: true } }));
});
afterAll(() => upstream.close());

function api(): HttpApi {
  return {
    servers: [{ url: upstream.url }],
    securitySchemes: {
      headerKey: { type: "apiKey", in: "header", name: "X-API-Key", env: "KEY_HEADER" },
      queryKey: { type: "apiKey", in: "query", name: "api_key", env: "KEY_QUERY" },
      cookieKey: { type: "apiKey", in: "cookie", name: "sid", env: "KEY_COOKIE" },
      bearer: { type: "http", scheme: "bearer", env: "BEARER" },
      basic: { type: "http", scheme: "basic", usernameEnv: "USER", passwordEnv: "PASS" },
      oidc: { type: "bearerToken", env: "OIDC_TOKEN" },
      oauth: {
        type: "oauth2",
        flow: "clientCredentials",
        tokenUrl: "/oauth/token",
        scopes: ["pets:read", "pets:write"],
        clientIdEnv: "CLIENT_ID",
        clientSecretEnv: "CLIENT_SECRET",
      },
    },
  };
}

async function callWith(security: HttpSecurityRequirement, env: Record<string, string>) {
  const executor = createHttpExecutor(api(), { env });
  const result = await callTool(executor, operation({ path: "/pets", security }));
  return { result, requests: upstream.requests.filter((r) => r.path !== "/oauth/token") };
}

function only(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  return requests[0]!;
}

describe("schemes", () => {
  it("apiKey in a header", async () => {
    const { requests } = await callWith([["headerKey"]], { KEY_HEADER: "k-123" });
    expect(only(requests).headers["x-api-key"]).toBe("k-123");
  });

  it("apiKey in the query, after the operation's own parameters, encoded", async () => {
    const executor = createHttpExecutor(api(), { env: { KEY_QUERY: "a+b/c" } });
    const op = operation({
      path: "/pets",
      security: [["queryKey"]],
      parameters: [{ name: "limit", argument: "limit", in: "query", style: "form", explode: true, required: false }],
    });
    await callTool(executor, op, { limit: 5 });
    expect(upstream.last().url).toBe("/pets?limit=5&api_key=a%2Bb%2Fc");
  });

  it("apiKey in a cookie, joined with the operation's cookie parameters", async () => {
    const executor = createHttpExecutor(api(), { env: { KEY_COOKIE: "s3cr3t" } });
    const op = operation({
      security: [["cookieKey"]],
      parameters: [{ name: "theme", argument: "theme", in: "cookie", style: "form", explode: true, required: false }],
    });
    await callTool(executor, op, { theme: "dark" });
    expect(upstream.last().headers.cookie).toBe("theme=dark; sid=s3cr3t");
  });

  it("http bearer, and bearerToken (OpenID Connect and other flows)", async () => {
    const bearer = await callWith([["bearer"]], { BEARER: "tok-1" });
    expect(only(bearer.requests).headers.authorization).toBe("Bearer tok-1");
    upstream.clear();
    const oidc = await callWith([["oidc"]], { OIDC_TOKEN: "id-tok" });
    expect(only(oidc.requests).headers.authorization).toBe("Bearer id-tok");
  });

  it("http basic, with an empty password allowed when the variable is set", async () => {
    const { requests } = await callWith([["basic"]], { USER: "ada", PASS: "pa:ss" });
    expect(only(requests).headers.authorization).toBe(`Basic ${Buffer.from("ada:pa:ss").toString("base64")}`);
    upstream.clear();
    const empty = await callWith([["basic"]], { USER: "sk_live_key", PASS: "" });
    expect(only(empty.requests).headers.authorization).toBe(`Basic ${Buffer.from("sk_live_key:").toString("base64")}`);
  });
});

describe("requirements", () => {
  it("AND: every scheme of the alternative is applied", async () => {
    const { requests } = await callWith([["headerKey", "bearer"]], { KEY_HEADER: "k", BEARER: "t" });
    const request = only(requests);
    expect(request.headers["x-api-key"]).toBe("k");
    expect(request.headers.authorization).toBe("Bearer t");
  });

  it("OR: the first alternative whose credentials are all set wins", async () => {
    const security = [["headerKey", "bearer"], ["basic"], ["queryKey"]];
    const { requests } = await callWith(security, { BEARER: "t", KEY_QUERY: "q", USER: "u", PASS: "p" });
    const request = only(requests);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("u:p").toString("base64")}`);
    expect(request.headers["x-api-key"]).toBeUndefined();
    expect(request.query).toBe("");
  });

  it("missing credentials: isError naming every variable per alternative, and nothing is sent", async () => {
    const { result, requests } = await callWith([["headerKey", "bearer"], ["basic"]], { BEARER: "t", USER: "" });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      "Missing credentials, so the request was not sent: set KEY_HEADER, or set USER and PASS in the server's environment.",
    );
    expect(requests).toHaveLength(0);
  });

  it("optional authentication ([] among the alternatives) sends credentials when set, none otherwise", async () => {
    const withKey = await callWith([[], ["headerKey"]], { KEY_HEADER: "k" });
    expect(only(withKey.requests).headers["x-api-key"]).toBe("k");
    upstream.clear();
    const without = await callWith([[], ["headerKey"]], {});
    expect(without.result.isError).toBeUndefined();
    expect(only(without.requests).headers["x-api-key"]).toBeUndefined();
  });

  it("security [] sends no credentials even when they are configured", async () => {
    const { requests } = await callWith([], { KEY_HEADER: "k", BEARER: "t" });
    const request = only(requests);
    expect(request.headers["x-api-key"]).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();
  });
});

describe("secrets stay out of errors", () => {
  it("a credential with a stray newline is refused naming the variable, not its value", async () => {
    const { result, requests } = await callWith([["headerKey"]], { KEY_HEADER: "key-with-newline\n" });
    expect(firstText(result)).toBe(
      "The environment variable KEY_HEADER contains a line break or NUL: remove it (check for a trailing newline).",
    );
    expect(requests).toHaveLength(0);
  });

  it("redacts credentials an upstream echoes in an error body", async () => {
    upstream.reply((req) => ({ status: 403, json: { error: `key ${req.headers["x-api-key"]} is revoked` } }));
    const { result } = await callWith([["headerKey"]], { KEY_HEADER: "very-secret-key" });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      'GET /pets failed with HTTP 403 Forbidden. Response body: {"error":"key [redacted] is revoked"}',
    );
  });
});

describe("oauth2 client credentials", () => {
  const env = { CLIENT_ID: "client one", CLIENT_SECRET: "s3cret&x" };
  let issued = 0;

  beforeEach(() => {
    issued = 0;
    upstream.reply((req) => {
      if (req.path === "/oauth/token") {
        issued++;
        return { json: { access_token: `token-${issued}`, token_type: "Bearer", expires_in: 3600 } };
      }
      return { json: { auth: req.headers.authorization } };
    });
  });

  it("gets a token with HTTP Basic client authentication (form-encoded id and secret) and the scopes", async () => {
    const executor = createHttpExecutor(api(), { env });
    const op = operation({ path: "/pets", security: [["oauth"]] });
    const result = await callTool(executor, op);
    expect(result.structuredContent).toEqual({ auth: "Bearer token-1" });

    const token = upstream.requests[0]!;
    expect(token.method).toBe("POST");
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from("client+one:s3cret%26x").toString("base64")}`);
    expect(token.text).toBe("grant_type=client_credentials&scope=pets%3Aread+pets%3Awrite");
  });

  it("caches the token across calls", async () => {
    const executor = createHttpExecutor(api(), { env });
    const op = operation({ path: "/pets", security: [["oauth"]] });
    await callTool(executor, op);
    await callTool(executor, op);
    await Promise.all([callTool(executor, op), callTool(executor, op)]);
    expect(upstream.requests.filter((r) => r.path === "/oauth/token")).toHaveLength(1);
    expect(upstream.requests.filter((r) => r.path === "/pets").map((r) => r.headers.authorization)).toEqual(
      Array(4).fill("Bearer token-1"),
    );
  });

  it("gets a new token when the API answers 401, and sends the request once more", async () => {
    upstream.reply((req) => {
      if (req.path === "/oauth/token") {
        issued++;
        return { json: { access_token: `token-${issued}`, expires_in: 3600 } };
      }
      return req.headers.authorization === "Bearer token-1"
        ? { status: 401, json: { error: "token revoked" } }
        : { json: { auth: req.headers.authorization } };
    });
    const executor = createHttpExecutor(api(), { env });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(result.structuredContent).toEqual({ auth: "Bearer token-2" });
    expect(upstream.requests.map((r) => r.path)).toEqual(["/oauth/token", "/pets", "/oauth/token", "/pets"]);
  });

  it("retries only once: a second 401 is the API's answer", async () => {
    upstream.reply((req) =>
      req.path === "/oauth/token" ? { json: { access_token: `token-${++issued}` } } : { status: 401, body: "no" },
    );
    const executor = createHttpExecutor(api(), { env });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(firstText(result)).toBe("GET /pets failed with HTTP 401 Unauthorized. Response body: no");
    expect(upstream.requests.map((r) => r.path)).toEqual(["/oauth/token", "/pets", "/oauth/token", "/pets"]);
  });

  it("renews a token shortly before it expires", async () => {
    upstream.reply((req) =>
      req.path === "/oauth/token"
        ? { json: { access_token: `token-${++issued}`, expires_in: 20 } } // inside the 30 s renewal margin
        : { json: { auth: req.headers.authorization } },
    );
    const executor = createHttpExecutor(api(), { env });
    const op = operation({ path: "/pets", security: [["oauth"]] });
    await callTool(executor, op);
    const second = await callTool(executor, op);
    expect(second.structuredContent).toEqual({ auth: "Bearer token-2" });
  });

  it("falls back to credentials in the form body when the token endpoint refuses Basic", async () => {
    upstream.reply((req) => {
      if (req.path !== "/oauth/token") return { json: { auth: req.headers.authorization } };
      if (req.headers.authorization) return { status: 401, json: { error: "invalid_client" } };
      return { json: { access_token: "from-body" } };
    });
    const executor = createHttpExecutor(api(), { env });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(result.structuredContent).toEqual({ auth: "Bearer from-body" });
    const [, withBody] = upstream.requests;
    expect(withBody?.text).toBe(
      "grant_type=client_credentials&scope=pets%3Aread+pets%3Awrite&client_id=client+one&client_secret=s3cret%26x",
    );
  });

  it("a failing token endpoint is an isError with its status, and the secret stays out of it", async () => {
    upstream.reply((req) =>
      req.path === "/oauth/token"
        ? { status: 500, body: `cannot check secret ${env.CLIENT_SECRET}` }
        : { json: { unexpected: true } },
    );
    const executor = createHttpExecutor(api(), { env });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(firstText(result)).toBe(
      `The OAuth2 token request to ${upstream.url}/oauth/token failed: 500 Internal Server Error: cannot check secret [redacted]`,
    );
    expect(upstream.requests.some((r) => r.path === "/pets")).toBe(false);
  });

  it("one call cancelled while waiting for a token does not fail another waiting for the same token", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    upstream.reply(async (req) => {
      if (req.path !== "/oauth/token") return { json: { auth: req.headers.authorization } };
      await gate;
      return { json: { access_token: "shared", expires_in: 3600 } };
    });
    const executor = createHttpExecutor(api(), { env });
    const op = operation({ path: "/pets", security: [["oauth"]] });
    const controller = new AbortController();
    const tokenRequest = upstream.nextRequest();
    const cancelled = callTool(executor, op, {}, { signal: controller.signal });
    const waiting = callTool(executor, op);
    await tokenRequest;
    controller.abort();
    expect(firstText(await cancelled)).toBe("GET /pets was cancelled.");
    release();
    expect((await waiting).structuredContent).toEqual({ auth: "Bearer shared" });
    expect(upstream.requests.map((r) => r.path)).toEqual(["/oauth/token", "/pets"]);
  });

  it("an unreachable token endpoint is named in the error", async () => {
    const closed = await startUpstream();
    await closed.close();
    const scheme = {
      ...api().securitySchemes.oauth!,
      tokenUrl: `${closed.url}/token`,
    } as HttpApi["securitySchemes"][string];
    const executor = createHttpExecutor({ ...api(), securitySchemes: { oauth: scheme } }, { env });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(firstText(result)).toMatch(
      new RegExp(`^The OAuth2 token endpoint ${closed.url}/token could not be reached: .*ECONNREFUSED`),
    );
  });

  it("missing client credentials name both variables", async () => {
    const executor = createHttpExecutor(api(), { env: {} });
    const result = await callTool(executor, operation({ path: "/pets", security: [["oauth"]] }));
    expect(firstText(result)).toBe(
      "Missing credentials, so the request was not sent: set CLIENT_ID and CLIENT_SECRET in the server's environment.",
    );
    expect(upstream.requests).toHaveLength(0);
  });
});
