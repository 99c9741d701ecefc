import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { startUpstream, type Upstream, type UpstreamReply } from "../../../../../test/support/upstream.js";
import { createHttpExecutor, type HttpExecutorOptions } from "./executor.js";
import { ERROR_EXCERPT_CHARS } from "./response.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff]);

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());

async function answer(reply: UpstreamReply, options: HttpExecutorOptions = {}, path = "/things/{id}") {
  upstream.reply(() => reply);
  const executor = createHttpExecutor({ servers: [{ url: upstream.url }], securitySchemes: {} }, options);
  const op = operation({
    path,
    parameters: [{ name: "id", argument: "id", in: "path", style: "simple", explode: false, required: true }],
  });
  return callTool(executor, op, { id: 7 });
}

describe("JSON", () => {
  it("an object becomes structured content plus the same JSON as text", async () => {
    const result = await answer({ json: { id: 7, name: "Rex", tags: [] } });
    expect(result).toEqual({
      content: [{ type: "text", text: '{"id":7,"name":"Rex","tags":[]}' }],
      structuredContent: { id: 7, name: "Rex", tags: [] },
    });
  });

  it.each(["application/json; charset=utf-8", "application/vnd.api+json", "text/json"])("%s is JSON", async (type) => {
    const result = await answer({ body: '{"a":1}', headers: { "Content-Type": type } });
    expect(result.structuredContent).toEqual({ a: 1 });
  });

  it("an array or a scalar stays text (structured content must be an object)", async () => {
    const array = await answer({ json: [{ id: 1 }, { id: 2 }] });
    expect(array).toEqual({ content: [{ type: "text", text: '[{"id":1},{"id":2}]' }] });
    const scalar = await answer({ json: 42 });
    expect(scalar).toEqual({ content: [{ type: "text", text: "42" }] });
  });

  it("a body labelled JSON that is not JSON is shown as the text it is", async () => {
    const result = await answer({ body: "<html>oops</html>", headers: { "Content-Type": "application/json" } });
    expect(result).toEqual({ content: [{ type: "text", text: "<html>oops</html>" }] });
  });
});

describe("text", () => {
  it("text/* is text, decoded with its charset", async () => {
    const latin1 = Buffer.from("café", "latin1");
    const result = await answer({ body: latin1, headers: { "Content-Type": "text/plain; charset=iso-8859-1" } });
    expect(result).toEqual({ content: [{ type: "text", text: "café" }] });
  });

  it("XML and YAML are text", async () => {
    const xml = await answer({ body: "<pet/>", headers: { "Content-Type": "application/xml" } });
    expect(firstText(xml)).toBe("<pet/>");
    const atom = await answer({ body: "<feed/>", headers: { "Content-Type": "application/atom+xml" } });
    expect(firstText(atom)).toBe("<feed/>");
  });

  it("a body without a content type is text when it is UTF-8, else bytes", async () => {
    const text = await answer({ body: "plain words" });
    expect(firstText(text)).toBe("plain words");
    const bytes = await answer({ body: PNG });
    expect(bytes.content[0]).toMatchObject({ type: "resource", resource: { mimeType: "application/octet-stream" } });
  });
});

describe("binary", () => {
  it("an image becomes image content", async () => {
    const result = await answer({ body: PNG, headers: { "Content-Type": "image/png" } });
    expect(result).toEqual({ content: [{ type: "image", data: PNG.toString("base64"), mimeType: "image/png" }] });
  });

  it("audio becomes audio content", async () => {
    const result = await answer({ body: PNG, headers: { "Content-Type": "audio/mpeg" } });
    expect(result).toEqual({ content: [{ type: "audio", data: PNG.toString("base64"), mimeType: "audio/mpeg" }] });
  });

  it("other bytes become an embedded resource blob whose URI leaves out the query", async () => {
    upstream.reply(() => ({ body: PNG, headers: { "Content-Type": "application/pdf" } }));
    const executor = createHttpExecutor(
      {
        servers: [{ url: upstream.url }],
        securitySchemes: { key: { type: "apiKey", in: "query", name: "key", env: "KEY" } },
      },
      { env: { KEY: "secret-key" } },
    );
    const result = await callTool(executor, operation({ path: "/report.pdf", security: [["key"]] }));
    expect(upstream.last().url).toBe("/report.pdf?key=secret-key");
    expect(result).toEqual({
      content: [
        {
          type: "resource",
          resource: { uri: `${upstream.url}/report.pdf`, mimeType: "application/pdf", blob: PNG.toString("base64") },
        },
      ],
    });
  });
});

describe("status", () => {
  it("204 and other empty bodies say the call succeeded and how", async () => {
    const result = await answer({ status: 204 });
    expect(result).toEqual({
      content: [{ type: "text", text: "GET /things/{id} succeeded with HTTP 204 No Content and no content." }],
    });
  });

  it("an empty 201 names the Location of what was made", async () => {
    const result = await answer({ status: 201, headers: { Location: "/things/8" } });
    expect(firstText(result)).toBe(
      "GET /things/{id} succeeded with HTTP 201 Created and no content. Location: /things/8",
    );
  });

  it("a HEAD answer lists the response headers, cookies left out", async () => {
    upstream.reply(() => ({ headers: { ETag: '"v3"', "Set-Cookie": "s=1", "Content-Length": "120" } }));
    const executor = createHttpExecutor({ servers: [{ url: upstream.url }], securitySchemes: {} });
    const text = firstText(await callTool(executor, operation({ method: "HEAD", path: "/file" })));
    expect(text.split("\n\n")[0]).toBe("HEAD /file succeeded with HTTP 200 OK and no content.");
    expect(text).toContain('\netag: "v3"');
    expect(text).toContain("\ncontent-length: 120");
    expect(text).not.toContain("set-cookie");
  });

  it("a non-2xx status is isError with the status and the body", async () => {
    const problem = { type: "about:blank", title: "Not Found", status: 404, detail: "no pet 7" };
    const result = await answer({
      status: 404,
      body: JSON.stringify(problem),
      headers: { "Content-Type": "application/problem+json" },
    });
    expect(result).toEqual({
      content: [
        {
          type: "text",
          text: `GET /things/{id} failed with HTTP 404 Not Found. Response body: ${JSON.stringify(problem)}`,
        },
      ],
      isError: true,
    });
  });

  it("the body excerpt in an error is bounded", async () => {
    const result = await answer({ status: 500, body: "x".repeat(10_000), headers: { "Content-Type": "text/plain" } });
    const text = firstText(result);
    expect(text).toBe(
      `GET /things/{id} failed with HTTP 500 Internal Server Error. Response body: ${"x".repeat(ERROR_EXCERPT_CHARS)} [… cut]`,
    );
  });

  it("a binary error body is described, not dumped", async () => {
    const result = await answer({ status: 502, body: PNG, headers: { "Content-Type": "image/png" } });
    expect(firstText(result)).toBe(
      "GET /things/{id} failed with HTTP 502 Bad Gateway. Response body: (13 bytes of image/png)",
    );
  });

  it("a rate limit passes on Retry-After", async () => {
    const result = await answer({ status: 429, body: "slow down", headers: { "Retry-After": "30" } });
    expect(firstText(result)).toBe(
      "GET /things/{id} failed with HTTP 429 Too Many Requests (Retry-After: 30). Response body: slow down",
    );
  });

  it("an error without a body says only the status", async () => {
    const result = await answer({ status: 503 });
    expect(firstText(result)).toBe("GET /things/{id} failed with HTTP 503 Service Unavailable.");
  });
});

describe("size limit", () => {
  it("text over maxResponseBytes is cut, with a note, and JSON that was cut stays text", async () => {
    const big = JSON.stringify({ items: "y".repeat(500) });
    const result = await answer(
      { body: big, headers: { "Content-Type": "application/json" } },
      { maxResponseBytes: 100 },
    );
    expect(result.structuredContent).toBeUndefined();
    expect(firstText(result)).toBe(
      `${big.slice(0, 100)}\n\n[Response truncated: only the first 100 bytes were read (maxResponseBytes). ` +
        "Ask for less, for example with narrower filters or a smaller page.]",
    );
  });

  it("does not leave half a character at the cut", async () => {
    const result = await answer({ body: "aé", headers: { "Content-Type": "text/plain" } }, { maxResponseBytes: 2 });
    expect(firstText(result).startsWith("a\n\n[Response truncated")).toBe(true);
  });

  it("binary over the limit is isError rather than corrupt bytes", async () => {
    const result = await answer({ body: PNG, headers: { "Content-Type": "image/png" } }, { maxResponseBytes: 10 });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      "GET /things/{id} answered with image/png larger than the limit of 10 bytes (maxResponseBytes), so it was not downloaded whole and is not included.",
    );
  });
});
