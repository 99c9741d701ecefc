/** Mapping rules on small documents written for each rule (the corpus tests show them on real specs). */
import { writeFile } from "node:fs/promises";
import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import type { OpenApiIR } from "../../ir/types.js";
import { openApiServer } from "../../serve/openapi.js";
import { loadOpenApi } from "./source.js";
import { specFile } from "./spec-file.test-support.js";
import { collectionFormatStyle } from "./swagger2.js";

const info = { title: "Example API", version: "1" };
const ok = { "200": { description: "ok" } };

describe("Swagger 2.0 collectionFormat -> style/explode", () => {
  it.each([
    ["query", "csv", "form", false],
    ["query", undefined, "form", false],
    ["query", "ssv", "spaceDelimited", false],
    ["query", "pipes", "pipeDelimited", false],
    ["query", "tsv", "tabDelimited", false],
    ["query", "multi", "form", true],
    ["formData", "multi", "form", true],
    ["path", "csv", "simple", false],
    ["header", "csv", "simple", false],
  ] as const)("%s %s -> %s explode %s", (location, format, style, explode) => {
    expect(collectionFormatStyle(location, format, true)).toEqual({ style, explode });
  });

  it("non-arrays get their location's default", () => {
    expect(collectionFormatStyle("query", undefined, false)).toEqual({ style: "form", explode: true });
    expect(collectionFormatStyle("path", undefined, false)).toEqual({ style: "simple", explode: false });
  });
});

describe("Swagger 2.0 conversion", () => {
  it("body, consumes/produces, host without schemes, path-level parameters, formData arrays", async () => {
    const ir = await loadOpenApi(
      await specFile({
        swagger: "2.0",
        info,
        host: "api.example.com",
        basePath: "/v1/",
        consumes: ["application/xml", "application/json"],
        produces: ["application/xml", "application/json"],
        paths: {
          "/items/{id}": {
            parameters: [{ name: "id", in: "path", required: true, type: "integer", format: "int64" }],
            put: {
              operationId: "putItem",
              parameters: [{ name: "item", in: "body", required: true, schema: { $ref: "#/definitions/Item" } }],
              responses: { "200": { description: "ok", schema: { $ref: "#/definitions/Item" } } },
            },
            post: {
              operationId: "tagItem",
              consumes: ["application/x-www-form-urlencoded"],
              parameters: [
                { name: "tags", in: "formData", type: "array", items: { type: "string" }, collectionFormat: "multi" },
              ],
              responses: ok,
            },
          },
        },
        definitions: {
          Item: {
            type: "object",
            "x-nullable": true,
            properties: { id: { type: "integer", readOnly: true }, name: { type: "string" } },
          },
        },
      }),
    );
    expect(ir.api.servers).toEqual([{ url: "https://api.example.com/v1" }]);
    const [put, post] = ir.tools;
    expect(put!.binding).toEqual({
      method: "PUT",
      path: "/items/{id}",
      parameters: [{ name: "id", argument: "id", in: "path", style: "simple", explode: false, required: true }],
      body: { argument: "body", mediaType: "application/json", required: true },
      security: [],
      accepts: ["application/json", "application/xml"],
    });
    expect(put!.inputSchema.$defs!.Item).toEqual({
      type: ["object", "null"],
      properties: { name: { type: "string" } },
    });
    // x-nullable makes the root nullable: not an object, so no output schema.
    expect(put!.outputSchema).toBeUndefined();
    expect(post!.binding.body).toEqual({
      argument: "body",
      mediaType: "application/x-www-form-urlencoded",
      required: false,
      encoding: { tags: { style: "form", explode: true } },
    });
  });
});

describe("OpenAPI 3 parameters and bodies", () => {
  const parameterSpec = {
    openapi: "3.0.3",
    info,
    servers: [{ url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu", "us"] } } }],
    paths: {
      "/things/{id}": {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "verbose", in: "query", schema: { type: "boolean" }, description: "path-level" },
        ],
        servers: [{ url: "https://things.example.com" }],
        post: {
          operationId: "postThing",
          parameters: [
            { name: "verbose", in: "query", schema: { type: "integer" }, description: "operation-level" },
            { name: "id", in: "header", schema: { type: "string" } },
            { name: "id", in: "cookie", schema: { type: "string" } },
            { name: "body", in: "query", schema: { type: "string" } },
            { name: "$top", in: "query", schema: { type: "integer", minimum: 1 } },
            { name: "filter[name]", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
            { name: "Authorization", in: "header", schema: { type: "string" } },
            { name: "q", in: "query", content: { "application/json": { schema: { type: "object" } } } },
          ],
          requestBody: {
            required: true,
            content: {
              "application/xml": { schema: { type: "object" } },
              "application/x-www-form-urlencoded": { schema: { type: "object" } },
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "name"],
                  properties: {
                    id: { type: "string", readOnly: true },
                    name: { type: "string", nullable: true },
                    secret: { type: "string", writeOnly: true },
                    size: { type: "number", minimum: 0, exclusiveMinimum: true },
                  },
                },
              },
            },
          },
          responses: {
            "201": {
              description: "created",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { id: { type: "string", readOnly: true }, secret: { type: "string", writeOnly: true } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };

  it("inherits and overrides path-level parameters, resolves name collisions predictably, cleans keys", async () => {
    const ir = await loadOpenApi(await specFile(parameterSpec));
    const tool = ir.tools[0]!;
    expect(tool.binding.parameters.map((p) => [p.in, p.name, p.argument, p.style, p.explode])).toEqual([
      ["path", "id", "id", "simple", false],
      ["query", "verbose", "verbose", "form", true],
      ["query", "body", "body", "form", true],
      ["query", "$top", "top", "form", true],
      ["query", "filter[name]", "filter_name", "deepObject", true],
      ["query", "q", "q", "form", true],
      ["header", "id", "header_id", "simple", false],
      ["cookie", "id", "cookie_id", "form", true],
    ]);
    expect(tool.binding.parameters.find((p) => p.name === "q")!.contentType).toBe("application/json");
    expect(tool.inputSchema.properties!.verbose).toEqual({ type: "integer", description: "operation-level" });
    expect(tool.binding.body!.argument).toBe("requestBody");
    // No security scheme covers the operation: its Authorization parameter is the credential, never an argument.
    expect(tool.binding.security).toEqual([["Authorization"], []]);
    expect(ir.warnings.map((w) => w.message)).toContain(
      "1 operation no security scheme covers declare an Authorization header parameter: read as an API key sent in that header from the environment (never a tool argument)",
    );
  });

  it("leaves out header parameters the HTTP client controls (Fetch's forbidden request headers), with a warning", async () => {
    const header = (name: string) => ({ name, in: "header", required: true, schema: { type: "string" } });
    const names = ["Content-Length", "Host", "transfer-encoding", "Sec-Token", "Proxy-Authorization"];
    const operation = { parameters: [...names, "X-Kept"].map(header), responses: { "200": { description: "ok" } } };
    const swagger = {
      swagger: "2.0",
      info: { title: "H", version: "1" },
      host: "h.example",
      paths: { "/a": { put: operation } },
    };
    const oas3 = { openapi: "3.0.3", info: { title: "H", version: "1" }, paths: { "/a": { put: operation } } };
    for (const spec of [swagger, oas3]) {
      const ir = await loadOpenApi(await specFile(spec));
      expect(ir.tools[0]!.binding.parameters.map((p) => p.name)).toEqual(["X-Kept"]);
      expect(Object.keys(ir.tools[0]!.inputSchema.properties!)).toEqual(["X-Kept"]);
      const warnings = ir.warnings.filter((w) => w.message.includes("forbidden request header"));
      expect(warnings.map((w) => [w.pointer, w.message])).toEqual(
        names.map((name, index) => [
          `/paths/~1a/put/parameters/${index}`,
          `header parameter ${name} ignored (the HTTP client sets it: a forbidden request header in the Fetch standard)`,
        ]),
      );
    }
  });

  it("reads a parameter whose content key is no media type by its schema (Revolt's X-Github-Event)", async () => {
    const spec = {
      openapi: "3.0.3",
      info,
      servers: [{ url: "https://api.example.com" }],
      paths: {
        "/hook": {
          post: {
            operationId: "hook",
            parameters: [
              { name: "X-Github-Event", in: "header", required: true, content: { "X-Github-Event": { schema: {} } } },
              { name: "filter", in: "query", content: { "application/json": { schema: { type: "object" } } } },
            ],
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(spec));
    expect(ir.tools[0]!.binding.parameters.map((p) => [p.name, p.contentType])).toEqual([
      ["filter", "application/json"],
      ["X-Github-Event", undefined],
    ]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1hook/post/parameters/0",
        "content key X-Github-Event is no media type: read as the parameter's schema",
      ],
    ]);
  });

  it("leaves out a parameter in no place a request has, and skips an operation that requires one", async () => {
    // Faraday's `in: version`; Swagger 2.0 has no cookie parameters.
    const version = (required: boolean) => ({ name: "agent_version", in: "version", required, type: "string" });
    const get = (operationId: string, parameters: unknown[]) => ({ get: { operationId, parameters, responses: ok } });
    const ir = await loadOpenApi(
      await specFile({
        swagger: "2.0",
        info,
        host: "api.example.com",
        paths: {
          "/a": get("a", [version(false), { name: "q", in: "query", type: "string" }]),
          "/b": get("b", [version(true)]),
          "/c": get("c", [{ name: "session", in: "cookie", type: "string" }]),
        },
      }),
    );
    expect(ir.tools.map((tool) => [tool.name, tool.binding.parameters.map((p) => p.name)])).toEqual([
      ["a", ["q"]],
      ["c", []],
    ]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1a/get/parameters/0",
        "parameter agent_version is `in: version`, which is no parameter location: left out",
      ],
      [
        "/paths/~1b/get",
        "GET /b is skipped: its required parameter agent_version is `in: version`, which is no parameter location",
      ],
      ["/paths/~1c/get/parameters/0", "parameter session is `in: cookie`, which is no parameter location: left out"],
    ]);
  });

  it("leaves out a header parameter whose name is not a header name (fetch refuses it), with a warning", async () => {
    const header = (name: string) => ({ name, in: "header", schema: { type: "string" } });
    const spec = {
      openapi: "3.0.3",
      info: { title: "H", version: "1" },
      servers: [{ url: "https://h.example" }],
      paths: { "/a": { get: { parameters: ["X Trace", "X-Trace: on", "X-Kept"].map(header), responses: ok } } },
    };
    const ir = await loadOpenApi(await specFile(spec));
    expect(ir.tools[0]!.binding.parameters.map((p) => p.name)).toEqual(["X-Kept"]);
    expect(ir.warnings.map((w) => w.message)).toEqual(
      ["X Trace", "X-Trace: on"].map(
        (name) =>
          `header parameter ${name} ignored (not a header name: a header's name is a token, without spaces or colons)`,
      ),
    );
  });

  it("leaves out the request body of a GET or HEAD operation (fetch cannot send one), with a warning", async () => {
    // Stripe's document gives its GET operations a form body; every call that filled it would be refused.
    const form = { content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } } };
    const ok = { "200": { description: "ok" } };
    const spec = {
      openapi: "3.0.3",
      info: { title: "B", version: "1" },
      paths: { "/a": { get: { requestBody: form, responses: ok }, post: { requestBody: form, responses: ok } } },
    };
    const ir = await loadOpenApi(await specFile(spec));
    expect(ir.tools.map((tool) => [tool.binding.method, tool.binding.body?.argument])).toEqual([
      ["GET", undefined],
      ["POST", "body"],
    ]);
    expect(Object.keys(ir.tools[0]!.inputSchema.properties!)).toEqual([]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toContainEqual([
      "/paths/~1a/get/requestBody/content/application~1x-www-form-urlencoded",
      "a GET request cannot carry a body (fetch refuses one): the request body is left out",
    ]);
  });

  it("a form body whose schema is no object: left out when optional, its operation skipped when required", async () => {
    // PeerTube's studio edit posts an array of tasks as form-urlencoded: it has no fields to write.
    const tasks = { $ref: "#/components/schemas/Tasks" };
    const form = (required: boolean) => ({
      required,
      content: { "application/x-www-form-urlencoded": { schema: tasks } },
    });
    const ok = { "200": { description: "ok" } };
    const spec = {
      openapi: "3.0.3",
      info: { title: "B", version: "1" },
      paths: {
        "/edit": { post: { operationId: "edit", requestBody: form(true), responses: ok } },
        "/maybe": { post: { operationId: "maybe", requestBody: form(false), responses: ok } },
        "/upload": {
          post: {
            operationId: "upload",
            requestBody: { content: { "multipart/form-data": { schema: { type: ["object", "null"] } } } },
            responses: ok,
          },
        },
      },
      components: { schemas: { Tasks: { type: "array", items: { type: "object" } } } },
    };
    const ir = await loadOpenApi(await specFile(spec));
    expect(ir.tools.map((tool) => [tool.name, tool.binding.body?.argument])).toEqual([
      ["maybe", undefined],
      ["upload", "body"],
    ]);
    const what =
      "the body (application/x-www-form-urlencoded) is sent as an object's fields, but its schema's type is array";
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/paths/~1edit/post/requestBody/content/application~1x-www-form-urlencoded", `${what}: skipped`],
      [
        "/paths/~1maybe/post/requestBody/content/application~1x-www-form-urlencoded",
        `${what}: the request body is left out`,
      ],
      ["/servers", "no servers: the base URL must be set with B_BASE_URL"],
    ]);
  });

  it("a path written with Express-style :name segments is read with {name} where a path parameter names it", async () => {
    // NocoDB's /api/v2/integrations/:type/:subType, its parameters declared as path parameters.
    const param = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        paths: {
          "/integrations/:type/:subType": {
            get: { operationId: "a", parameters: [param("type"), param("subType")], responses: ok },
          },
          // A colon that no parameter names is text of the path (Google's `/v1/{name}:cancel`-like verbs).
          "/jobs/{id}/:run": { post: { operationId: "b", parameters: [param("id")], responses: ok } },
        },
      }),
    );
    expect(ir.tools.map((tool) => tool.binding.path)).toEqual(["/integrations/{type}/{subType}", "/jobs/{id}/:run"]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1integrations~1:type~1:subType/get",
        "path /integrations/:type/:subType writes its variables as :name segments: read as /integrations/{type}/{subType}",
      ],
    ]);
  });

  it("servers: path-level over document, variables with defaults and enums kept", async () => {
    const ir = await loadOpenApi(await specFile(parameterSpec));
    expect(ir.api.servers).toEqual([
      { url: "https://{region}.example.com", variables: { region: { default: "eu", enum: ["eu", "us"] } } },
    ]);
    expect(ir.tools[0]!.binding.servers).toEqual([{ url: "https://things.example.com" }]);
  });

  it("JSON body first; readOnly left out of requests, writeOnly of responses; nullable and boolean bounds lowered", async () => {
    const ir = await loadOpenApi(await specFile(parameterSpec));
    const tool = ir.tools[0]!;
    expect(tool.binding.body).toEqual({ argument: "requestBody", mediaType: "application/json", required: true });
    expect(tool.inputSchema.properties!.requestBody).toEqual({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: ["string", "null"] },
        secret: { type: "string", writeOnly: true },
        size: { type: "number", exclusiveMinimum: 0 },
      },
    });
    expect(tool.outputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string", readOnly: true } },
    });
  });
});

/** The URLs a served tool's call sends upstream. */
async function urlsSent(ir: OpenApiIR, tool: string, args: Record<string, unknown>): Promise<string[]> {
  const sent: string[] = [];
  const fetch = async (url: string | URL | Request) => {
    sent.push(String(url));
    return Response.json({ ok: true });
  };
  const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
  try {
    await client.callTool({ name: tool, arguments: args });
    return sent;
  } finally {
    await client.close();
  }
}

describe("path variables", () => {
  it("a variable no parameter declares is a required string, with a warning, and is sent in the path", async () => {
    const document = {
      openapi: "3.0.3",
      info,
      servers: [{ url: "http://127.0.0.1:9/api" }],
      // Intercom's reporting exports write the variable and forget the parameter.
      paths: { "/export/{job_identifier}": { get: { operationId: "getExport", responses: ok } } },
    };
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools[0]!.inputSchema).toMatchObject({
      properties: { job_identifier: { type: "string" } },
      required: ["job_identifier"],
    });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toContainEqual([
      "/paths/~1export~1{job_identifier}/get",
      "path variable {job_identifier} of /export/{job_identifier} has no path parameter: taken as a required string",
    ]);
    expect(await urlsSent(ir, "getExport", { job_identifier: "j 1" })).toEqual(["http://127.0.0.1:9/api/export/j%201"]);
  });

  it("a variable declared in another place is read as the path parameter, with a warning", async () => {
    const job = {
      name: "job_identifier",
      in: "query",
      required: true,
      description: "The job.",
      schema: { type: "string" },
    };
    const document = {
      openapi: "3.0.3",
      info,
      servers: [{ url: "http://127.0.0.1:9/api" }],
      // Intercom 2.15 declares its reporting exports' variable as a query parameter.
      paths: {
        "/export/{job_identifier}": {
          get: {
            operationId: "getExport",
            parameters: [job, { name: "app_id", in: "query", schema: { type: "string" } }],
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { job_identifier: { type: "string", description: "The job." }, app_id: { type: "string" } },
      required: ["job_identifier"],
    });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1export~1{job_identifier}/get/parameters/0",
        "path variable {job_identifier} of /export/{job_identifier} is declared in query: read as the path parameter",
      ],
    ]);
    expect(await urlsSent(ir, "getExport", { job_identifier: "j 1", app_id: "a" })).toEqual([
      "http://127.0.0.1:9/api/export/j%201?app_id=a",
    ]);
  });
});

describe("path parameters the template does not use", () => {
  it("are read as optional query parameters, or dropped beside a variable no parameter names", async () => {
    const path = (name: string, description?: string) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "integer" },
      ...(description && { description }),
    });
    const document = {
      openapi: "3.0.3",
      info,
      servers: [{ url: "http://127.0.0.1:9/api" }],
      paths: {
        // Bungie's group members: `currentpage` declared in the path, which has no place for it.
        "/groups/{groupId}/members": {
          get: {
            operationId: "members",
            parameters: [path("currentpage", "Page number"), path("groupId")],
            responses: ok,
          },
        },
        // go-admin's departments: the path's variable is misnamed `id` in the parameters.
        "/dept/{deptId}": { get: { operationId: "dept", parameters: [path("id")], responses: ok } },
        // Declared in the query too: the query's is the one.
        "/tags": {
          get: {
            operationId: "tags",
            parameters: [path("page"), { name: "page", in: "query", schema: { type: "string" } }],
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(document));
    const [members, dept, tags] = ir.tools;
    expect(members!.inputSchema).toEqual({
      type: "object",
      properties: { currentpage: { type: "integer", description: "Page number" }, groupId: { type: "integer" } },
      required: ["groupId"],
    });
    expect(dept!.inputSchema).toEqual({
      type: "object",
      properties: { deptId: { type: "string" } },
      required: ["deptId"],
    });
    expect(tags!.inputSchema.properties).toEqual({ page: { type: "string" } });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      "path parameter currentpage is not in the path /groups/{groupId}/members: read as an optional query parameter",
      "path parameter id is not in the path /dept/{deptId}: dropped",
      "path variable {deptId} of /dept/{deptId} has no path parameter: taken as a required string",
      "path parameter page is not in the path /tags: dropped",
    ]);
    expect(await urlsSent(ir, "members", { groupId: 7, currentpage: 2 })).toEqual([
      "http://127.0.0.1:9/api/groups/7/members?currentpage=2",
    ]);
  });
});

describe("Swagger 2.0 operations declaring more than one body", () => {
  it("are skipped with a warning saying why, and the rest of the document is read (Portainer's stacks)", async () => {
    const body = (name: string) => ({ name, in: "body", schema: { type: "object" } });
    const ir = await loadOpenApi(
      await specFile({
        swagger: "2.0",
        info,
        paths: {
          "/stacks": {
            post: {
              operationId: "createStack",
              parameters: [body("swarm"), body("compose"), { name: "file", in: "formData", type: "file" }],
              responses: ok,
            },
          },
          "/templates": {
            post: {
              operationId: "createTemplate",
              parameters: [body("template"), { name: "file", in: "formData", type: "file" }],
              responses: ok,
            },
          },
          "/status": { get: { operationId: "status", responses: ok } },
        },
      }),
    );
    expect(ir.tools.map((tool) => tool.name)).toEqual(["status"]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual(
      expect.arrayContaining([
        ["/paths/~1stacks/post", "POST /stacks is skipped: it declares 2 body parameters, and a request has one body"],
        [
          "/paths/~1templates/post",
          "POST /templates is skipped: it declares both a body parameter and formData parameters, and a request has one body",
        ],
      ]),
    );
  });
});

describe("Swagger 2.0 body parameters in an OpenAPI 3 document", () => {
  const servers = [{ url: "http://127.0.0.1:9/api" }];

  /** What the tool sent: the request's media type and its body as text. */
  async function sentBody(ir: OpenApiIR, tool: string, args: Record<string, unknown>) {
    const sent: { type: string | null; body: string }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      const request = new Request(url, init);
      sent.push({ type: request.headers.get("content-type"), body: await request.text() });
      return Response.json({ ok: true });
    };
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const result = await client.callTool({ name: tool, arguments: args });
      expect(result.isError).toBeFalsy();
      return sent;
    } finally {
      await client.close();
    }
  }

  it("formData fields, written either way, are one multipart body (AnythingLLM's image generation)", async () => {
    const document = {
      openapi: "3.0.0",
      info,
      servers,
      paths: {
        "/images": {
          post: {
            operationId: "generate",
            parameters: [
              { name: "prompt", in: "formData", required: true, schema: { type: "string" } },
              { name: "reference", in: "formData", schema: { type: "file" } },
              // Swagger 2.0's value keywords beside an OpenAPI 3 schema.
              {
                name: "format",
                in: "formData",
                enum: ["b64_json", "blob"],
                default: "b64_json",
                schema: { type: "string" },
              },
              { name: "count", in: "formData", type: "integer" },
              // PortOne's: a Swagger 2.0 `type` beside a `schema` of an object, read by its type.
              { name: "sender", in: "formData", type: "string", schema: { type: "object" } },
            ],
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools[0]!.inputSchema.properties).toMatchObject({
      body: {
        type: "object",
        properties: {
          prompt: { type: "string" },
          reference: { type: "string", contentEncoding: "base64" },
          format: { type: "string", enum: ["b64_json", "blob"], default: "b64_json" },
          count: { type: "integer" },
          sender: { type: "string" },
        },
        required: ["prompt"],
      },
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      "parameters prompt (in: formData), reference (in: formData), format (in: formData), count (in: formData), " +
        "sender (in: formData) are " +
        "Swagger 2.0's body parameters, not OpenAPI 3's: read as the request body, as Swagger 2.0 reads them",
    ]);
    const [sent] = await sentBody(ir, "generate", {
      body: { prompt: "a cat", reference: Buffer.from("png").toString("base64"), count: 2 },
    });
    expect(sent!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.body).toContain('name="prompt"\r\n\r\na cat\r\n');
    expect(sent!.body).toContain('name="count"\r\n\r\n2\r\n');
    expect(sent!.body).toMatch(/name="reference"; filename="[^"]*"\r\nContent-Type: [^\r]+\r\n\r\npng\r\n/);
  });

  it("formData fields without a file are a form; an `in: body` parameter is the JSON body", async () => {
    const document = {
      openapi: "3.0.0",
      info,
      servers,
      paths: {
        "/login": {
          post: {
            operationId: "login",
            parameters: [{ name: "user", in: "formData", required: true, type: "string" }],
            responses: ok,
          },
        },
        "/notes": {
          post: {
            operationId: "addNote",
            parameters: [
              {
                name: "note",
                in: "body",
                required: true,
                schema: { type: "object", properties: { text: { type: "string" } } },
              },
            ],
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(document));
    expect(await sentBody(ir, "login", { body: { user: "ada" } })).toEqual([
      { type: "application/x-www-form-urlencoded", body: "user=ada" },
    ]);
    expect(await sentBody(ir, "addNote", { body: { text: "hi" } })).toEqual([
      { type: "application/json", body: '{"text":"hi"}' },
    ]);
  });

  it("beside a requestBody, they are left out with a warning", async () => {
    const document = {
      openapi: "3.0.0",
      info,
      servers,
      paths: {
        "/notes": {
          post: {
            operationId: "addNote",
            parameters: [{ name: "stray", in: "formData", type: "string" }],
            requestBody: {
              content: { "application/json": { schema: { type: "object", properties: { text: { type: "string" } } } } },
            },
            responses: ok,
          },
        },
      },
    };
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      body: { type: "object", properties: { text: { type: "string" } } },
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      "parameters stray (in: formData) are Swagger 2.0's body parameters, and requestBody is the body: left out",
    ]);
  });
});

describe("YAML merge keys", () => {
  it("are merged into the schema holding them, as every OpenAPI tool reads them (cardano-wallet's)", async () => {
    const text = [
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "x-slot: &slot {type: integer, minimum: 0}",
      "paths:",
      "  /a:",
      "    get:",
      "      operationId: getA",
      "      parameters:",
      "        - name: slot",
      "          in: query",
      "          schema:",
      "            <<: *slot",
      "            maximum: 9",
      "      responses: {'200': {description: ok}}",
    ].join("\n");
    const file = await specFile({}, "merge.yaml");
    await writeFile(file, text);
    const ir = await loadOpenApi(file);
    expect(ir.tools[0]!.inputSchema.properties).toEqual({ slot: { type: "integer", minimum: 0, maximum: 9 } });
  });
});

describe("the document's identity", () => {
  it("takes a version YAML read as a number as its text, and gives one where the document gives none", async () => {
    const paths = { "/a": { get: { operationId: "getA", responses: ok } } };
    const numbered = await loadOpenApi(await specFile({ openapi: "3.0.3", info: { title: "t", version: 1.5 }, paths }));
    expect(numbered.version).toBe("1.5");
    const none = await loadOpenApi(await specFile({ openapi: "3.0.3", info: { title: "t", version: "" }, paths }));
    expect(none.version).toBe("0.0.0");
    expect(none.warnings.map((w) => [w.pointer, w.message])).toContainEqual([
      "/info/version",
      "no version: 0.0.0 is used instead",
    ]);
    // The runtime requires a server version: the server starts and lists its tool.
    const client = await createTestClient(openApiServer(none, { mode: "tools" }).builder);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["getA"]);
    } finally {
      await client.close();
    }
  });
});

/** A document served at http://127.0.0.1:9/api whose first operation is `getA` (GET /a), then `more` paths. */
function withGetA(operation: Record<string, unknown>, more: Record<string, unknown> = {}) {
  return {
    openapi: "3.0.3",
    info,
    servers: [{ url: "http://127.0.0.1:9/api" }],
    paths: { "/a": { get: { operationId: "getA", responses: ok, ...operation } }, ...more },
  };
}

describe("keyword values JSON Schema refuses", () => {
  const document = withGetA(
    {
      parameters: [
        { name: "when", in: "query", schema: { type: "date" } },
        { name: "status", in: "query", schema: { type: "string", enum: [], nullable: true } },
        { name: "n", in: "query", schema: { type: ["Integer", "nothing"], minimum: "1", maximum: "ten" } },
        { name: "tags", in: "query", schema: { type: "array", items: { type: "string" }, uniqueItems: "true" } },
      ],
    },
    {
      "/b": {
        post: {
          operationId: "postB",
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: { q: { type: "int" } } } } },
          },
          responses: ok,
        },
      },
    },
  );

  it("are read as they were meant where that is plain, else dropped, with a warning naming each", async () => {
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      when: { type: "string" },
      status: { type: ["string", "null"] },
      n: { type: "integer", minimum: 1 },
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    });
    const at = "/paths/~1a/get/parameters";
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [`${at}/0/schema/type`, 'type "date" is not valid JSON Schema: read as "string"'],
      [`${at}/1/schema/enum`, "enum [] is not valid JSON Schema: dropped"],
      [`${at}/2/schema/type`, 'type ["Integer","nothing"] is not valid JSON Schema: read as "integer"'],
      [`${at}/2/schema/minimum`, 'minimum "1" is not valid JSON Schema: read as 1'],
      [`${at}/2/schema/maximum`, 'maximum "ten" is not valid JSON Schema: dropped'],
      [`${at}/3/schema/uniqueItems`, 'uniqueItems "true" is not valid JSON Schema: read as true'],
      [
        "/paths/~1b/post/requestBody/content/application~1json/schema/properties/q/type",
        'type "int" is not valid JSON Schema: read as "integer"',
      ],
    ]);
  });

  it("leave a tool the runtime serves: its arguments are checked, not its schema refused", async () => {
    const ir = await loadOpenApi(await specFile(document));
    const fetch = async () => Response.json({ ok: true });
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const called = await client.callTool({ name: "getA", arguments: { when: "today", n: 2 } });
      expect(called.isError).toBeFalsy();
      const refused = await client.callTool({ name: "getA", arguments: { n: 0 } });
      expect(refused.content).toEqual([expect.objectContaining({ text: expect.stringMatching(/n: must be >= 1/) })]);
    } finally {
      await client.close();
    }
  });
});

describe("a date written as a picture where a pattern belongs", () => {
  it("is dropped with a warning (the format stays); a pattern that only looks alike is kept", async () => {
    const schema = (pattern: string) => ({ type: "string", format: "date-time", pattern });
    // PagerDuty's `since`: no date matches the regular expression YYYY-MM-DDThh:mm:ssZ.
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            { name: "since", in: "query", schema: schema("YYYY-MM-DDThh:mm:ssZ") },
            { name: "day", in: "query", schema: { type: "string", pattern: "yyyy-MM-dd" } },
            { name: "at", in: "query", schema: { type: "string", pattern: "HH:mm" } },
            { name: "code", in: "query", schema: { type: "string", pattern: "^[A-Z]{2}-\\d+$" } },
            { name: "sd", in: "query", schema: { type: "string", pattern: "SD" } },
          ],
        }),
      ),
    );
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      since: { type: "string", format: "date-time" },
      day: { type: "string" },
      at: { type: "string" },
      code: { type: "string", pattern: "^[A-Z]{2}-\\d+$" },
      sd: { type: "string", pattern: "SD" },
    });
    expect(ir.warnings.map((w) => w.pointer)).toEqual(
      [0, 1, 2].map((index) => `/paths/~1a/get/parameters/${index}/schema/pattern`),
    );
    expect(ir.warnings[0]!.message).toBe(
      'pattern "YYYY-MM-DDThh:mm:ssZ" is a picture of a date or time, not a regular expression (no date matches it): dropped',
    );
  });
});

describe("enum members outside their schema's type", () => {
  it("are read as meant where that is plain, else dropped, with a warning", async () => {
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // Brevo's excludeHtmlContent: no boolean is "true", so every call giving it was refused.
            { name: "exclude", in: "query", schema: { type: "boolean", enum: ["true", "false"] } },
            { name: "level", in: "query", schema: { type: "integer", enum: ["1", 2, "high"], nullable: true } },
            { name: "mode", in: "query", schema: { type: "string", enum: [{ a: 1 }] } },
            { name: "kept", in: "query", schema: { type: "string", enum: ["x"] } },
          ],
        }),
      ),
    );
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      exclude: { type: "boolean", enum: [true, false] },
      level: { type: ["integer", "null"], enum: [1, 2, null] },
      mode: { type: "string" },
      kept: { type: "string", enum: ["x"] },
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      'enum ["true","false"] does not fit type boolean: read as [true,false]',
      'enum ["1",2,"high"] does not fit type integer: read as [1,2]',
      'enum [{"a":1}] has no member of type string: dropped',
    ]);
  });
});

describe("a file field", () => {
  it("is base64 text, without the document's examples of the file; a default or enum is dropped with a warning", async () => {
    const file = { type: "string", format: "binary", example: "/path/to/img.png" };
    const ir = await loadOpenApi(
      await specFile(
        withGetA(
          {},
          {
            // Zulip's emoji upload: a model copying the example would send a path where the file's bytes belong.
            "/emoji": {
              post: {
                operationId: "upload",
                requestBody: {
                  content: {
                    "multipart/form-data": {
                      schema: {
                        type: "object",
                        // Modrinth's icon lists the file names it takes.
                        properties: {
                          filename: file,
                          icon: { ...file, default: "x.png" },
                          logo: { ...file, enum: ["*.png", "*.svg"] },
                        },
                      },
                    },
                  },
                },
                responses: ok,
              },
            },
          },
        ),
      ),
    );
    const body = ir.tools[1]!.inputSchema.properties!.body as { properties: Record<string, unknown> };
    expect(body.properties).toEqual({
      filename: { type: "string", contentEncoding: "base64" },
      icon: { type: "string", contentEncoding: "base64" },
      logo: { type: "string", contentEncoding: "base64" },
    });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1emoji/post/requestBody/content/multipart~1form-data/schema/properties/icon/default",
        'default "x.png" of a file is not its base64: dropped',
      ],
      [
        "/paths/~1emoji/post/requestBody/content/multipart~1form-data/schema/properties/logo/enum",
        'enum ["*.png","*.svg"] of a file is not its base64: dropped',
      ],
    ]);
  });
});

describe("a oneOf of lists that share values", () => {
  it("is read as anyOf, with a warning naming what they share; lists sharing nothing stay a oneOf", async () => {
    const list = (...values: string[]) => ({ type: "string", enum: values });
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // Pinterest's metric types: a Pin's and a video Pin's, five names in both.
            {
              name: "metrics",
              in: "query",
              schema: {
                type: "array",
                items: { oneOf: [list("IMPRESSION", "SAVE"), list("IMPRESSION", "VIDEO_START")] },
              },
            },
            { name: "tag", in: "query", schema: { oneOf: [{ const: "a" }, list("a", "b")] } },
            { name: "kind", in: "query", schema: { oneOf: [list("a", "b"), list("c")] } },
          ],
        }),
      ),
    );
    const properties = ir.tools[0]!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties.metrics!.items as object)).toEqual(["anyOf"]);
    expect(Object.keys(properties.tag!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.kind!)).toEqual(["oneOf"]);
    expect(ir.warnings.map((w) => w.message)).toEqual([
      'members 0 and 1 both list "IMPRESSION", and oneOf refuses a value matching two members: read as anyOf',
      'members 0 and 1 both list "a", and oneOf refuses a value matching two members: read as anyOf',
    ]);
  });
});

describe("a oneOf one of whose members holds another", () => {
  it("is read as anyOf, with a warning; members whose shapes prove nothing stay a oneOf", async () => {
    const action = { type: "object", required: ["type"], properties: { type: { type: "string" } } };
    const closed = { type: "object", properties: { "+order_by": { type: "string" } }, additionalProperties: false };
    const text = { type: "string", nullable: true };
    const open = (properties: Record<string, unknown>) => ({ type: "object", properties });
    const uuid = (description: string) => ({ type: "string", format: "uuid", description });
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // DigitalOcean's droplet actions: the second member is the first and more.
            { name: "act", in: "query", schema: { oneOf: [action, { allOf: [action, { properties: { n: {} } }] }] } },
            // Linode's X-Filter: any object, or an object of operators.
            { name: "filter", in: "query", schema: { oneOf: [{ type: "object", title: "simple" }, closed] } },
            { name: "id", in: "query", schema: { oneOf: [{ type: "string" }, { type: "integer" }] } },
            { name: "shape", in: "query", schema: { oneOf: [action, closed] } },
            // Klaviyo's message content: two objects requiring nothing, so an email's content is an SMS's too.
            { name: "content", in: "query", schema: { oneOf: [open({ subject: text }), open({ body: text })] } },
            // Told apart by a property both declare differently.
            {
              name: "kind",
              in: "query",
              schema: { oneOf: [open({ kind: { enum: ["a"] } }), open({ kind: { enum: ["b"] } })] },
            },
            // Equinix Metal's gateways: a VRF gateway requires all a gateway does, and its ids are described anew.
            {
              name: "gateway",
              in: "query",
              schema: {
                oneOf: [
                  {
                    ...open({ network: uuid("a network"), reservation: uuid("a reservation") }),
                    required: ["network"],
                  },
                  {
                    ...open({ network: uuid("its network"), reservation: uuid("a VRF") }),
                    required: ["network", "reservation"],
                  },
                ],
              },
            },
            // Told apart by what they require: a value holding both matches both, but neither holds the other.
            {
              name: "either",
              in: "query",
              schema: {
                oneOf: [
                  { ...open({ a: text, b: text }), required: ["a"] },
                  { ...open({ a: text, b: text }), required: ["b"] },
                ],
              },
            },
            // Spree's promotion updates: `{promotion: {...}}` each, open inside and declaring none of each other's
            // properties there, so every update is a value of both.
            {
              name: "update",
              in: "query",
              schema: {
                oneOf: [
                  { ...open({ promotion: open({ name: text }) }), required: ["promotion"] },
                  { ...open({ promotion: open({ rules: { type: "array" } }) }), required: ["promotion"] },
                ],
              },
            },
            // Told apart inside: the inner objects declare one property differently.
            {
              name: "inner",
              in: "query",
              schema: {
                oneOf: [
                  open({ promotion: open({ kind: { enum: ["a"] } }) }),
                  open({ promotion: open({ kind: { enum: ["b"] } }) }),
                ],
              },
            },
          ],
        }),
      ),
    );
    const properties = ir.tools[0]!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties.act!)).toEqual(["anyOf"]);
    expect(properties.filter).toEqual({ anyOf: [{ type: "object", title: "simple" }, closed] });
    expect(properties.id).toEqual({ oneOf: [{ type: "string" }, { type: "integer" }] });
    expect(Object.keys(properties.shape!)).toEqual(["oneOf"]);
    expect(Object.keys(properties.content!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.kind!)).toEqual(["oneOf"]);
    expect(Object.keys(properties.gateway!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.either!)).toEqual(["oneOf"]);
    expect(Object.keys(properties.update!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.inner!)).toEqual(["oneOf"]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual(
      [0, 1, 4, 6, 8].map((index) => [
        `/paths/~1a/get/parameters/${index}/schema/oneOf`,
        "every value of member 1 is also a value of member 0, and oneOf refuses a value matching two members: read as anyOf",
      ]),
    );
  });

  it("reads a member written as an allOf of open objects as the one object they make (Flipt's payloads)", async () => {
    const open = (properties: Record<string, unknown>) => ({ type: "object", properties });
    const atType = {
      type: "object",
      required: ["@type"],
      properties: { "@type": { type: "string", enum: ["flag", "segment"] } },
    };
    const flag = open({ key: { type: "string" }, enabled: { type: "boolean" } });
    const segment = open({ key: { type: "string" }, matchType: { type: "string", enum: ["ALL", "ANY"] } });
    const payload = (more: unknown) => ({ type: "object", allOf: [{ $ref: "#/components/schemas/AtType" }, more] });
    // Nightscout's documents say nothing beside their allOf but a description.
    const described = (more: unknown) => ({
      description: "a document",
      allOf: [{ $ref: "#/components/schemas/AtType" }, more],
    });
    const ir = await loadOpenApi(
      await specFile({
        ...withGetA({
          parameters: [
            { name: "payload", in: "query", schema: { oneOf: [payload(flag), payload(segment)] } },
            { name: "document", in: "query", schema: { oneOf: [described(flag), described(segment)] } },
            // Told apart by a property the parts declare differently: the members stay a oneOf.
            {
              name: "told",
              in: "query",
              schema: { oneOf: [payload(open({ key: { type: "integer" } })), payload(segment)] },
            },
            // Told apart by what their parts require: a oneOf.
            {
              name: "keyed",
              in: "query",
              schema: {
                oneOf: [payload({ ...flag, required: ["enabled"] }), payload({ ...segment, required: ["matchType"] })],
              },
            },
          ],
        }),
        components: { schemas: { AtType: atType } },
      }),
    );
    const properties = ir.tools[0]!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties.payload!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.document!)).toEqual(["anyOf"]);
    expect(Object.keys(properties.told!)).toEqual(["oneOf"]);
    expect(Object.keys(properties.keyed!)).toEqual(["oneOf"]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual(
      [0, 1].map((index) => [
        `/paths/~1a/get/parameters/${index}/schema/oneOf`,
        "every value of member 1 is also a value of member 0, and oneOf refuses a value matching two members: read as anyOf",
      ]),
    );
  });

  it("counts a member's readOnly properties out of a request, where they are left out, and in a response", async () => {
    // PagerDuty's alert grouping: the parameters, or a reference all of whose properties are readOnly.
    const parameters = {
      type: "object",
      properties: { type: { type: "string", nullable: true, enum: ["time", null] }, config: { type: "object" } },
    };
    const reference = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string", readOnly: true }, type: { type: "string", readOnly: true } },
    };
    const grouping = { oneOf: [{ $ref: "#/components/schemas/Parameters" }, reference] };
    const ir = await loadOpenApi(
      await specFile({
        ...withGetA(
          {
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { type: "object", properties: { grouping } } } },
              },
            },
          },
          {
            "/b": {
              post: {
                operationId: "postB",
                responses: ok,
                requestBody: { content: { "application/json": { schema: grouping } } },
              },
            },
          },
        ),
        components: { schemas: { Parameters: parameters } },
      }),
    );
    const body = ir.tools[1]!.inputSchema.properties!.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["anyOf"]);
    const output = ir.tools[0]!.outputSchema!.properties!.grouping as Record<string, unknown>;
    expect(Object.keys(output)).toEqual(["oneOf"]);
    expect(ir.warnings.map((w) => w.message)).toEqual([
      "every value of member 0 is also a value of member 1, and oneOf refuses a value matching two members: read as anyOf",
    ]);
  });
});

describe("a pattern written as a regular expression literal, slashes and all", () => {
  it("is read as its body when nothing could match it as written; flags JSON Schema lacks drop it", async () => {
    const string = (pattern: string) => ({ type: "string", pattern });
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // PeerTube's usernames: as written, a value would have to start with "/" and then with nothing.
            { name: "username", in: "query", schema: string("/^[a-z0-9._]+$/") },
            { name: "tail", in: "query", schema: string("/[a-z]+$/u") },
            { name: "folded", in: "query", schema: string("/^[a-z]+$/i") },
            { name: "lines", in: "query", schema: string("/^[a-z]+$/m") },
            // Paths are what these match: slashes meant as slashes, no anchor inside them.
            { name: "path", in: "query", schema: string("/api/v[0-9]+/") },
          ],
        }),
      ),
    );
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      username: string("^[a-z0-9._]+$"),
      tail: string("[a-z]+$"),
      folded: string("^[a-zA-Z]+$"),
      lines: { type: "string" },
      path: string("/api/v[0-9]+/"),
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      'pattern "/^[a-z0-9._]+$/" is written as a regular expression literal (nothing matches it as it is): read as "^[a-z0-9._]+$"',
      'pattern "/[a-z]+$/u" is written as a regular expression literal (nothing matches it as it is): read as "[a-z]+$"',
      'pattern "/^[a-z]+$/i" is case-insensitive, which JSON Schema has no flag for: read as "^[a-zA-Z]+$"',
      'pattern "/^[a-z]+$/m" is a regular expression literal whose flags JSON Schema cannot carry: dropped',
    ]);
  });
});

describe("a case-insensitive pattern", () => {
  it("is read as classes of both cases, and dropped where that would not read alike", async () => {
    const patterns = {
      // Okta's ids: Java's inline flag before a UUID's hex digits.
      id: "(?i)^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$",
      code: "(?i)^ab\\d{2,}(?:x|Y)\\.[^a-c]$",
      repeated: "(?i)^(a)\\1$",
      named: "(?i)^(?<first>a)$",
    };
    const parameters = Object.entries(patterns).map(([name, pattern]) => ({
      name,
      in: "query",
      schema: { type: "string", pattern },
    }));
    const ir = await loadOpenApi(await specFile(withGetA({ parameters })));
    const properties = ir.tools[0]!.inputSchema.properties as Record<string, { pattern?: string }>;
    expect(properties.id!.pattern).toBe(
      "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$",
    );
    expect(properties.code!.pattern).toBe("^[aA][bB]\\d{2,}(?:[xX]|[Yy])\\.[^a-cA-C]$");
    const id = new RegExp(properties.id!.pattern!, "u");
    expect(
      ["3F2B8C1E-5D4A-4B6F-9E7D-2A1C0B9D8E7F", "3f2b8c1e-5d4a-4b6f-9e7d-2a1c0b9d8e7f"].map((v) => id.test(v)),
    ).toEqual([true, true]);
    const code = new RegExp(properties.code!.pattern!, "u");
    expect(["AB12x.D", "ab123Y.z", "AB12x.C", "AB1x.D"].map((value) => code.test(value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(properties.repeated).toEqual({ type: "string" });
    expect(properties.named).toEqual({ type: "string" });
    expect(ir.warnings.map((w) => w.message).filter((m) => m.includes("cannot carry"))).toEqual([
      'pattern "(?i)^(a)\\\\1$" is case-insensitive in a way JSON Schema cannot carry: dropped',
      'pattern "(?i)^(?<first>a)$" is case-insensitive in a way JSON Schema cannot carry: dropped',
    ]);
  });
});

describe("a pattern with escapes the u flag refuses", () => {
  it("is read without the backslashes that mean the character itself, other flavours' anchors as ours, and dropped only when still broken", async () => {
    const string = (pattern: string) => ({ type: "string", pattern });
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // StackStorm's timestamps escape the dash between digits; an escaped dash in a class is a range's dash.
            { name: "at", in: "query", schema: string("^\\d{4}\\-\\d{2}(\\s|T)[\\w\\-:]+$") },
            { name: "mail", in: "query", schema: string("^[^@]+\\@[a-z]+\\.com$") },
            // Django's slugs in Baby Buddy's document: Python's input anchors.
            { name: "slug", in: "query", schema: string("\\A[-\\w]+\\z") },
            { name: "broken", in: "query", schema: string("^(\\d+$") },
          ],
        }),
      ),
    );
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      at: string("^\\d{4}-\\d{2}(\\s|T)[\\w\\-:]+$"),
      mail: string("^[^@]+@[a-z]+\\.com$"),
      slug: string("^[-\\w]+$"),
      broken: { type: "string" },
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      'pattern "^(\\\\d+$" is not a valid regular expression: dropped',
    ]);
  });
});

describe("a discriminated oneOf whose members do not name themselves", () => {
  it("holds each member to the names the discriminator gives it; a member naming only itself stays as it is", async () => {
    // Front's analytics exports: the parent declares `type`; a message export's columns are event columns too.
    const columns = (...values: string[]) => ({
      type: "object",
      required: ["columns"],
      properties: { columns: { type: "array", items: { type: "string", enum: values } } },
    });
    const ir = await loadOpenApi(
      await specFile({
        ...withGetA(
          {},
          {
            "/b": {
              post: {
                operationId: "postB",
                responses: ok,
                requestBody: {
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        required: ["type"],
                        properties: { type: { type: "string", enum: ["messages", "events", "Pinned", "code"] } },
                        discriminator: {
                          propertyName: "type",
                          mapping: {
                            messages: "Messages",
                            events: "#/components/schemas/Events",
                            code: "Code",
                            OpenIdConnect: "Oidc",
                          },
                        },
                        oneOf: [
                          { $ref: "#/components/schemas/Messages" },
                          { $ref: "#/components/schemas/Events" },
                          { $ref: "#/components/schemas/Pinned" },
                          { $ref: "#/components/schemas/Code" },
                          { $ref: "#/components/schemas/Odd" },
                          { $ref: "#/components/schemas/Oidc" },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
        ),
        components: {
          schemas: {
            Messages: columns("Message ID"),
            Events: columns("Message ID", "Activity ID"),
            Pinned: { type: "object", properties: { type: { const: "Pinned" } } },
            // Ory Kratos' recovery methods: each member's enum allows every method, so it names the others too.
            Code: { type: "object", properties: { type: { type: "string", enum: ["events", "code"] } } },
            // A member whose values are none of its names is left to say so itself: pinning it would refuse it all.
            Odd: { type: "object", properties: { type: { type: "string", enum: ["events", "messages"] } } },
            // FusionAuth's providers share one `type` enum, which spells the mapping's `OpenIdConnect` otherwise.
            Oidc: { type: "object", properties: { type: { $ref: "#/components/schemas/ProviderType" } } },
            ProviderType: { type: "string", enum: ["messages", "events", "OpenIDConnect"] },
          },
        },
      }),
    );
    const body = ir.tools[1]!.inputSchema.properties!.body as Record<string, unknown>;
    const named = (ref: string, name: string) => ({
      allOf: [{ $ref: `#/$defs/${ref}` }, { properties: { type: { const: name } }, required: ["type"] }],
    });
    expect(body.oneOf).toEqual([
      named("Messages", "messages"),
      named("Events", "events"),
      { $ref: "#/$defs/Pinned" },
      named("Code", "code"),
      { $ref: "#/$defs/Odd" },
      named("Oidc", "OpenIDConnect"),
    ]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1b/post/requestBody/content/application~1json/schema/oneOf/5",
        "the discriminator names this member OpenIdConnect, which its type does not allow: held to the values no other member is named by (OpenIDConnect)",
      ],
    ]);
  });
});

describe("a format no string within the length bounds has", () => {
  it("is dropped, with a warning; a format the bounds allow stays", async () => {
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          parameters: [
            // Intercom's contact ids: MongoDB ids of 24 characters, written as uuids.
            { name: "id", in: "query", schema: { type: "string", format: "uuid", minLength: 24, maxLength: 24 } },
            { name: "day", in: "query", schema: { type: "string", format: "date", maxLength: 8 } },
            { name: "key", in: "query", schema: { type: "string", format: "uuid", maxLength: 36 } },
          ],
        }),
      ),
    );
    expect(ir.tools[0]!.inputSchema.properties).toEqual({
      id: { type: "string", minLength: 24, maxLength: 24 },
      day: { type: "string", maxLength: 8 },
      key: { type: "string", format: "uuid", maxLength: 36 },
    });
    expect(ir.warnings.map((w) => w.message)).toEqual([
      "format uuid takes strings of 36 to 45 characters and the schema's length bounds allow 24: no string fits both: dropped",
      "format date takes strings of 10 characters and the schema's length bounds allow 0 to 8: no string fits both: dropped",
    ]);
  });
});

describe("defaults their own schema refuses", () => {
  // Xero's `type: boolean, default: "false"`; OpenAI's `type: object, default: null` without `nullable`.
  const property = (schema: Record<string, unknown>) => ({ type: "object", properties: { value: schema } });
  const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
  const document = withGetA({
    parameters: [
      { name: "all", in: "query", schema: { type: "boolean", default: "false" } },
      { name: "size", in: "query", schema: { type: "integer", default: "20" } },
      { name: "code", in: "query", schema: { type: "string", default: 10 } },
      { name: "order", in: "query", schema: { type: "string", enum: ["asc", "desc"], default: "newest" } },
      { name: "since", in: "query", schema: { type: "string", nullable: true, default: null } },
      // InvenTree's `model_type`: the enum is an allOf member's, and it lacks the default.
      { name: "kind", in: "query", schema: { allOf: [{ type: "string", enum: ["a", "b"] }], default: "" } },
      // LifterLMS's course instructors: at least one, and none by default; bounds kept by their defaults stay.
      { name: "ids", in: "query", schema: { type: "array", items: { type: "integer" }, minItems: 1, default: [] } },
      { name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 0 } },
      { name: "tag", in: "query", schema: { type: "string", maxLength: 3, default: "abcd" } },
      { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
    ],
    responses: { "200": { description: "ok", ...json(property({ type: "object", default: null })) } },
  });

  it("are read as they were meant where that is plain, else dropped, with a warning naming each", async () => {
    const ir = await loadOpenApi(await specFile(document));
    const [tool] = ir.tools;
    expect(tool!.inputSchema.properties).toEqual({
      all: { type: "boolean", default: false },
      size: { type: "integer", default: 20 },
      code: { type: "string", default: "10" },
      order: { type: "string", enum: ["asc", "desc"] },
      since: { type: ["string", "null"], default: null },
      kind: { allOf: [{ type: "string", enum: ["a", "b"] }] },
      ids: { type: "array", items: { type: "integer" }, minItems: 1 },
      page: { type: "integer", minimum: 1 },
      tag: { type: "string", maxLength: 3 },
      limit: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    });
    expect(tool!.outputSchema).toEqual(property({ type: "object" }));
    const at = "/paths/~1a/get";
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [`${at}/parameters/0/schema/default`, 'default "false" does not fit its schema: read as false'],
      [`${at}/parameters/1/schema/default`, 'default "20" does not fit its schema: read as 20'],
      [`${at}/parameters/2/schema/default`, 'default 10 does not fit its schema: read as "10"'],
      [`${at}/parameters/3/schema/default`, 'default "newest" does not fit its schema: dropped'],
      [`${at}/parameters/5/schema/default`, 'default "" does not fit its schema: dropped'],
      [`${at}/parameters/6/schema/default`, "default [] does not fit its schema: dropped"],
      [`${at}/parameters/7/schema/default`, "default 0 does not fit its schema: dropped"],
      [`${at}/parameters/8/schema/default`, 'default "abcd" does not fit its schema: dropped'],
      [
        `${at}/responses/200/content/application~1json/schema/properties/value/default`,
        "default null does not fit its schema: dropped",
      ],
    ]);
  });

  it("no longer make the runtime refuse a call or a response that leaves the property out", async () => {
    const ir = await loadOpenApi(await specFile(document));
    const sent: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      sent.push(String(url));
      return Response.json({});
    };
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const result = await client.callTool({ name: "getA", arguments: {} });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toEqual({});
      expect(sent).toEqual(["http://127.0.0.1:9/api/a?all=false&size=20&code=10&limit=20"]);
    } finally {
      await client.close();
    }
  });
});

describe("cycles stay $refs inside $defs", () => {
  it("a self-referencing schema and a two-schema cycle", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.1.0",
        info,
        paths: {
          "/nodes": {
            post: {
              operationId: "postNode",
              requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
              responses: {
                "200": {
                  description: "ok",
                  content: { "application/json": { schema: { $ref: "#/components/schemas/A" } } },
                },
              },
            },
          },
        },
        components: {
          schemas: {
            Node: {
              type: "object",
              properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
            },
            A: { type: "object", properties: { b: { $ref: "#/components/schemas/B" } } },
            B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
          },
        },
      }),
    );
    const tool = ir.tools[0]!;
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { body: { $ref: "#/$defs/Node" } },
      $defs: { Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } } },
    });
    // The root is A inlined; A stays in $defs because B points back at it.
    expect(tool.outputSchema).toEqual({
      type: "object",
      properties: { b: { $ref: "#/$defs/B" } },
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
        B: { type: "object", properties: { a: { $ref: "#/$defs/A" } } },
      },
    });
  });
});

describe("selection and x-mcp", () => {
  const document = {
    openapi: "3.0.3",
    info,
    "x-mcp": { exclude: false },
    paths: {
      "/pets": {
        get: { operationId: "listPets", tags: ["pets"], responses: ok },
        post: {
          operationId: "createPet",
          tags: ["pets"],
          responses: ok,
          "x-mcp": { name: "add_pet", description: "Adds a pet." },
        },
      },
      "/pets/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        delete: { operationId: "deletePet", tags: ["pets"], responses: ok, "x-mcp": false },
        get: { operationId: "getPet", tags: ["pets"], deprecated: true, responses: ok },
      },
      "/admin/users": {
        "x-mcp": { exclude: true },
        get: { operationId: "listUsers", tags: ["admin"], responses: ok },
        post: { operationId: "createUser", tags: ["admin"], responses: ok, "x-mcp": true },
      },
      "/store/orders": { get: { tags: ["store"], responses: ok } },
    },
  };

  it("x-mcp: false and exclude leave operations out; name and description replace the spec's", async () => {
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.tools.map((t) => t.name)).toEqual(["listPets", "add_pet", "createUser", "get_store_orders"]);
    expect(ir.tools[1]!.description).toBe("Adds a pet.");
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toContainEqual([
      "/paths/~1pets~1{id}/get",
      "deprecated: skipped (includeDeprecated keeps it)",
    ]);
  });

  it("include filters: all criteria given must match; exclude: any", async () => {
    const file = await specFile(document);
    const names = async (options: Parameters<typeof loadOpenApi>[1]) =>
      (await loadOpenApi(file, options)).tools.map((t) => t.name);
    expect(await names({ include: { tags: ["pets"], methods: ["GET"] } })).toEqual(["listPets"]);
    expect(await names({ include: { paths: ["/pets/*"] }, includeDeprecated: true })).toEqual(["getPet"]);
    expect(
      await names({ include: { paths: ["/**"] }, exclude: { operationIds: ["listPets"], tags: ["store"] } }),
    ).toEqual(["add_pet", "createUser"]);
    const ir = await loadOpenApi(file, { include: { tags: ["nope"] } });
    expect(ir.tools).toEqual([]);
    expect(ir.warnings.map((w) => w.message)).toContain('include.tags: no operation has the tag "nope"');
  });

  it("names are cut to maxNameLength with a stable hash", async () => {
    const ir = await loadOpenApi(await specFile(document), { maxNameLength: 12 });
    expect(ir.tools.map((t) => t.name)).toEqual([
      "listPets",
      "add_pet",
      "createUser",
      expect.stringMatching(/^get_s_[0-9a-f]{6}$/),
    ]);
  });
});

describe("security", () => {
  it("a scheme declared without what sending it takes is said, and only the alternatives needing it are dropped", async () => {
    // Emby's `embyauth: {}`, an alternative to its API key.
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "https://api.example.com" }],
        security: [{ key: [] }, { emby: [] }],
        paths: {
          "/a": { get: { operationId: "a", responses: ok } },
          "/b": { get: { operationId: "b", security: [{ emby: [] }], responses: ok } },
          "/c": { get: { operationId: "c", security: [{ nameless: [] }, { bare: [] }], responses: ok } },
        },
        components: {
          securitySchemes: {
            key: { type: "apiKey", in: "query", name: "api_key" },
            emby: {},
            nameless: { type: "apiKey", in: "header" },
            bare: { type: "http" },
          },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([["a", [["key"]]]]);
    const dropped = ": nothing is sent with it (the security alternatives that need it are dropped)";
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/components/securitySchemes/emby", `security scheme "emby" has no type${dropped}`],
      ["/components/securitySchemes/nameless", `apiKey scheme "nameless" needs both \`name\` and \`in\`${dropped}`],
      ["/components/securitySchemes/bare", `http scheme "bare" needs \`scheme\`${dropped}`],
      ["/paths/~1b/get", "skipped: it requires emby, which the executor cannot send"],
      ["/paths/~1c/get", "skipped: it requires nameless, bare, which the executor cannot send"],
    ]);
  });

  it("an API key sent in a header that is not a header name is read as the http scheme it names, or not sent", async () => {
    // CrowdSec's JWT scheme: `name: "Authorization: Bearer"`, a header and its value's scheme.
    const ir = await loadOpenApi(
      await specFile({
        swagger: "2.0",
        info,
        host: "api.example.com",
        securityDefinitions: {
          jwt: { type: "apiKey", in: "header", name: "Authorization: Bearer" },
          spaced: { type: "apiKey", in: "header", name: "X Api Key" },
          key: { type: "apiKey", in: "header", name: "X-Api-Key" },
        },
        paths: {
          "/a": { get: { operationId: "a", security: [{ jwt: [] }], responses: ok } },
          "/b": { get: { operationId: "b", security: [{ spaced: [] }, { key: [] }], responses: ok } },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([
      ["a", [["jwt"]]],
      ["b", [["key"]]],
    ]);
    expect(ir.api.securitySchemes.jwt).toMatchObject({ type: "http", scheme: "bearer" });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/securityDefinitions/jwt",
        'apiKey scheme "jwt" names the header "Authorization: Bearer", a header and its value\'s scheme: read as an http bearer scheme',
      ],
      [
        "/securityDefinitions/spaced",
        'apiKey scheme "spaced" is sent in the header "X Api Key", which is not a header name: nothing is sent with it (the security alternatives that need it are dropped)',
      ],
    ]);
  });

  it("reads an Authorization header parameter as the credential where no scheme covers its operation", async () => {
    // SuperTokens' core API declares no scheme and an optional Authorization parameter on every operation; Dagu's
    // webhooks (`security: []`) take a token so, beside operations its API key covers.
    const authorization = (required: boolean) => ({
      name: "Authorization",
      in: "header",
      required,
      schema: { type: "string" },
    });
    const get = (operationId: string, required: boolean, security?: unknown[]) => ({
      get: { operationId, parameters: [authorization(required)], ...(security && { security }), responses: ok },
    });
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "https://api.example.com" }],
        security: [{ key: [] }],
        paths: {
          "/covered": get("covered", true),
          "/optional": get("optional", false, []),
          "/required": get("required", true, [{}]),
        },
        components: { securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key" } } },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security, Object.keys(t.inputSchema.properties ?? {})])).toEqual([
      ["covered", [["key"]], []],
      ["optional", [["Authorization"], []], []],
      ["required", [["Authorization"]], []],
    ]);
    expect(ir.api.securitySchemes.Authorization).toEqual({
      type: "apiKey",
      in: "header",
      name: "Authorization",
      env: "EXAMPLE_AUTHORIZATION",
    });
    expect(ir.credentials.map((c) => c.env)).toEqual(["EXAMPLE_KEY", "EXAMPLE_AUTHORIZATION"]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1covered/get/parameters/0",
        "header parameter Authorization ignored (OpenAPI says so; the executor sets it)",
      ],
      [
        "/paths/~1optional/get/parameters/0",
        "2 operations no security scheme covers declare an Authorization header parameter: read as an API key sent in that header from the environment (never a tool argument)",
      ],
    ]);
  });

  it("AND/OR kept, security: [] honoured, unsupported schemes skip only the tools that need them", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info: { title: "Swagger Petstore - OpenAPI 3.0", version: "1" },
        security: [{ key: [], app: [] }, { token: [] }],
        paths: {
          "/a": { get: { operationId: "a", responses: ok } },
          "/b": { get: { operationId: "b", security: [], responses: ok } },
          "/c": { get: { operationId: "c", security: [{ digest: [] }], responses: ok } },
          "/d": { get: { operationId: "d", security: [{ cc: ["read", "write"] }, {}], responses: ok } },
        },
        components: {
          securitySchemes: {
            key: { type: "apiKey", in: "query", name: "api_key" },
            app: { type: "apiKey", in: "cookie", name: "app" },
            token: { type: "http", scheme: "bearer" },
            digest: { type: "http", scheme: "digest" },
            cc: {
              type: "oauth2",
              flows: {
                clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { read: "", write: "" } },
              },
            },
          },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([
      ["a", [["key", "app"], ["token"]]],
      ["b", []],
      ["d", [["cc"], []]],
    ]);
    expect(ir.api.securitySchemes).toEqual({
      key: { type: "apiKey", in: "query", name: "api_key", env: "PETSTORE_KEY" },
      app: { type: "apiKey", in: "cookie", name: "app", env: "PETSTORE_APP" },
      token: { type: "http", scheme: "bearer", env: "PETSTORE_TOKEN" },
      cc: {
        type: "oauth2",
        flow: "clientCredentials",
        tokenUrl: "https://auth.example.com/token",
        scopes: ["read", "write"],
        clientIdEnv: "PETSTORE_CC_CLIENT_ID",
        clientSecretEnv: "PETSTORE_CC_CLIENT_SECRET",
      },
    });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/components/securitySchemes/digest", 'security scheme "digest" (http digest) cannot be sent by the executor'],
      ["/paths/~1c/get", "skipped: it requires digest, which the executor cannot send"],
      ["/servers", "no servers: the base URL must be set with PETSTORE_BASE_URL"],
    ]);
  });

  it("reads OpenAPI 3.2's QUERY operations and additionalOperations, each sent with its method", async () => {
    const ok = { responses: { "200": { description: "ok" } } };
    const json = {
      content: { "application/json": { schema: { type: "object", properties: { q: { type: "string" } } } } },
    };
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.2.0",
        info,
        servers: [{ url: "https://api.example.com" }],
        paths: {
          "/items": {
            get: { ...ok, operationId: "list", parameters: [{ name: "q", in: "query", schema: { type: "string" } }] },
            query: { ...ok, operationId: "search", requestBody: json },
            trace: { ...ok, operationId: "trace" },
            additionalOperations: {
              COPY: { ...ok, operationId: "copy" },
              // Methods are case-sensitive: sent as written.
              purge: { ...ok, operationId: "purge" },
              POST: { ...ok, operationId: "post" },
              CONNECT: { ...ok, operationId: "connect" },
            },
          },
        },
      }),
    );
    expect(ir.tools.map((tool) => [tool.name, tool.binding.method, tool.binding.body?.argument])).toEqual([
      ["list", "GET", undefined],
      ["search", "QUERY", "body"],
      ["copy", "COPY", undefined],
      ["purge", "purge", undefined],
    ]);
    // QUERY is safe: it reads, as GET does.
    expect(ir.tools[1]!.annotations).toMatchObject({ readOnlyHint: true });
    expect(ir.tools[2]!.annotations?.readOnlyHint).toBeUndefined();
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1items/trace",
        "TRACE /items is skipped: fetch refuses to send TRACE (a forbidden method in the Fetch standard)",
      ],
      [
        "/paths/~1items/additionalOperations/POST",
        "POST /items is skipped: additionalOperations cannot hold a method the path item has a field for (post)",
      ],
      [
        "/paths/~1items/additionalOperations/CONNECT",
        "CONNECT /items is skipped: fetch refuses to send CONNECT (a forbidden method in the Fetch standard)",
      ],
    ]);
  });

  it("reads OpenAPI 3.2's querystring parameter as the whole query, once and never beside query parameters", async () => {
    const ok = { responses: { "200": { description: "ok" } } };
    const form = { type: "object", properties: { text: { type: "string" }, year: { type: "integer" } } };
    const whole = (content?: object) => ({ name: "search", in: "querystring", ...(content && { content }) });
    const query = { name: "page", in: "query", schema: { type: "integer" } };
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.2.0",
        info,
        servers: [{ url: "https://api.example.com" }],
        paths: {
          "/form": {
            get: {
              ...ok,
              operationId: "form",
              parameters: [whole({ "application/x-www-form-urlencoded": { schema: form } })],
            },
          },
          "/json": {
            get: { ...ok, operationId: "json", parameters: [whole({ "application/json": { schema: form } })] },
          },
          "/bare": { get: { ...ok, operationId: "bare", parameters: [whole()] } },
          "/both": { get: { ...ok, operationId: "both", parameters: [whole({ "text/plain": {} }), query] } },
        },
      }),
    );
    expect(
      ir.tools.map((tool) => [tool.name, tool.binding.parameters.map((p) => [p.in, p.argument, p.contentType])]),
    ).toEqual([
      ["form", [["querystring", "search", "application/x-www-form-urlencoded"]]],
      ["json", [["querystring", "search", "application/json"]]],
      ["bare", [["querystring", "search", "application/x-www-form-urlencoded"]]],
    ]);
    expect(ir.tools[0]!.inputSchema.properties!.search).toEqual(form);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/paths/~1bare/get/parameters/0", "querystring parameter search names no media type: written as a form"],
      [
        "/paths/~1both/get",
        "GET /both is skipped: its querystring parameter search is the whole query, and it declares query parameters too (page)",
      ],
    ]);
  });

  it("drops a type beside an allOf whose members are of another type (SMS Gateway's webhook events)", async () => {
    const schemas = { Event: { type: "string", enum: ["sms:received", "sms:sent"] } };
    const body = {
      type: "object",
      properties: {
        event: { type: "object", allOf: [{ $ref: "#/components/schemas/Event" }], description: "the event" },
        // A type one of the members allows, and members that disagree among themselves, are left alone.
        count: { type: "number", allOf: [{ type: "integer", minimum: 1 }] },
        odd: { type: "object", allOf: [{ type: "string" }, { type: "integer" }] },
      },
    };
    const post = {
      operationId: "add",
      requestBody: { content: { "application/json": { schema: body } } },
      responses: { "204": { description: "ok" } },
    };
    const spec = { openapi: "3.0.3", info, servers: [{ url: "https://api.example.com" }], paths: { "/w": { post } } };
    const ir = await loadOpenApi(await specFile({ ...spec, components: { schemas } }));
    const properties = (ir.tools[0]!.inputSchema.properties!.body as { properties: Record<string, object> }).properties;
    expect(properties.event).toEqual({ allOf: [{ $ref: "#/$defs/Event" }], description: "the event" });
    expect(properties.count).toMatchObject({ type: "number" });
    expect(properties.odd).toMatchObject({ type: "object" });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1w/post/requestBody/content/application~1json/schema/properties/event",
        "type object beside an allOf whose member is string: no value is both, so the members' type is kept",
      ],
    ]);
  });

  it("reads an allOf of enums that share no value as one enum of all of them (NetBird's resource types)", async () => {
    const network = { type: "string", enum: ["host", "subnet", "domain"] };
    const schemas = {
      NetworkType: network,
      ResourceType: { allOf: [{ $ref: "#/components/schemas/NetworkType" }, { type: "string", enum: ["peer"] }] },
      // Enums that share a value narrow each other, as JSON Schema says: left alone.
      Narrowed: { allOf: [{ $ref: "#/components/schemas/NetworkType" }, { enum: ["host", "peer"] }] },
    };
    const body = {
      type: "object",
      properties: {
        type: { $ref: "#/components/schemas/ResourceType" },
        narrowed: { $ref: "#/components/schemas/Narrowed" },
      },
    };
    const post = {
      operationId: "add",
      requestBody: { content: { "application/json": { schema: body } } },
      responses: { "204": { description: "ok" } },
    };
    const spec = { openapi: "3.0.3", info, servers: [{ url: "https://api.example.com" }], paths: { "/r": { post } } };
    const ir = await loadOpenApi(await specFile({ ...spec, components: { schemas } }));
    const defs = ir.tools[0]!.inputSchema.$defs as Record<string, unknown>;
    expect(defs.ResourceType).toEqual({ type: "string", enum: ["host", "subnet", "domain", "peer"] });
    expect(defs.Narrowed).toEqual({ allOf: [{ $ref: "#/$defs/NetworkType" }, { enum: ["host", "peer"] }] });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/components/schemas/ResourceType/allOf",
        "its members are enums that share no value, so no value can match all of them: read as one enum of all their values",
      ],
    ]);
  });

  it("drops draft-04's id from a schema, which the validator refuses, and keeps a property named id", async () => {
    // GrowthBook's responses name themselves with `id: SavedGroupReferences`.
    const thing = { id: "Thing", type: "object", properties: { id: { type: "string" } }, required: ["id"] };
    const content = { "application/json": { schema: thing } };
    const spec = await specFile({
      openapi: "3.0.3",
      info,
      servers: [{ url: "https://api.example.com" }],
      paths: { "/thing": { get: { operationId: "thing", responses: { "200": { description: "ok", content } } } } },
    });
    const ir = await loadOpenApi(spec);
    expect(ir.tools[0]!.outputSchema).toEqual({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    });
    const client = await createTestClient(
      openApiServer(ir, { executor: { fetch: async () => Response.json({ id: "t1" }) } }).builder,
    );
    try {
      const result = await client.callTool({ name: "thing", arguments: {} });
      expect(result.structuredContent).toEqual({ id: "t1" });
    } finally {
      await client.close();
    }
  });

  it("asks for a base URL only for the operations that have no server of their own", async () => {
    // Open-Meteo declares no servers but on its one path item.
    const get = { responses: { "200": { description: "ok" } } };
    const own = { servers: [{ url: "https://api.example.com" }] };
    const paths = { "/a": { ...own, get: { ...get, operationId: "a" } }, "/b": { get: { ...get, operationId: "b" } } };
    const all = await loadOpenApi(await specFile({ openapi: "3.0.3", info, paths: { "/a": paths["/a"] } }));
    expect(all.warnings).toEqual([]);
    expect(all.tools[0]!.binding.servers).toEqual(own.servers);
    const some = await loadOpenApi(await specFile({ openapi: "3.0.3", info, paths }));
    expect(some.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/servers",
        "no servers: the base URL must be set with EXAMPLE_BASE_URL for the 1 of 2 tools whose operations declare none",
      ],
    ]);
  });

  it("warns of a server variable whose default is empty (Shlink's self-hosted {host}), but not of an enum's", async () => {
    const get = { operationId: "a", responses: { "200": { description: "ok" } } };
    const server = {
      url: "{scheme}://{host}",
      variables: { scheme: { default: "https", enum: ["https", "http"] }, host: { default: "" } },
    };
    const ir = await loadOpenApi(
      await specFile({ openapi: "3.1.0", info, servers: [server], paths: { "/a": { get } } }),
    );
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/servers/0/variables/host",
        "server variable {host} defaults to an empty value: set it through the base URL variable",
      ],
    ]);
  });

  it("reads a placeholder in a Swagger 2.0 basePath as a variable without a default, set by serverVariables", async () => {
    // BigCommerce's basePath: `/stores/{$$.env.store_hash}/v3`.
    const get = { operationId: "a", responses: { "200": { description: "ok" } } };
    const ir = await loadOpenApi(
      await specFile({
        swagger: "2.0",
        info,
        host: "api.example.com",
        basePath: "/stores/{$$.env.store_hash}/v3",
        paths: { "/a": { get } },
      }),
    );
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/basePath", "server variable {$$.env.store_hash} has no default: set it through the base URL variable"],
    ]);
    const urls: string[] = [];
    const fetch = async (url: string | URL | Request) => (urls.push(String(url)), Response.json({}));
    const client = await createTestClient(
      openApiServer(ir, { executor: { fetch, serverVariables: { "$$.env.store_hash": "s1" } } }).builder,
    );
    try {
      await client.callTool({ name: "a", arguments: {} });
      expect(urls).toEqual(["https://api.example.com/stores/s1/v3/a"]);
    } finally {
      await client.close();
    }
  });
});

describe("what OpenAPI forbids but a request survives", () => {
  it("a repeated operationId: both operations are tools, the later one's name with a suffix, and a warning", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        paths: {
          "/mail": { get: { operationId: "GET_mail", responses: ok } },
          "/mail/{id}": {
            get: {
              operationId: "GET_mail",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
              responses: ok,
            },
          },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.path])).toEqual([
      ["GET_mail", "/mail"],
      [expect.stringMatching(/^GET_mail_[0-9a-z]{6}$/), "/mail/{id}"],
    ]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/paths/~1mail~1{id}/get/operationId",
        'operationId "GET_mail" is also used by /paths/~1mail/get: the tool\'s name gets a suffix',
      ],
    ]);
  });

  it("a requirement naming an undeclared scheme: its alternatives dropped, an operation left with none skipped", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        security: [{ missing: [] }, { key: [] }],
        paths: {
          "/a": { get: { operationId: "a", responses: ok } },
          "/b": { get: { operationId: "b", security: [{ missing: [], key: [] }], responses: ok } },
          "/c": { get: { operationId: "c", security: [], responses: ok } },
        },
        components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([
      ["a", [["key"]]],
      ["c", []],
    ]);
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/security",
        'security names "missing", which is not a declared security scheme: the alternatives that need it are dropped',
      ],
      [
        "/paths/~1b/get/security",
        'security names "missing", which is not a declared security scheme: the alternatives that need it are dropped',
      ],
      ["/paths/~1b/get", "skipped: it requires missing, key, which the executor cannot send"],
    ]);
  });

  it("a document whose every operation is skipped says why it gives no tools", async () => {
    // Supabase's generated management spec names `bearer` everywhere and declares no scheme at all.
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        paths: {
          "/a": { get: { operationId: "a", security: [{ bearer: [] }], responses: ok } },
          "/b": { get: { operationId: "b", deprecated: true, responses: ok } },
        },
      }),
    );
    expect(ir.tools).toEqual([]);
    expect(ir.warnings.at(-1)).toMatchObject({
      pointer: "",
      message:
        "no tools: of the 2 operations, 1 were selected and all were skipped (1 for security the executor cannot meet; see the warnings above)",
    });
  });

  it("a requirement naming a scheme in another case is read as that scheme, with its scopes", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        // Zulip's spec: `security: [basicAuth]` with the scheme declared as `BasicAuth`.
        security: [{ basicAuth: [] }],
        paths: {
          "/a": { get: { operationId: "a", responses: ok } },
          "/b": { get: { operationId: "b", security: [{ OAuth: ["read"] }, { basicauth: [] }], responses: ok } },
          // Two schemes alike but for case: which one was meant cannot be told.
          "/c": { get: { operationId: "c", security: [{ KEY: [] }], responses: ok } },
        },
        components: {
          securitySchemes: {
            BasicAuth: { type: "http", scheme: "basic" },
            oauth: {
              type: "oauth2",
              flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { read: "" } } },
            },
            key: { type: "apiKey", in: "header", name: "X-Key" },
            Key: { type: "apiKey", in: "query", name: "key" },
          },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([
      ["a", [["BasicAuth"]]],
      ["b", [["oauth"], ["BasicAuth"]]],
    ]);
    expect(ir.api.securitySchemes.oauth).toMatchObject({ flow: "clientCredentials", scopes: ["read"] });
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/security",
        'security names "basicAuth", which is declared as "BasicAuth": read as that scheme (names are case-sensitive)',
      ],
      [
        "/paths/~1b/get/security",
        'security names "OAuth", which is declared as "oauth": read as that scheme (names are case-sensitive)',
      ],
      [
        "/paths/~1b/get/security",
        'security names "basicauth", which is declared as "BasicAuth": read as that scheme (names are case-sensitive)',
      ],
      [
        "/paths/~1c/get/security",
        'security names "KEY", which is not a declared security scheme: the alternatives that need it are dropped',
      ],
      ["/paths/~1c/get", "skipped: it requires KEY, which the executor cannot send"],
    ]);
  });

  it("a status range written in lowercase is a range: a 2xx response gives the output schema", async () => {
    const body = { content: { "application/json": { schema: { type: "object", properties: { id: {} } } } } };
    const ir = await loadOpenApi(
      await specFile(
        withGetA({
          // Hetzner writes its error ranges `4xx` and `5xx`.
          responses: {
            "2xx": { description: "ok", ...body },
            "4xx": { description: "no" },
            "5xx": { description: "no" },
          },
        }),
      ),
    );
    expect(ir.tools[0]!.outputSchema).toEqual({ type: "object", properties: { id: {} } });
    expect(ir.warnings).toEqual([]);
  });

  it("schemes required together that share a header are read as alternatives, the rest of the requirement kept", async () => {
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.3",
        info,
        servers: [{ url: "http://127.0.0.1:9" }],
        // PagerDuty's SCIM spec: an API key in Authorization and a bearer token, together.
        security: [{ apiKey: [], bearer: [] }],
        paths: {
          "/a": { get: { operationId: "a", responses: ok } },
          "/b": { get: { operationId: "b", responses: ok } },
          "/c": { get: { operationId: "c", security: [{ apiKey: [], tenant: [], basic: [] }], responses: ok } },
        },
        components: {
          securitySchemes: {
            apiKey: { type: "apiKey", in: "header", name: "authorization" },
            bearer: { type: "http", scheme: "bearer" },
            basic: { type: "http", scheme: "basic" },
            tenant: { type: "apiKey", in: "query", name: "tenant" },
          },
        },
      }),
    );
    expect(ir.tools.map((t) => [t.name, t.binding.security])).toEqual([
      ["a", [["apiKey"], ["bearer"]]],
      ["b", [["apiKey"], ["bearer"]]],
      [
        "c",
        [
          ["apiKey", "tenant"],
          ["basic", "tenant"],
        ],
      ],
    ]);
    // Said once where each requirement is written, however many tools it covers.
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/security",
        "security asks for apiKey and bearer together, but each is sent in the authorization header: read as either one",
      ],
      [
        "/paths/~1c/get/security",
        "security asks for apiKey and basic together, but each is sent in the authorization header: read as either one",
      ],
    ]);
  });
});

describe("webhooks", () => {
  it("a webhook-only document gives no tools and says why", async () => {
    const ir = await loadOpenApi(
      await specFile({ openapi: "3.1.0", info, webhooks: { ping: { post: { responses: ok } } } }),
    );
    expect(ir.tools).toEqual([]);
    expect(ir.warnings.map((w) => w.message)).toContain(
      "the document has no paths (webhooks are not turned into tools): no tools",
    );
  });
});

describe("allOf members closed against each other", () => {
  const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
    type: "object",
    properties,
    required,
    additionalProperties: false,
  });
  // Mailchimp Transactional: every request body is `allOf: [ApiKey, {its own fields}]`, each closed.
  const document = {
    openapi: "3.0.3",
    info,
    servers: [{ url: "http://127.0.0.1:9/api" }],
    paths: {
      "/send": {
        post: {
          operationId: "send",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  allOf: [{ $ref: "#/components/schemas/ApiKey" }, closed({ to: { type: "string" } }, ["to"])],
                },
              },
            },
          },
          responses: ok,
        },
      },
      "/search": {
        post: {
          operationId: "search",
          requestBody: {
            content: {
              "application/json": {
                schema: { allOf: [{ $ref: "#/components/schemas/ApiKey" }, { properties: { q: { type: "string" } } }] },
              },
            },
          },
          responses: ok,
        },
      },
      // Zulip's responses: the base declares an optional property in an allOf of its own.
      "/nested": {
        post: {
          operationId: "nested",
          requestBody: {
            content: {
              "application/json": {
                schema: { allOf: [{ $ref: "#/components/schemas/Base" }, closed({ own: { type: "string" } })] },
              },
            },
          },
          responses: ok,
        },
      },
      // Algolia's search parameters: the base is itself an allOf of closed members, beside another closed one.
      "/layered": {
        post: {
          operationId: "layered",
          requestBody: {
            content: {
              "application/json": {
                schema: { allOf: [{ $ref: "#/components/schemas/Layer" }, closed({ page: { type: "integer" } })] },
              },
            },
          },
          responses: ok,
        },
      },
      "/fine": {
        post: {
          operationId: "fine",
          requestBody: {
            content: {
              "application/json": {
                schema: { allOf: [{ $ref: "#/components/schemas/ApiKey" }, { description: "only the key" }] },
              },
            },
          },
          responses: ok,
        },
      },
    },
    components: {
      schemas: {
        ApiKey: closed({ key: { type: "string" } }, ["key"]),
        Base: { allOf: [{ properties: { ignored: { type: "array" } } }, { properties: { result: {} } }] },
        Layer: { allOf: [closed({ query: { type: "string" } }), closed({ filters: { type: "string" } })] },
      },
    },
  };

  it("are read as one object of all their properties, and no other, with a warning; ApiKey stays closed on its own", async () => {
    const ir = await loadOpenApi(await specFile(document));
    expect(ir.warnings.map((w) => w.pointer)).toEqual([
      "/paths/~1send/post/requestBody/content/application~1json/schema/allOf",
      "/paths/~1search/post/requestBody/content/application~1json/schema/allOf",
      "/paths/~1nested/post/requestBody/content/application~1json/schema/allOf",
      "/paths/~1layered/post/requestBody/content/application~1json/schema/allOf",
    ]);
    expect(ir.warnings[0]!.message).toMatch(/each allow only their own properties .* read as one object/);
    const sent: unknown[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({ ok: true });
    };
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const call = async (name: string, body: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: { body } })) as { isError?: boolean; content: { text: string }[] };
      expect((await call("send", { key: "k", to: "a@b.c" })).isError).toBeFalsy();
      expect((await call("search", { key: "k", q: "x" })).isError).toBeFalsy();
      expect((await call("nested", { own: "o", ignored: [] })).isError).toBeFalsy();
      expect((await call("layered", { query: "q", filters: "f", page: 1 })).isError).toBeFalsy();
      expect(sent).toEqual([
        { key: "k", to: "a@b.c" },
        { key: "k", q: "x" },
        { own: "o", ignored: [] },
        { query: "q", filters: "f", page: 1 },
      ]);
      // Still closed over the merge, and each member's own rules still hold.
      const extra = await call("send", { key: "k", to: "a@b.c", cc: "d@e.f" });
      expect(extra.isError).toBe(true);
      expect(extra.content[0]!.text).toMatch(/cc/);
      expect((await call("send", { to: "a@b.c" })).content[0]!.text).toMatch(/key/);
      // Nothing to merge where the closed member refuses nothing another names.
      expect((await call("fine", { key: "k", other: 1 })).isError).toBe(true);
      expect(sent).toHaveLength(4);
    } finally {
      await client.close();
    }
  });
});
