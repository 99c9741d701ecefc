import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { type Context, server, tool } from "../../index.js";
import { createTestClient } from "../../testing/index.js";
import { createHttpExecutor, DEFAULT_USER_AGENT } from "./executor.js";
import type { HttpApi, HttpOperation } from "./operation.js";

let upstream: Upstream;
let other: Upstream;

beforeAll(async () => {
  [upstream, other] = await Promise.all([startUpstream(), startUpstream()]);
});
beforeEach(() => {
  upstream.clear();
  other.clear();
  upstream.reply(() => ({ json: { ok: true } }));
});
afterAll(() => Promise.all([upstream.close(), other.close()]));

const api = (): HttpApi => ({
  servers: [{ url: upstream.url }],
  securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key", env: "KEY" } },
});

describe("headers", () => {
  it("sends Accept from the operation, the user agent and extra headers; parameters win over extra headers", async () => {
    const executor = createHttpExecutor(api(), { headers: { "X-Client": "tests", "X-Tenant": "default" } });
    const op = operation({
      accepts: ["application/json", "application/xml"],
      parameters: [
        { name: "X-Tenant", argument: "tenant", in: "header", style: "simple", explode: false, required: false },
      ],
    });
    await callTool(executor, op, { tenant: "acme" });
    const request = upstream.last();
    expect(request.headers.accept).toBe("application/json, application/xml");
    expect(request.headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
    expect(request.headers["x-client"]).toBe("tests");
    expect(request.headers["x-tenant"]).toBe("acme");

    await callTool(createHttpExecutor(api(), { userAgent: "petstore-mcp/1.0" }), operation());
    expect(upstream.last().headers["user-agent"]).toBe("petstore-mcp/1.0");
  });

  it("a User-Agent among the extra headers is kept; the userAgent option wins over it", async () => {
    await callTool(createHttpExecutor(api(), { headers: { "User-Agent": "mine/2" } }), operation());
    expect(upstream.last().headers["user-agent"]).toBe("mine/2");
    await callTool(createHttpExecutor(api(), { headers: { "User-Agent": "mine/2" }, userAgent: "opt/3" }), operation());
    expect(upstream.last().headers["user-agent"]).toBe("opt/3");
  });

  // The source splits a path key's query part (`/search?type=user`, `/{Bucket}#uploads`) into `fixedQuery`.
  it("the fixed query items go first, flags bare, and the parameters join them", async () => {
    const op = operation({
      path: "/search",
      fixedQuery: [{ name: "type", value: "user" }, { name: "uploads" }],
      parameters: [{ name: "q", argument: "q", in: "query", style: "form", explode: true, required: true }],
    });
    await callTool(createHttpExecutor(api()), op, { q: "ada" });
    expect(upstream.last().url).toBe("/search?type=user&uploads&q=ada");
  });

  it("a fixed query item is encoded, and what its key already percent-encodes is kept", async () => {
    const op = operation({ path: "/find", fixedQuery: [{ name: "a b", value: "x%20y&z" }] });
    await callTool(createHttpExecutor(api()), op);
    expect(upstream.last().url).toBe("/find?a%20b=x%20y%26z");
  });

  // The source turns a path key's `name=value` item naming a header parameter (`/#X-Amz-Target=Svc.Op`) into a fixed header.
  it("sends the headers the path key fixes, before the header parameters", async () => {
    const op = operation({
      path: "/",
      fixedHeaders: [{ name: "X-Amz-Target", value: "Svc_2020.GetThing" }],
      parameters: [
        { name: "X-Other", argument: "other", in: "header", style: "simple", explode: false, required: true },
      ],
    });
    await callTool(createHttpExecutor(api()), op, { other: "o" });
    expect(upstream.last().url).toBe("/");
    expect(upstream.last().headers["x-amz-target"]).toBe("Svc_2020.GetThing");
    expect(upstream.last().headers["x-other"]).toBe("o");
  });

  it("sends a path item's method upper-cased, and any other as written", async () => {
    await callTool(createHttpExecutor(api()), operation({ method: "delete", path: "/pets/1" }));
    expect(upstream.last().method).toBe("DELETE");
    // OpenAPI 3.2: QUERY carries its query as a body; `additionalOperations` keys are sent with their own case.
    const sent: string[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      sent.push(new Request(input, init).method);
      return Response.json({});
    };
    const json = { mediaType: "application/json", argument: "body", required: false };
    await callTool(createHttpExecutor(api(), { fetch }), operation({ method: "query", path: "/pets", body: json }), {
      body: { name: "Rex" },
    });
    await callTool(createHttpExecutor(api(), { fetch }), operation({ method: "Purge", path: "/pets/1" }));
    expect(sent).toEqual(["QUERY", "Purge"]);
  });
});

describe("misuse", () => {
  it("options are checked when the executor is made", () => {
    expect(() => createHttpExecutor(api(), { timeoutMs: 0 })).toThrow(
      "createHttpExecutor: timeoutMs must be a positive number of milliseconds, not 0.",
    );
    expect(() => createHttpExecutor(api(), { maxResponseBytes: Number.NaN })).toThrow(
      "createHttpExecutor: maxResponseBytes must be a positive number of bytes, not NaN.",
    );
  });

  it("a body on a GET is refused before sending (fetch cannot send it)", async () => {
    const op = operation({
      path: "/search",
      body: { argument: "query", mediaType: "application/json", required: false },
    });
    const result = await callTool(createHttpExecutor(api()), op, { query: { match: "x" } });
    expect(firstText(result)).toBe(
      'GET /search has a request body, which fetch cannot send with GET: leave out "query".',
    );
    expect(upstream.requests).toHaveLength(0);
  });
});

describe("timeouts and cancellation", () => {
  it("gives up after timeoutMs, says so, and the upstream sees the request aborted", async () => {
    upstream.reply(() => ({ hang: true }));
    const executor = createHttpExecutor(api(), { timeoutMs: 1000 });
    const pending = callTool(executor, operation({ path: "/slow" }));
    const request = await upstream.nextRequest();
    expect(await pending).toEqual({
      content: [{ type: "text", text: "GET /slow timed out after 1000 ms." }],
      isError: true,
    });
    expect(await request.closed).toEqual({ answered: false });
  });

  it("cancelling the call aborts the HTTP request", async () => {
    upstream.reply(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = callTool(
      createHttpExecutor(api()),
      operation({ path: "/slow" }),
      {},
      { signal: controller.signal },
    );
    const request = await upstream.nextRequest();
    controller.abort();
    expect(await pending).toEqual({ content: [{ type: "text", text: "GET /slow was cancelled." }], isError: true });
    expect(await request.closed).toEqual({ answered: false });
  });

  it("a call cancelled before it starts sends nothing", async () => {
    const result = await callTool(createHttpExecutor(api()), operation(), {}, { signal: AbortSignal.abort() });
    expect(firstText(result)).toBe("GET / was cancelled.");
    expect(upstream.requests).toHaveLength(0);
  });
});

describe("redirects", () => {
  it("follows a redirect on the same origin; a 303 after a POST becomes a GET without a body", async () => {
    upstream.reply((req) =>
      req.path === "/orders" ? { status: 303, headers: { Location: "/orders/9" } } : { json: { id: 9 } },
    );
    const op = operation({
      method: "POST",
      path: "/orders",
      body: { argument: "body", mediaType: "application/json", required: true },
    });
    const result = await callTool(createHttpExecutor(api()), op, { body: { item: "x" } });
    expect(result.structuredContent).toEqual({ id: 9 });
    expect(upstream.requests.map((r) => [r.method, r.url, r.body.byteLength])).toEqual([
      ["POST", "/orders", 12],
      ["GET", "/orders/9", 0],
    ]);
    expect(upstream.requests[1]!.headers["content-type"]).toBeUndefined();
  });

  it("refuses to follow a redirect to another origin when the request carries credentials", async () => {
    upstream.reply(() => ({ status: 302, headers: { Location: `${other.url}/steal` } }));
    const executor = createHttpExecutor(api(), { env: { KEY: "k" } });
    const result = await callTool(executor, operation({ security: [["key"]] }));
    expect(firstText(result)).toBe(
      `The API redirected to another origin (${other.url}); the redirect was not followed because the request carries credentials.`,
    );
    expect(other.requests).toHaveLength(0);
  });

  it("follows a redirect to another origin when no credentials are involved", async () => {
    upstream.reply(() => ({ status: 307, headers: { Location: `${other.url}/mirror` } }));
    const result = await callTool(createHttpExecutor(api()), operation());
    expect(result.structuredContent).toEqual({ ok: true });
    expect(other.last().url).toBe("/mirror");
  });
});

describe("unreachable API", () => {
  it("says the API could not be reached, with the reason", async () => {
    const closed = await startUpstream();
    await closed.close();
    const executor = createHttpExecutor({ servers: [{ url: closed.url }], securitySchemes: {} });
    const result = await callTool(executor, operation({ path: "/pets" }));
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/^GET \/pets could not reach the API: .*ECONNREFUSED/);
  });
});

describe("inside a server", () => {
  // What a generated server does: operations as literals, one executor, tools that delegate to it.
  const OPERATIONS = {
    getPet: {
      method: "GET",
      path: "/pets/{petId}",
      parameters: [{ name: "petId", argument: "petId", in: "path", style: "simple", explode: false, required: true }],
      security: [["key"]],
      accepts: ["application/json"],
    },
  } as const satisfies Record<string, HttpOperation>;

  interface GetPetArgs {
    petId: number;
  }

  class PetTools {
    constructor(private readonly http: ReturnType<typeof createHttpExecutor>) {}

    @tool({
      description: "Find a pet by id.",
      input: { type: "object", properties: { petId: { type: "integer" } }, required: ["petId"] },
      readOnly: true,
    })
    getPet(args: GetPetArgs, ctx: Context) {
      return this.http.call(OPERATIONS.getPet, args, ctx);
    }
  }

  it("a decorated class delegating to the executor answers through a real client", async () => {
    upstream.reply(() => ({ json: { id: 3, name: "Tom" } }));
    const client = await createTestClient(new PetTools(createHttpExecutor(api(), { env: { KEY: "k-2" } })), {
      era: "legacy",
    });
    try {
      const found = await client.callTool({ name: "getPet", arguments: { petId: 3 } });
      expect(found.structuredContent).toEqual({ id: 3, name: "Tom" });
      expect(upstream.last().url).toBe("/pets/3");
      const invalid = await client.callTool({ name: "getPet", arguments: { petId: "three" } });
      expect(invalid.isError).toBe(true);
      expect(upstream.requests).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it.each(["legacy", "2026-07-28"] as const)(
    "a client cancelling the tool call (%s) aborts the HTTP request upstream",
    async (era) => {
      upstream.reply(() => ({ hang: true }));
      const client = await createTestClient(new PetTools(createHttpExecutor(api(), { env: { KEY: "k" } })), { era });
      try {
        const controller = new AbortController();
        const arrived = upstream.nextRequest();
        const call = client.callTool({ name: "getPet", arguments: { petId: 1 } }, { signal: controller.signal });
        call.catch(() => {}); // asserted below; keeps the rejection handled meanwhile
        const request = await arrived;
        controller.abort();
        await expect(call).rejects.toThrow();
        expect(await request.closed).toEqual({ answered: false });
      } finally {
        await client.close();
      }
    },
  );

  it("an image from the API reaches the client as image content", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    upstream.reply(() => ({ body: png, headers: { "Content-Type": "image/png" } }));
    const client = await createTestClient(new PetTools(createHttpExecutor(api(), { env: { KEY: "k" } })), {
      era: "2026-07-28",
    });
    try {
      const result = await client.callTool({ name: "getPet", arguments: { petId: 1 } });
      expect(result.content).toEqual([{ type: "image", data: png.toString("base64"), mimeType: "image/png" }]);
    } finally {
      await client.close();
    }
  });

  it("a JSON answer is structured content, a missing credential isError, through a real client", async () => {
    upstream.reply((req) => ({ json: { id: Number(req.path.split("/").at(-1)), name: "Rex" } }));
    const env: Record<string, string> = {};
    const executor = createHttpExecutor(api(), { env });
    const app = server({ name: "petstore", version: "1.0.0" }).tool(
      "getPet",
      {
        description: "Find a pet by id.",
        input: { type: "object", properties: { petId: { type: "integer" } }, required: ["petId"] },
      },
      (args, ctx) => executor.call(OPERATIONS.getPet, args, ctx),
    );
    const client = await createTestClient(app, { era: "2026-07-28" });
    try {
      const refused = await client.callTool({ name: "getPet", arguments: { petId: 7 } });
      expect(refused).toMatchObject({
        isError: true,
        content: [
          {
            type: "text",
            text: "Missing credentials, so the request was not sent: set KEY in the server's environment.",
          },
        ],
      });
      expect(upstream.requests).toHaveLength(0);

      env.KEY = "k-1";
      const found = await client.callTool({ name: "getPet", arguments: { petId: 7 } });
      expect(found.structuredContent).toEqual({ id: 7, name: "Rex" });
      expect(found.isError).toBeFalsy();
      expect(upstream.last().headers["x-key"]).toBe("k-1");
    } finally {
      await client.close();
    }
  });
});
