import { describe, expect, it } from "vitest";
import { parseBody } from "./body.js";
import { checkHostAndOrigin, resolveGuards } from "./guards.js";
import { incomingOf } from "./incoming.js";
import {
  type Exchange,
  enrich,
  exchangeOf,
  handlerOptions,
  type Known,
  type Next,
  pipeline,
  type Reply,
  type Step,
} from "./pipeline.js";

/** The last stage: records what reached it and answers 200. */
function recorder(): { seen: Exchange[]; last: Next } {
  const seen: Exchange[] = [];
  return {
    seen,
    last: async (exchange) => {
      seen.push(exchange);
      return new Response("ok");
    },
  };
}

/** An exchange of a web Request, as `fetch` makes one. */
const exchange = (request: Request, known?: Known) => exchangeOf(incomingOf(request), known);

/** A step's answer, which these steps give as a web Response. */
function response(reply: Reply): Response {
  expect(reply).toBeInstanceOf(Response);
  return reply as Response;
}

const post = (body: RequestInit["body"], headers: Record<string, string> = {}, url = "http://localhost/mcp") =>
  new Request(url, { method: "POST", headers, body, duplex: "half" } as RequestInit);

async function errorOf(reply: Reply): Promise<{ code: number; message: string }> {
  return ((await response(reply).json()) as { error: { code: number; message: string } }).error;
}

describe("pipeline", () => {
  it("runs the steps in order, each handing the next what it changed", async () => {
    const order: string[] = [];
    const tag =
      (name: string): Step =>
      (given, next) => {
        order.push(name);
        return next(enrich(given, { body: [...((given.body as string[]) ?? []), name] }));
      };
    const { seen, last } = recorder();
    await pipeline([tag("a"), tag("b")], last)(exchange(post(null)));
    expect(order).toEqual(["a", "b"]);
    expect(seen[0]?.body).toEqual(["a", "b"]);
  });

  it("stops at a step that answers", async () => {
    const { seen, last } = recorder();
    const refuse: Step = async () => new Response(null, { status: 418 });
    expect(response(await pipeline([refuse], last)(exchange(post(null)))).status).toBe(418);
    expect(seen).toEqual([]);
  });

  it("gives the SDK the parsed body and the credentials, and nothing it does not have", () => {
    const authInfo = { token: "t", clientId: "c", scopes: [] };
    expect(handlerOptions(exchange(post(null), { body: { id: 1 }, authInfo }))).toEqual({
      parsedBody: { id: 1 },
      authInfo,
    });
    expect(handlerOptions(exchange(post(null)))).toEqual({});
  });
});

describe("checkHostAndOrigin", () => {
  const guard = checkHostAndOrigin(resolveGuards({ allowedHosts: ["mcp.example.com"] }));

  it("refuses a Host header that is not allowed with 403", async () => {
    const { seen, last } = recorder();
    const answer = response(await guard(exchange(post("{}", { host: "evil.example" })), last));
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toEqual({ code: -32000, message: "Invalid Host: evil.example" });
    expect(seen).toEqual([]);
  });

  it("reads the host from the URL when the request has no Host header", async () => {
    const { last } = recorder();
    expect(response(await guard(exchange(post("{}", {}, "https://mcp.example.com/mcp")), last)).status).toBe(200);
    expect(response(await guard(exchange(post("{}", {}, "http://localhost/mcp")), last)).status).toBe(403);
  });

  it("refuses a foreign Origin and lets a request without one through", async () => {
    const { seen, last } = recorder();
    const url = "https://mcp.example.com/mcp";
    const foreign = response(await guard(exchange(post("{}", { origin: "https://evil.example" }, url)), last));
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).message).toBe("Invalid Origin: evil.example");
    expect(response(await guard(exchange(post("{}", { origin: "http://localhost:5173" }, url)), last)).status).toBe(
      200,
    );
    expect(response(await guard(exchange(post("{}", {}, url)), last)).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("does not touch the body", async () => {
    const { last } = recorder();
    const request = post("{}", { origin: "https://evil.example" });
    await guard(exchange(request), last);
    expect(request.bodyUsed).toBe(false);
  });
});

describe("parseBody", () => {
  const LIMIT = 64;
  const step = parseBody(LIMIT);

  it("hands on the parsed JSON body", async () => {
    const { seen, last } = recorder();
    await step(exchange(post('{"jsonrpc":"2.0","id":1}')), last);
    expect(seen[0]?.body).toEqual({ jsonrpc: "2.0", id: 1 });
  });

  it("hands on a body that is not JSON as text, for the SDK to answer", async () => {
    const { seen, last } = recorder();
    await step(exchange(post("{not json")), last);
    expect(seen[0]?.body).toBeUndefined();
    expect(await seen[0]?.request.text()).toBe("{not json");
  });

  it("answers 413 for a body whose Content-Length is over the limit, without reading it", async () => {
    const { seen, last } = recorder();
    const request = post("x".repeat(LIMIT + 1), { "content-length": String(LIMIT + 1) });
    const answer = response(await step(exchange(request), last));
    expect(answer.status).toBe(413);
    expect(answer.headers.get("connection")).toBe("close");
    expect(await errorOf(answer)).toEqual({
      code: -32000,
      message: `Payload Too Large: Request body must not exceed ${LIMIT} bytes`,
    });
    expect(request.bodyUsed).toBe(false);
    expect(seen).toEqual([]);
  });

  it("answers 413 at the limit for a body without Content-Length, reading no further", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(16));
      },
    });
    const { seen, last } = recorder();
    expect(response(await step(exchange(post(endless)), last)).status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(LIMIT / 16 + 2);
    expect(seen).toEqual([]);
  });

  it("reads the body with its front's reader, under the limit", async () => {
    const limits: number[] = [];
    const { seen, last } = recorder();
    const readFromServer = async (limit: number) => {
      limits.push(limit);
      return '{"id":2}';
    };
    const reading = (text: (limit: number) => Promise<string | undefined>) =>
      exchangeOf({ ...incomingOf(post(null)), text });
    await step(reading(readFromServer), last);
    expect(seen[0]?.body).toEqual({ id: 2 });
    const tooLong = response(
      await step(
        reading(async () => undefined),
        last,
      ),
    );
    expect(tooLong.status).toBe(413);
    expect(limits).toEqual([LIMIT]);
  });

  it("answers 400 (PARSE_ERROR) when the body cannot be read", async () => {
    const { seen, last } = recorder();
    const broken = async () => Promise.reject(new Error("the client went away"));
    const answer = response(await step(exchangeOf({ ...incomingOf(post(null)), text: broken }), last));
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).code).toBe(-32700);
    expect(seen).toEqual([]);
  });

  it("leaves GET requests and bodies the caller already parsed alone", async () => {
    const { seen, last } = recorder();
    const get = new Request("http://localhost/mcp");
    await step(exchange(get), last);
    const parsed = post('{"ignored":true}');
    await step(exchange(parsed, { body: { id: 3 } }), last);
    expect(seen.map((reached) => reached.body)).toEqual([undefined, { id: 3 }]);
    expect(parsed.bodyUsed).toBe(false);
  });
});
