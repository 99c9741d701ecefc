import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { createHttpExecutor } from "./executor.js";
import { ForwardCredentialsError } from "./forward.js";
import type { HttpApi } from "./operation.js";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream();
});
beforeEach(() => upstream.clear());
afterAll(() => upstream.close());

const api = (): HttpApi => ({
  servers: [{ url: upstream.url }],
  securitySchemes: {
    header_key: { type: "apiKey", in: "header", name: "X-Api-Key", env: "HEADER_KEY" },
    query_key: { type: "apiKey", in: "query", name: "api_key", env: "QUERY_KEY" },
    cookie_key: { type: "apiKey", in: "cookie", name: "session", env: "COOKIE_KEY" },
    bearer: { type: "http", scheme: "bearer", env: "TOKEN" },
    basic: { type: "http", scheme: "basic", usernameEnv: "USER", passwordEnv: "PASS" },
    oidc: { type: "bearerToken", env: "OIDC_TOKEN" },
    client: {
      type: "oauth2",
      flow: "clientCredentials",
      tokenUrl: `${upstream.url}/token`,
      scopes: [],
      clientIdEnv: "CLIENT_ID",
      clientSecretEnv: "CLIENT_SECRET",
    },
  },
});

const secured = (scheme: string) => operation({ security: [[scheme]] });
/** What a caller's HTTP request carries, as `ctx.headers` hands it over (`Headers` lower-cases and trims). */
const caller = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

describe("credential forwarding: configuration", () => {
  it("is off by default: the caller's headers are ignored and the environment's credential is sent", async () => {
    const executor = createHttpExecutor(api(), { env: { HEADER_KEY: "from-env" } });
    await callTool(executor, secured("header_key"), {}, caller({ "X-Upstream-header_key": "from-caller" }));
    expect(upstream.last().headers["x-api-key"]).toBe("from-env");
  });

  it("refuses the MCP Authorization header and the exchange's own headers, whatever their case", () => {
    for (const header of ["Authorization", "authorization", "Proxy-Authorization", "Cookie", "Mcp-Session-Id"]) {
      const make = () => createHttpExecutor(api(), { env: {}, forwardCredentials: { schemes: { bearer: header } } });
      expect(make).toThrow(ForwardCredentialsError);
      expect(make).toThrow(`names the ${header} header, which belongs to the MCP exchange`);
    }
  });

  it("refuses an unknown scheme (listing the defined ones), an OAuth2 client, a bad or shared header name", () => {
    const make = (schemes: Record<string, string | true>) => () =>
      createHttpExecutor(api(), { env: {}, forwardCredentials: { schemes } });
    expect(make({ nope: true })).toThrow(
      'names the security scheme "nope", which the API does not define (it defines header_key, query_key',
    );
    expect(make({ client: true })).toThrow('cannot forward the OAuth2 client credentials scheme "client"');
    expect(make({ bearer: "X Token" })).toThrow('"X Token" is not a valid header name');
    expect(make({ bearer: "X-Token", oidc: "x-token" })).toThrow(
      'names the header x-token for both "bearer" and "oidc"',
    );
  });

  it("reads MCPSMITH_FORWARD_CREDENTIALS (SCHEME or SCHEME=HEADER) and its fallback switch from env", async () => {
    const env = {
      MCPSMITH_FORWARD_CREDENTIALS: "header_key, bearer=X-Bearer",
      MCPSMITH_FORWARD_CREDENTIALS_FALLBACK: "1",
      TOKEN: "env-token",
    };
    const executor = createHttpExecutor(api(), { env });
    await callTool(executor, secured("header_key"), {}, caller({ "X-Upstream-header_key": "k-1" }));
    expect(upstream.last().headers["x-api-key"]).toBe("k-1");
    await callTool(executor, secured("bearer"), {}, caller({ "X-Bearer": "caller-token" }));
    expect(upstream.last().headers.authorization).toBe("Bearer caller-token");
    await callTool(executor, secured("bearer"), {}, caller({}));
    expect(upstream.last().headers.authorization).toBe("Bearer env-token");

    expect(() =>
      createHttpExecutor(api(), {
        env: { MCPSMITH_FORWARD_CREDENTIALS: "bearer=Authorization" },
      }),
    ).toThrow("never forwarded upstream");
    expect(() =>
      createHttpExecutor(api(), {
        env: { MCPSMITH_FORWARD_CREDENTIALS: "bearer", MCPSMITH_FORWARD_CREDENTIALS_FALLBACK: "maybe" },
      }),
    ).toThrow('MCPSMITH_FORWARD_CREDENTIALS_FALLBACK must be 1, true, 0 or false, not "maybe"');
  });
});

describe("credential forwarding: calls", () => {
  const forwarding = (fallbackToEnv = false) =>
    createHttpExecutor(api(), {
      env: { HEADER_KEY: "env-key", USER: "env-user", PASS: "env-pass" },
      forwardCredentials: {
        schemes: { header_key: true, query_key: true, cookie_key: true, bearer: true, basic: true, oidc: "X-Id-Token" },
        fallbackToEnv,
      },
    });

  it("puts the caller's value where each scheme says: header, query, cookie, bearer, basic", async () => {
    const executor = forwarding();
    await callTool(executor, secured("header_key"), {}, caller({ "X-Upstream-header_key": "k h" }));
    expect(upstream.last().headers["x-api-key"]).toBe("k h");
    await callTool(executor, secured("query_key"), {}, caller({ "X-Upstream-query_key": "q&1" }));
    expect(upstream.last().query).toBe("api_key=q%261");
    await callTool(executor, secured("cookie_key"), {}, caller({ "X-Upstream-cookie_key": "c;1" }));
    expect(upstream.last().cookies.session).toBe("c%3B1");
    await callTool(executor, secured("bearer"), {}, caller({ "X-Upstream-bearer": "t-1" }));
    expect(upstream.last().headers.authorization).toBe("Bearer t-1");
    await callTool(executor, secured("oidc"), {}, caller({ "X-Id-Token": "id-1" }));
    expect(upstream.last().headers.authorization).toBe("Bearer id-1");
    await callTool(executor, secured("basic"), {}, caller({ "X-Upstream-basic": "ann:p:w" }));
    expect(upstream.last().headers.authorization).toBe(`Basic ${Buffer.from("ann:p:w").toString("base64")}`);
  });

  it("a caller without the header gets an isError naming it, and nothing is sent with the operator's credential", async () => {
    const result = await callTool(forwarding(), secured("header_key"), {}, caller({ Authorization: "Bearer mcp" }));
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      "Missing credentials, so the request was not sent: send the X-Upstream-header_key header with the MCP request.",
    );
    expect(upstream.requests).toHaveLength(0);
  });

  it("names headers and variables together when alternatives mix them", async () => {
    const op = operation({ security: [["header_key"], ["client"]] });
    const result = await callTool(forwarding(), op, {}, caller({}));
    expect(firstText(result)).toBe(
      "Missing credentials, so the request was not sent: send the X-Upstream-header_key header with the MCP request, or set CLIENT_ID and CLIENT_SECRET in the server's environment.",
    );
  });

  it("falls back to the environment only when configured to", async () => {
    await callTool(forwarding(true), secured("header_key"), {}, caller({}));
    expect(upstream.last().headers["x-api-key"]).toBe("env-key");
    await callTool(forwarding(true), secured("basic"), {}, caller({}));
    expect(upstream.last().headers.authorization).toBe(`Basic ${Buffer.from("env-user:env-pass").toString("base64")}`);
  });

  it("over stdio (no caller headers) forwarding does nothing: the environment's credential is used", async () => {
    await callTool(forwarding(), secured("header_key"));
    expect(upstream.last().headers["x-api-key"]).toBe("env-key");
  });

  it("refuses a forwarded value with a line break, naming the header and not the value", async () => {
    // `Headers` refuses such values, but a host may hand over its own header map: the executor checks them anyway.
    const raw = { get: (name: string) => (name === "X-Upstream-bearer" ? "t-1\r\nX-Injected: yes" : null) };
    const result = await callTool(forwarding(), secured("bearer"), {}, { headers: raw });
    expect(firstText(result)).toBe(
      "The X-Upstream-bearer header contains a line break or NUL: remove it (check for a trailing newline).",
    );
    expect(upstream.requests).toHaveLength(0);
  });

  it("a Basic value without a colon is refused, naming the header", async () => {
    const result = await callTool(forwarding(), secured("basic"), {}, caller({ "X-Upstream-basic": "ann" }));
    expect(firstText(result)).toBe('The X-Upstream-basic header must hold user:password for the "basic" scheme.');
  });

  it("scrubs the forwarded credential from the upstream's error body", async () => {
    upstream.reply((req) => ({ status: 403, body: `key ${req.headers["x-api-key"]} is revoked` }));
    try {
      const result = await callTool(
        forwarding(),
        secured("header_key"),
        {},
        caller({ "X-Upstream-header_key": "s3cret" }),
      );
      expect(result.isError).toBe(true);
      expect(firstText(result)).not.toContain("s3cret");
      expect(firstText(result)).toContain("key [redacted] is revoked");
    } finally {
      upstream.reply(() => ({ json: { ok: true } }));
    }
  });

  it("reads the server's environment through on each call, never copying it", async () => {
    // The environment a server has is the process's, hundreds of variables: a call reads the few it needs.
    const variables: Record<string, string> = { HEADER_KEY: "env-key" };
    for (let i = 0; i < 200; i++) variables[`UNRELATED_${i}`] = "x";
    let listed = 0;
    const env = new Proxy(variables, {
      ownKeys: (target) => {
        listed++;
        return Reflect.ownKeys(target);
      },
    });
    const executor = createHttpExecutor(api(), { env, forwardCredentials: { schemes: { bearer: true } } });
    for (const token of ["t-1", "t-2", "t-3"]) {
      await callTool(executor, secured("bearer"), {}, caller({ "X-Upstream-bearer": token }));
      expect(upstream.last().headers.authorization).toBe(`Bearer ${token}`);
    }
    await callTool(executor, secured("header_key"), {}, caller({}));
    expect(upstream.last().headers["x-api-key"]).toBe("env-key");
    expect(listed).toBe(0);
  });
});
