import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, firstText, operation } from "../../../../../test/support/http-executor.js";
import { parseMultipart } from "../../../../../test/support/multipart.js";
import { startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { createHttpExecutor, type HttpExecutor } from "./executor.js";
import type { HttpBody } from "./operation.js";

// The 8-byte PNG signature and an IHDR chunk start: bytes that are not valid UTF-8.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);

let upstream: Upstream;
let executor: HttpExecutor;

beforeAll(async () => {
  upstream = await startUpstream();
  executor = createHttpExecutor({ servers: [{ url: upstream.url }], securitySchemes: {} });
});
afterAll(() => upstream.close());

async function post(body: HttpBody, value: unknown) {
  const result = await callTool(executor, operation({ method: "POST", path: "/upload", body }), { body: value });
  return { result, request: upstream.last() };
}

describe("JSON", () => {
  it("sends the argument's JSON with the operation's media type", async () => {
    const pet = { name: "Rex", tags: ["a"], age: 3, owner: null };
    const { request } = await post({ argument: "body", mediaType: "application/json", required: true }, pet);
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.text).toBe('{"name":"Rex","tags":["a"],"age":3,"owner":null}');
    expect(request.headers["content-length"]).toBe(String(request.body.byteLength));
  });

  it("keeps vendor JSON media types as written", async () => {
    const { request } = await post(
      { argument: "body", mediaType: "application/merge-patch+json", required: true },
      [1],
    );
    expect(request.headers["content-type"]).toBe("application/merge-patch+json");
    expect(request.text).toBe("[1]");
  });

  it("a missing required body is an isError naming the argument; an optional one sends no body", async () => {
    const before = upstream.requests.length;
    const body: HttpBody = { argument: "pet", mediaType: "application/json", required: true };
    const missing = await callTool(executor, operation({ method: "POST", body }), {});
    expect(firstText(missing)).toBe('Missing the request body: pass it as the argument "pet".');
    expect(upstream.requests.length).toBe(before);

    await callTool(executor, operation({ method: "POST", body: { ...body, required: false } }), {});
    expect(upstream.last().body.byteLength).toBe(0);
    expect(upstream.last().headers["content-type"]).toBeUndefined();
  });
});

describe("application/x-www-form-urlencoded", () => {
  const form = (encoding?: HttpBody["encoding"]): HttpBody => ({
    argument: "body",
    mediaType: "application/x-www-form-urlencoded",
    required: true,
    ...(encoding && { encoding }),
  });

  it("sends primitives and arrays as form/explode by default, encoded", async () => {
    const { request } = await post(form(), { name: "Ada Lovelace", tags: ["a&b", "c"], vip: true, age: 36 });
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request.text).toBe("name=Ada%20Lovelace&tags=a%26b&tags=c&vip=true&age=36");
  });

  it("nested objects follow the encoding's style: form explode by default, deepObject or non-exploded when asked", async () => {
    const value = { address: { city: "Paris", zip: "75001" }, filter: { a: 1 }, ids: [1, 2], meta: { x: 1 } };
    const { request } = await post(
      form({
        filter: { style: "deepObject", explode: true },
        ids: { style: "pipeDelimited", explode: false },
        meta: { contentType: "application/json" },
      }),
      value,
    );
    expect(request.text).toBe("city=Paris&zip=75001&filter%5Ba%5D=1&ids=1%7C2&meta=%7B%22x%22%3A1%7D");
  });

  it("deepObject fields nest lists and objects in brackets, as deepObject query parameters do (Stripe's bodies)", async () => {
    const deepObject = { style: "deepObject", explode: true } as const;
    const value = {
      customer: "cus_1",
      expand: ["latest_invoice", "customer"],
      items: [{ price: "price_1", quantity: 2, metadata: { k: "v" } }],
      metadata: { order: "42" },
    };
    const { request } = await post(form({ expand: deepObject, items: deepObject, metadata: deepObject }), value);
    expect(decodeURIComponent(request.text)).toBe(
      "customer=cus_1&expand[]=latest_invoice&expand[]=customer" +
        "&items[0][price]=price_1&items[0][quantity]=2&items[0][metadata][k]=v&metadata[order]=42",
    );
  });
});

describe("multipart/form-data", () => {
  const multipart: HttpBody = {
    argument: "body",
    mediaType: "multipart/form-data",
    required: true,
    fileProperties: ["file", "attachments"],
    encoding: { file: { contentType: "image/png, image/jpeg" }, profile: { contentType: "application/json" } },
  };

  it("sends a file from base64, fields as text and objects as JSON parts, with a real boundary", async () => {
    const { request } = await post(multipart, {
      file: PNG.toString("base64"),
      description: "a cat",
      count: 2,
      profile: { name: "Rex", tags: ["x"] },
      location: { lat: 1 },
    });
    const contentType = request.headers["content-type"]!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=----mcpsmith-[0-9a-f]{24}$/);
    const parts = parseMultipart(request.body, contentType);
    expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString("latin1")])).toEqual([
      // The spec lists two image types: without a data: URI saying which, the bytes go as octet-stream.
      ["file", "file", "application/octet-stream", PNG.toString("latin1")],
      ["description", undefined, undefined, "a cat"],
      ["count", undefined, undefined, "2"],
      ["profile", undefined, "application/json", '{"name":"Rex","tags":["x"]}'],
      ["location", undefined, "application/json", '{"lat":1}'],
    ]);
    expect(parts[0]!.data.equals(PNG)).toBe(true);
  });

  it("takes the media type and file name from a data: URI, and sends a list of files as repeated parts", async () => {
    const dataUri = `data:image/png;name=cat%20photo.png;base64,${PNG.toString("base64")}`;
    const text = "data:text/plain;charset=utf-8,hello%20world";
    const { request } = await post(multipart, { file: dataUri, attachments: [text, PNG.toString("base64url")] });
    const parts = parseMultipart(request.body, request.headers["content-type"]!);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ["file", "cat photo.png", "image/png"],
      ["attachments", "attachments.txt", "text/plain;charset=utf-8"],
      ["attachments", "attachments", "application/octet-stream"],
    ]);
    expect(parts[0]!.data.equals(PNG)).toBe(true);
    expect(parts[1]!.data.toString()).toBe("hello world");
    expect(parts[2]!.data.equals(PNG)).toBe(true);
    expect(parts[0]!.headers["content-disposition"]).toBe('form-data; name="file"; filename="cat photo.png"');
  });

  it("uses a file's single declared content type and names the file with a fitting extension", async () => {
    const body: HttpBody = { ...multipart, encoding: { file: { contentType: "image/png" } } };
    const { request } = await post(body, { file: PNG.toString("base64") });
    const [part] = parseMultipart(request.body, request.headers["content-type"]!);
    expect([part?.filename, part?.contentType]).toEqual(["file.png", "image/png"]);
  });

  it("a file argument that is not base64 is an isError naming the property, and nothing is sent", async () => {
    const before = upstream.requests.length;
    const { result } = await post(multipart, { file: "not base64!" });
    expect(firstText(result)).toBe(
      'The file "file" is neither a data: URI nor base64 (it has characters base64 does not use).',
    );
    const broken = await post(multipart, { file: "data:text/plain,100%" });
    expect(firstText(broken.result)).toBe(
      'The file "file" is a data: URI with a broken percent-encoding (a % not followed by two hex digits).',
    );
    expect(upstream.requests.length).toBe(before);
  });
});

describe("text and binary bodies", () => {
  it("sends text/plain as written", async () => {
    const { request } = await post({ argument: "body", mediaType: "text/plain", required: true }, "héllo\nworld");
    expect(request.headers["content-type"]).toBe("text/plain");
    expect(request.text).toBe("héllo\nworld");
  });

  it("decodes a base64 binary body and sends the bytes", async () => {
    const body: HttpBody = { argument: "body", mediaType: "application/octet-stream", required: true, binary: true };
    const { request } = await post(body, PNG.toString("base64"));
    expect(request.headers["content-type"]).toBe("application/octet-stream");
    expect(request.body.equals(PNG)).toBe(true);
  });

  it("a data: URI's media type replaces a wildcard in the spec's; without one, octet-stream", async () => {
    const body: HttpBody = { argument: "body", mediaType: "image/*", required: true, binary: true };
    const { request } = await post(body, `data:image/png;base64,${PNG.toString("base64")}`);
    expect(request.headers["content-type"]).toBe("image/png");
    expect(request.body.equals(PNG)).toBe(true);
    const bare = await post({ ...body, mediaType: "*/*" }, PNG.toString("base64"));
    expect(bare.request.headers["content-type"]).toBe("application/octet-stream");
  });
});
