import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, firstText, operation, parameter } from "../../../../../test/support/http-executor.js";
import { startUpstream, type Upstream } from "../../../../../test/support/upstream.js";
import { createHttpExecutor, type HttpExecutor } from "./executor.js";
import type { HttpParameter, ParameterStyle } from "./operation.js";

// The values of the specification's style examples (OpenAPI 3.1.1, §4.8.12.4 "Style Examples").
const VALUES = {
  string: "blue",
  array: ["blue", "black", "brown"],
  object: { R: 100, G: 200, B: 150 },
} as const;

type Row = [style: ParameterStyle, explode: boolean, kind: keyof typeof VALUES, expected: string];

let upstream: Upstream;
let executor: HttpExecutor;

beforeAll(async () => {
  upstream = await startUpstream();
  executor = createHttpExecutor({ servers: [{ url: upstream.url }], securitySchemes: {} });
});
afterAll(() => upstream.close());

async function send(p: HttpParameter, value: unknown, path = "/things") {
  const result = await callTool(executor, operation({ path, parameters: [p] }), { [p.argument]: value });
  expect(result.isError).toBeUndefined();
  return upstream.last();
}

describe("path parameters", () => {
  const rows: Row[] = [
    ["simple", false, "string", "blue"],
    ["simple", false, "array", "blue,black,brown"],
    ["simple", false, "object", "R,100,G,200,B,150"],
    ["simple", true, "string", "blue"],
    ["simple", true, "array", "blue,black,brown"],
    ["simple", true, "object", "R=100,G=200,B=150"],
    ["label", false, "string", ".blue"],
    ["label", false, "array", ".blue,black,brown"],
    ["label", false, "object", ".R,100,G,200,B,150"],
    ["label", true, "string", ".blue"],
    ["label", true, "array", ".blue.black.brown"],
    ["label", true, "object", ".R=100.G=200.B=150"],
    ["matrix", false, "string", ";color=blue"],
    ["matrix", false, "array", ";color=blue,black,brown"],
    ["matrix", false, "object", ";color=R,100,G,200,B,150"],
    ["matrix", true, "string", ";color=blue"],
    ["matrix", true, "array", ";color=blue;color=black;color=brown"],
    ["matrix", true, "object", ";R=100;G=200;B=150"],
  ];
  it.each(rows)("%s explode=%s, %s value -> %s", async (style, explode, kind, expected) => {
    const request = await send(parameter("color", "path", { style, explode }), VALUES[kind], "/things/{color}/x");
    expect(request.url).toBe(`/things/${expected}/x`);
  });

  it.each([
    ["matrix", ";color"],
    ["simple", ""],
  ] as const)("%s with an empty string -> %s (RFC 6570)", async (style, expected) => {
    const request = await send(parameter("color", "path", { style }), "", "/things/{color}/x");
    expect(request.url).toBe(`/things/${expected}/x`);
  });

  it.each([
    ["simple", ".."],
    ["simple", "."],
    ["label", "."],
  ] as const)(
    "refuses values that make a dot segment (%s %s), which would reach another endpoint",
    async (style, value) => {
      const before = upstream.requests.length;
      const op = operation({ path: "/pets/{petId}/photos", parameters: [parameter("petId", "path", { style })] });
      const result = await callTool(executor, op, { petId: value });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toMatch(/^The path parameter "petId" cannot make the segment "[^"]+": URLs resolve it/);
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("sends an encoded-looking dot segment as the literal text it is", async () => {
    const request = await send(parameter("petId", "path"), "%2E%2e", "/pets/{petId}/photos");
    expect(request.url).toBe("/pets/%252E%252e/photos");
  });

  it("percent-encodes reserved characters, including the sub-delimiters encodeURIComponent leaves alone", async () => {
    const request = await send(parameter("id", "path"), "a/b c?d#e%f&g=h;i,j!'()*é", "/items/{id}");
    expect(request.url).toBe("/items/a%2Fb%20c%3Fd%23e%25f%26g%3Dh%3Bi%2Cj%21%27%28%29%2A%C3%A9");
  });

  it("fills several variables in one segment and keeps numbers and booleans as written", async () => {
    const op = operation({
      path: "/v{version}/items/{id}.{format}",
      parameters: [parameter("version", "path"), parameter("id", "path"), parameter("format", "path")],
    });
    await callTool(executor, op, { version: 2, id: 10, format: true });
    expect(upstream.last().url).toBe("/v2/items/10.true");
  });
});

describe("query parameters", () => {
  const rows: Row[] = [
    ["form", false, "string", "color=blue"],
    ["form", false, "array", "color=blue,black,brown"],
    ["form", false, "object", "color=R,100,G,200,B,150"],
    ["form", true, "string", "color=blue"],
    ["form", true, "array", "color=blue&color=black&color=brown"],
    ["form", true, "object", "R=100&G=200&B=150"],
    ["spaceDelimited", false, "array", "color=blue%20black%20brown"],
    ["spaceDelimited", false, "object", "color=R%20100%20G%20200%20B%20150"],
    ["pipeDelimited", false, "array", "color=blue%7Cblack%7Cbrown"],
    ["pipeDelimited", false, "object", "color=R%7C100%7CG%7C200%7CB%7C150"],
    ["tabDelimited", false, "array", "color=blue%09black%09brown"],
    // With explode, the delimited styles are the same as form (the specification leaves them undefined).
    ["spaceDelimited", true, "array", "color=blue&color=black&color=brown"],
    ["pipeDelimited", true, "array", "color=blue&color=black&color=brown"],
    ["deepObject", true, "object", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"],
  ];
  it.each(rows)("%s explode=%s, %s value -> ?%s", async (style, explode, kind, expected) => {
    const request = await send(parameter("color", "query", { style, explode }), VALUES[kind]);
    expect(request.url).toBe(`/things?${expected}`);
  });

  it("deepObject nests objects a bracket per level, lists of scalars as `[]` and lists of objects indexed", async () => {
    const value = { status: ["open", "closed"], owner: { name: "Ada Lovelace" }, lines: [{ id: 1 }] };
    const request = await send(parameter("filter", "query", { style: "deepObject", explode: true }), value);
    expect(request.query).toBe(
      "filter%5Bstatus%5D%5B%5D=open&filter%5Bstatus%5D%5B%5D=closed&filter%5Bowner%5D%5Bname%5D=Ada%20Lovelace" +
        "&filter%5Blines%5D%5B0%5D%5Bid%5D=1",
    );
  });

  it("deepObject sends a list itself in brackets too (Stripe's `expand[]`)", async () => {
    const request = await send(parameter("expand", "query", { style: "deepObject", explode: true }), ["a", "b"]);
    expect(request.query).toBe("expand%5B%5D=a&expand%5B%5D=b");
  });

  it("encodes reserved characters unless allowReserved, which still encodes what would break the query", async () => {
    const value = "a/b:c?d@e!f$g'h(i)j*k,l;m&n=o#p[q]r+s%20t u%";
    const strict = await send(parameter("q", "query"), value);
    expect(strict.query).toBe(
      "q=a%2Fb%3Ac%3Fd%40e%21f%24g%27h%28i%29j%2Ak%2Cl%3Bm%26n%3Do%23p%5Bq%5Dr%2Bs%2520t%20u%25",
    );
    const reserved = await send(parameter("q", "query", { allowReserved: true }), value);
    expect(reserved.query).toBe("q=a/b:c?d@e!f$g%27h(i)j*k,l;m%26n%3Do%23p%5Bq%5Dr%2Bs%20t%20u%25");
  });

  it("encodes characters outside ASCII as UTF-8, whole code points, with or without allowReserved", async () => {
    const strict = await send(parameter("q", "query"), "é😀/");
    expect(strict.query).toBe("q=%C3%A9%F0%9F%98%80%2F");
    const reserved = await send(parameter("q", "query", { allowReserved: true }), "é😀/");
    expect(reserved.query).toBe("q=%C3%A9%F0%9F%98%80/");
  });

  it("sends an empty string as an empty value and leaves absent optional parameters out", async () => {
    const op = operation({
      path: "/things",
      parameters: [parameter("a", "query"), parameter("b", "query"), parameter("c", "query")],
    });
    await callTool(executor, op, { a: "", c: null });
    expect(upstream.last().url).toBe("/things?a=");
  });

  it("leaves out empty arrays and objects, exploded or not (RFC 6570: an empty list is undefined)", async () => {
    const op = operation({
      path: "/things",
      parameters: [
        parameter("a", "query"),
        parameter("b", "query", { explode: false }),
        parameter("c", "query", { style: "deepObject", explode: true }),
        parameter("d", "query"),
      ],
    });
    await callTool(executor, op, { a: [], b: [], c: {}, d: [0] });
    expect(upstream.last().url).toBe("/things?d=0");
  });

  it("keeps the operation's parameter order, whatever the order of the arguments", async () => {
    const op = operation({
      path: "/things",
      parameters: [parameter("limit", "query"), parameter("offset", "query"), parameter("sort", "query")],
    });
    await callTool(executor, op, { sort: "name", offset: 20, limit: 10 });
    expect(upstream.last().query).toBe("limit=10&offset=20&sort=name");
  });

  it("sends a content parameter as its JSON document, encoded", async () => {
    const request = await send(parameter("coordinates", "query", { contentType: "application/json" }), {
      lat: 1.5,
      long: -2,
    });
    expect(request.query).toBe("coordinates=%7B%22lat%22%3A1.5%2C%22long%22%3A-2%7D");
    // A string is a JSON document too (Zulip's `to`: a stream name or a list of ids); as text, it goes as it is.
    const named = await send(parameter("to", "query", { contentType: "application/json" }), "general");
    expect(named.query).toBe("to=%22general%22");
    const plain = await send(parameter("to", "query", { contentType: "text/plain" }), "general");
    expect(plain.query).toBe("to=general");
  });
});

describe("querystring parameters (OpenAPI 3.2)", () => {
  const form = { contentType: "application/x-www-form-urlencoded" };

  it("writes an object's fields as the whole query, as a form body would", async () => {
    const request = await send(parameter("search", "querystring", form), {
      text: "a b&c",
      year: 1999,
      tags: ["x", "y"],
    });
    expect(request.query).toBe("text=a%20b%26c&year=1999&tags=x&tags=y");
    // Nothing to send: no query at all.
    expect((await send(parameter("search", "querystring", form), {})).url).toBe("/things");
  });

  it("writes any other media type's document as the whole query, percent-encoded", async () => {
    const json = await send(parameter("filter", "querystring", { contentType: "application/json" }), { a: [1, 2] });
    expect(json.query).toBe("%7B%22a%22%3A%5B1%2C2%5D%7D");
    const text = await send(parameter("path", "querystring", { contentType: "application/jsonpath" }), "$.a[0]");
    expect(text.query).toBe("%24.a%5B0%5D");
  });

  it("refuses a form query that is not an object, naming the argument", async () => {
    const result = await callTool(
      executor,
      operation({ path: "/things", parameters: [parameter("search", "querystring", form)] }),
      {
        search: "text=a",
      },
    );
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('The query (argument "search") must be an object of its fields.');
  });
});

describe("header parameters", () => {
  const rows: Row[] = [
    ["simple", false, "string", "blue"],
    ["simple", false, "array", "blue,black,brown"],
    ["simple", false, "object", "R,100,G,200,B,150"],
    ["simple", true, "array", "blue,black,brown"],
    ["simple", true, "object", "R=100,G=200,B=150"],
  ];
  it.each(rows)("%s explode=%s, %s value -> %s", async (style, explode, kind, expected) => {
    const request = await send(parameter("X-Color", "header", { style, explode }), VALUES[kind]);
    expect(request.headers["x-color"]).toBe(expected);
    expect(request.rawHeaders).toContainEqual(["X-Color", expected]);
  });

  it("ignores header parameters named Accept, Content-Type or Authorization, as OpenAPI says", async () => {
    const op = operation({
      accepts: ["application/json"],
      parameters: ["Accept", "content-type", "Authorization"].map((name) => parameter(name, "header")),
    });
    await callTool(executor, op, { Accept: "text/html", "content-type": "text/plain", Authorization: "Bearer x" });
    const request = upstream.last();
    expect(request.headers.accept).toBe("application/json");
    expect(request.headers["content-type"]).toBeUndefined();
    expect(request.headers.authorization).toBeUndefined();
  });

  it("never sends a header the HTTP client controls (Fetch's forbidden request headers) from an argument", async () => {
    // A made-up Content-Length used to make the request wait for bytes that never came (AWS S3's PutObject).
    const names = [
      "Content-Length",
      "Transfer-Encoding",
      "Host",
      "Connection",
      "Proxy-Authorization",
      "Sec-Fetch-Mode",
    ];
    const op = operation({
      parameters: [...names, "X-Kept"].map((name) => parameter(name, "header", { required: true })),
    });
    const result = await callTool(executor, op, Object.fromEntries([...names, "X-Kept"].map((name) => [name, "7"])));
    expect(result.isError).toBeFalsy();
    const request = upstream.last();
    expect(request.headers["x-kept"]).toBe("7");
    expect(request.headers["content-length"]).toBeUndefined();
    expect(request.headers["transfer-encoding"]).toBeUndefined();
    expect(request.headers.host).not.toBe("7");
    expect(request.headers.connection).not.toBe("7");
    expect(request.headers["proxy-authorization"]).toBeUndefined();
    expect(request.headers["sec-token"]).toBeUndefined();
  });

  it("refuses a value with a line break instead of sending a split header", async () => {
    const before = upstream.requests.length;
    const result = await callTool(
      executor,
      operation({ parameters: [parameter("X-Trace", "header", { argument: "trace" })] }),
      { trace: "a\r\nInjected: yes" },
    );
    expect(result.isError).toBe(true);
    expect(firstText(result)).toContain('header parameter "X-Trace" (argument "trace")');
    expect(upstream.requests.length).toBe(before);
  });
});

describe("cookie parameters", () => {
  const rows: Row[] = [
    ["form", false, "string", "color=blue"],
    ["form", false, "array", "color=blue,black,brown"],
    ["form", false, "object", "color=R,100,G,200,B,150"],
    ["form", true, "string", "color=blue"],
    ["form", true, "array", "color=blue; color=black; color=brown"],
    ["form", true, "object", "R=100; G=200; B=150"],
  ];
  it.each(rows)("%s explode=%s, %s value -> Cookie: %s", async (style, explode, kind, expected) => {
    const request = await send(parameter("color", "cookie", { style, explode }), VALUES[kind]);
    expect(request.headers.cookie).toBe(expected);
    expect(request.query).toBe("");
  });

  it("joins several cookie parameters into one Cookie header and encodes their values", async () => {
    const op = operation({
      parameters: [parameter("session", "cookie"), parameter("theme", "cookie"), parameter("q", "query")],
    });
    await callTool(executor, op, { session: "a b;c", theme: "dark", q: "x" });
    const request = upstream.last();
    expect(request.headers.cookie).toBe("session=a%20b%3Bc; theme=dark");
    expect(request.cookies).toEqual({ session: "a%20b%3Bc", theme: "dark" });
    expect(request.url).toBe("/?q=x");
  });
});

describe("required parameters", () => {
  it("names the missing parameter and its argument, and sends nothing", async () => {
    const before = upstream.requests.length;
    const op = operation({
      path: "/pets/{petId}",
      parameters: [parameter("petId", "path", { argument: "pet_id" })],
    });
    const result = await callTool(executor, op, {});
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('Missing required path parameter "petId": pass it as the argument "pet_id".');
    expect(upstream.requests.length).toBe(before);
  });

  it("treats a required query parameter sent as null as missing", async () => {
    const op = operation({ parameters: [parameter("q", "query", { required: true })] });
    const result = await callTool(executor, op, { q: null });
    expect(firstText(result)).toContain('Missing required query parameter "q"');
  });
});
