/** Path keys with a query part (AWS and Azure documents converted by APIs.guru, Azure's `x-ms-paths`). */
import type { HttpOperation, HttpParameter } from "@mcpsmith/runtime/http";
import { describe, expect, it } from "vitest";
import { requestTarget, splitPathKey } from "./path-key.js";
import { loadOpenApi } from "./source.js";
import { specFile } from "./spec-file.test-support.js";

function parameter(name: string, location: HttpParameter["in"] = "query"): HttpParameter {
  return { name, argument: name, in: location, style: "form", explode: true, required: true };
}

describe("splitPathKey", () => {
  it.each([
    ["/pets/{petId}", "/pets/{petId}", []],
    ["/{Bucket}/{Key}#uploads", "/{Bucket}/{Key}", [{ name: "uploads" }]],
    ["/{Bucket}#analytics&id", "/{Bucket}", [{ name: "analytics" }, { name: "id" }]],
    ["/tags/{resource-arn}#tagKeys", "/tags/{resource-arn}", [{ name: "tagKeys" }]],
    ["/{roleId}#disambiguation_dummy", "/{roleId}", [{ name: "disambiguation_dummy" }]],
    [
      "/{Bucket}/{Key}#select&select-type=2",
      "/{Bucket}/{Key}",
      [{ name: "select" }, { name: "select-type", value: "2" }],
    ],
    ["/path?fixed=1", "/path", [{ name: "fixed", value: "1" }]],
    ["/templeton/v1/jobs?op=LISTAFTERID", "/templeton/v1/jobs", [{ name: "op", value: "LISTAFTERID" }]],
    ["/#X-Amz-Target=Hub.Op", "/", [{ name: "X-Amz-Target", value: "Hub.Op" }]],
    ["/a?x=&&y", "/a", [{ name: "x", value: "" }, { name: "y" }]],
    ["/a#", "/a", []],
  ])("%s -> %s %j", (key, path, items) => {
    expect(splitPathKey(key)).toEqual({ path, items });
  });
});

describe("requestTarget", () => {
  it("a key without a query part is the path, with no fixedQuery field at all", () => {
    expect(requestTarget("/pets/{petId}", [parameter("petId", "path")])).toStrictEqual({ path: "/pets/{petId}" });
  });

  it("a bare name is a flag; a name the operation declares is left to its parameter", () => {
    expect(requestTarget("/{Bucket}/{Key}#uploads", [])).toEqual({
      path: "/{Bucket}/{Key}",
      fixedQuery: [{ name: "uploads" }],
    });
    expect(requestTarget("/{Bucket}#analytics&id", [parameter("id")])).toEqual({
      path: "/{Bucket}",
      fixedQuery: [{ name: "analytics" }],
    });
    expect(requestTarget("/tags/{resource-arn}#tagKeys", [parameter("tagKeys")])).toStrictEqual({
      path: "/tags/{resource-arn}",
    });
    // AWS writes some header names into the key too: the header parameter sends them.
    expect(
      requestTarget("/channels/{channelArn}#scope=app&x-amz-chime-bearer", [parameter("x-amz-chime-bearer", "header")]),
    ).toEqual({
      path: "/channels/{channelArn}",
      fixedQuery: [{ name: "scope", value: "app" }],
    });
  });

  it("name=value naming a header parameter is that header's fixed value (AWS JSON protocol), not a query item", () => {
    expect(
      requestTarget("/#X-Amz-Target=DynamoDB_20120810.GetItem", [parameter("X-Amz-Target", "header")]),
    ).toStrictEqual({ path: "/", fixedHeaders: [{ name: "X-Amz-Target", value: "DynamoDB_20120810.GetItem" }] });
    // Header names are compared without case; a query parameter of that name keeps it a query item's.
    expect(
      requestTarget("/#x-amz-target=Svc.Op&Action=List", [parameter("X-Amz-Target", "header"), parameter("Action")]),
    ).toStrictEqual({ path: "/", fixedHeaders: [{ name: "x-amz-target", value: "Svc.Op" }] });
    expect(requestTarget("/#X-Amz-Target=Svc.Op", [parameter("X-Amz-Target")])).toStrictEqual({ path: "/" });
    expect(requestTarget("/#X-Amz-Target=Svc.Op", [])).toStrictEqual({
      path: "/",
      fixedQuery: [{ name: "X-Amz-Target", value: "Svc.Op" }],
    });
  });

  it("disambiguation markers are dropped: Azure's disambiguation_dummy and aws2openapi's deprecated!", () => {
    expect(requestTarget("/{roleId}#disambiguation_dummy", [])).toStrictEqual({ path: "/{roleId}" });
    expect(requestTarget("/{Bucket}#lifecycle&deprecated!", [])).toEqual({
      path: "/{Bucket}",
      fixedQuery: [{ name: "lifecycle" }],
    });
  });

  it("a literal ? is read the same way", () => {
    expect(requestTarget("/path?fixed=1&q", [parameter("q")])).toEqual({
      path: "/path",
      fixedQuery: [{ name: "fixed", value: "1" }],
    });
  });
});

describe("lowering", () => {
  it("keys differing only after # stay two tools with distinct names; bindings carry path and fixed query", async () => {
    const ok = { "200": { description: "ok" } };
    const query = (name: string) => ({ name, in: "query", required: true, schema: { type: "string" } });
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info: { title: "Keys", version: "1" },
        servers: [{ url: "https://api.example.com" }],
        paths: {
          "/{Bucket}": {
            parameters: [{ name: "Bucket", in: "path", required: true, schema: { type: "string" } }],
            get: { responses: ok },
          },
          "/{Bucket}#analytics&id": {
            parameters: [{ name: "Bucket", in: "path", required: true, schema: { type: "string" } }],
            get: { parameters: [query("id")], responses: ok },
          },
          "/{Bucket}#uploads": {
            parameters: [{ name: "Bucket", in: "path", required: true, schema: { type: "string" } }],
            get: { responses: ok },
          },
          "/jobs?op=LIST": { get: { parameters: [query("from")], responses: ok } },
        },
      }),
    );
    const targets = ir.tools.map((tool) => [tool.name, pick(tool.binding)]);
    expect(targets).toEqual([
      ["get_Bucket", { path: "/{Bucket}" }],
      ["get_Bucket_analytics_id", { path: "/{Bucket}", fixedQuery: [{ name: "analytics" }] }],
      ["get_Bucket_uploads", { path: "/{Bucket}", fixedQuery: [{ name: "uploads" }] }],
      ["get_jobs_op_LIST", { path: "/jobs", fixedQuery: [{ name: "op", value: "LIST" }] }],
    ]);
    expect(ir.tools.map((tool) => tool.binding.parameters.map((p) => p.name))).toEqual([
      ["Bucket"],
      ["Bucket", "id"],
      ["Bucket"],
      ["from"],
    ]);
  });
});

describe("lowering an AWS JSON-protocol key", () => {
  it("the X-Amz-Target header is fixed by the key: sent with the request, no tool argument", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.0",
        info: { title: "Json protocol", version: "1" },
        servers: [{ url: "https://svc.example.com" }],
        paths: {
          "/#X-Amz-Target=Svc_2017.DescribeThings": {
            post: {
              parameters: [
                { name: "MaxResults", in: "query", schema: { type: "string" } },
                { name: "X-Amz-Target", in: "header", required: true, schema: { enum: ["Svc_2017.DescribeThings"] } },
              ],
              requestBody: { content: { "application/json": { schema: { type: "object" } } } },
              responses: { "200": { description: "ok" } },
            },
          },
        },
      }),
    );
    const [tool] = ir.tools;
    expect(tool!.binding).toMatchObject({
      path: "/",
      fixedHeaders: [{ name: "X-Amz-Target", value: "Svc_2017.DescribeThings" }],
    });
    expect(tool!.binding.fixedQuery).toBeUndefined();
    expect(tool!.binding.parameters.map((p) => p.name)).toEqual(["MaxResults"]);
    expect(Object.keys(tool!.inputSchema.properties ?? {})).not.toContain("X-Amz-Target");
  });
});

function pick({ path, fixedQuery }: HttpOperation): Pick<HttpOperation, "path" | "fixedQuery"> {
  return fixedQuery === undefined ? { path } : { path, fixedQuery };
}
