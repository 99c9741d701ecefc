/** The broken specs of the corpus fail with a coded error naming the file, the JSON pointer and every problem. */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import { CodegenError } from "../../errors.js";
import { openApiServer } from "../../serve/openapi.js";
import { loadOpenApi } from "./source.js";

async function failure(file: string): Promise<CodegenError> {
  const error = await loadOpenApi(file).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

describe("broken specs", () => {
  it("dangling refs: each one, with the pointer of the $ref (a file that is not there included)", async () => {
    const file = corpusFile("openapi/broken/broken-dangling-ref.yaml");
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_REF");
    expect(error.problems.map((p) => [p.file, p.pointer])).toEqual([
      [file, "/paths/~1widgets/get/parameters/0"],
      [file, "/paths/~1widgets/post/requestBody/content/application~1json/schema"],
      [file, "/paths/~1widgets/post/responses/201/content/application~1json/schema"],
      [file, "/paths/~1widgets~1{id}/get/parameters/0"],
      [file, "/paths/~1widgets~1{id}/get/responses/200/content/application~1json/schema"],
      // A response called `default` is a response, not a schema's literal default: its ref is checked too.
      [file, "/paths/~1widgets~1{id}/get/responses/default"],
    ]);
    expect(error.problems[0]!.message).toMatch(/#\/components\/parameters\/PageSize/);
    expect(error.problems[2]!.message).toBe(
      '$ref "./missing-common.yaml#/Widget" points outside the document and could not be read',
    );
    expect(error.message).toContain(`${file}: 6 problems`);
  });

  it("a part missing from another file that is there: the bundler's error, naming it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "spec.yaml");
    await writeFile(join(dir, "common.yaml"), "Widget: { type: object }\n");
    await writeFile(
      file,
      [
        "openapi: 3.0.3",
        "info: { title: t, version: '1' }",
        "paths:",
        "  /a:",
        "    post:",
        "      requestBody: { content: { application/json: { schema: { $ref: './common.yaml#/Gadget' } } } }",
        "      responses: { '200': { description: ok } }",
      ].join("\n"),
    );
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_REF");
    expect(error.problems.map((p) => p.message).join("\n")).toMatch(/Gadget/);
    // The bundler's error is kept as the cause, without the parser it holds (the whole document, when logged).
    expect(error.cause).toBeInstanceOf(Error);
    expect(Object.keys(error.cause as object)).not.toContain("files");
  });

  it("internal dangling refs without external files: found by the source's own pass, deepest existing part named", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "dangling.yaml");
    await writeFile(
      file,
      [
        "openapi: 3.0.3",
        "info: { title: t, version: '1' }",
        "paths:",
        "  /a:",
        "    post:",
        "      requestBody:",
        "        content:",
        "          application/json:",
        "            schema: { $ref: '#/components/schemas/Missing' }",
        "      responses: { '200': { description: ok } }",
        "components: { schemas: { Present: { type: object } } }",
      ].join("\n"),
    );
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_REF");
    expect(error.problems).toEqual([
      {
        file,
        pointer: "/paths/~1a/post/requestBody/content/application~1json/schema",
        message: '$ref "#/components/schemas/Missing" points nowhere: "Missing" does not exist in #/components/schemas',
      },
    ]);
  });

  it("a dangling $ref skips only the operations whose arguments reach it, through any chain or loop of refs", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "partly-dangling.json");
    const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
    const answers = (schema: unknown) => ({ responses: { "200": { description: "ok", ...json(schema) } } });
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/chained": { get: { operationId: "chained", ...answers(ref("A")) } },
        "/looping": { get: { operationId: "looping", ...answers(ref("Tree")) } },
        "/answered": {
          get: { operationId: "answered", parameters: [{ name: "q", in: "query", schema: ref("D") }], ...answers({}) },
        },
        "/param": {
          get: { operationId: "param", parameters: [{ $ref: "#/components/parameters/Gone" }], ...answers({}) },
        },
        "/shared": {
          parameters: [{ $ref: "#/components/parameters/Gone" }],
          get: { operationId: "shared", ...answers({}) },
        },
        "/body": {
          post: {
            operationId: "body",
            requestBody: { $ref: "#/components/requestBodies/Body" },
            ...answers({ type: "object" }),
          },
        },
      },
      components: {
        schemas: {
          A: { type: "object", properties: { b: ref("B") } },
          B: { type: "array", items: ref("Missing") },
          // A loop that reaches nothing missing, and one that does.
          Tree: { type: "object", properties: { children: { type: "array", items: ref("Tree") } } },
          D: { allOf: [ref("E")] },
          E: { type: "object", required: ["x"], properties: { d: ref("D"), x: ref("AlsoMissing") } },
          Unused: { type: "object", properties: { z: ref("Nowhere") } },
        },
        requestBodies: { Body: json(ref("D")) },
      },
    };
    await writeFile(file, JSON.stringify(document));
    const ir = await loadOpenApi(file);
    // /chained reaches a missing schema from its response only: kept, the missing part read as any value there.
    expect(ir.tools.map((tool) => tool.name)).toEqual(["chained", "looping"]);
    expect(ir.tools[0]!.outputSchema).toMatchObject({
      type: "object",
      properties: { b: { $ref: "#/$defs/B" } },
      $defs: { B: { type: "array", items: {} } },
    });
    const said = ir.warnings.map(({ pointer, message }) => `${pointer}: ${message}`);
    const missing = [
      "/components/schemas/B/items",
      "/paths/~1param/get/parameters/0",
      "/paths/~1shared/parameters/0",
      "/components/schemas/E/properties/x",
      "/components/schemas/Unused/properties/z",
    ];
    for (const pointer of missing)
      expect(said).toContainEqual(expect.stringMatching(`^${pointer}: \\$ref ".*" points nowhere`));
    expect(said).toEqual(
      expect.arrayContaining([
        "/paths/~1answered/get: GET /answered is skipped: it reaches the $ref at /components/schemas/E/properties/x, which points nowhere",
        "/paths/~1param/get: GET /param is skipped: it reaches the $ref at /paths/~1param/get/parameters/0, which points nowhere",
        "/paths/~1shared/get: GET /shared is skipped: it reaches the $ref at /paths/~1shared/parameters/0, which points nowhere",
        "/paths/~1body/post: POST /body is skipped: it reaches the $ref at /components/schemas/E/properties/x, which points nowhere",
      ]),
    );
    expect(said.filter((line) => line.includes("is skipped"))).toHaveLength(4);
  });

  it("an optional property whose $ref points nowhere is left out of requests, and its operation kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "optional-dangling.json");
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    // DocuSign's envelopes: a witness's optional offlineAttributes, and a signature's documents, point nowhere.
    const witness = {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string" }, offlineAttributes: ref("offlineAttributes") },
    };
    const signature = { type: "object", properties: { documents: { type: "array", items: ref("signHashDocument") } } };
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "http://127.0.0.1:9" }],
      paths: {
        "/envelopes": {
          post: {
            operationId: "createEnvelope",
            requestBody: { content: { "application/json": { schema: ref("Envelope") } } },
            responses: { "200": { description: "ok", content: { "application/json": { schema: ref("Envelope") } } } },
          },
        },
      },
      components: {
        schemas: {
          Envelope: { type: "object", properties: { witness: ref("Witness"), signature: ref("Signature") } },
          Witness: witness,
          Signature: signature,
        },
      },
    };
    await writeFile(file, JSON.stringify(document));
    const ir = await loadOpenApi(file);
    expect(ir.tools.map((tool) => tool.name)).toEqual(["createEnvelope"]);
    const sent: unknown[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Response.json({});
    };
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const body = { witness: { name: "w" }, signature: { documents: [] } };
      expect((await client.callTool({ name: "createEnvelope", arguments: { body } })).isError).toBeFalsy();
      const missing = { witness: { name: "w", offlineAttributes: { a: 1 } } };
      const refused = await client.callTool({ name: "createEnvelope", arguments: { body: missing } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain("offlineAttributes");
      expect(sent).toEqual([body]);
      expect(ir.warnings.map(({ pointer, message }) => `${pointer}: ${message}`)).toEqual(
        expect.arrayContaining([
          '/components/schemas/Witness/properties/offlineAttributes: $ref "#/components/schemas/offlineAttributes" cannot be followed: no value can be sent for it',
          '/components/schemas/Witness/properties/offlineAttributes: $ref "#/components/schemas/offlineAttributes" cannot be followed: treated as any value',
        ]),
      );
    } finally {
      await client.close();
    }
  });

  it("a path parameter whose schema points nowhere is a string, and its operation kept; a query one is not", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "path-dangling.json");
    // Grocy's objects: the entity names are schemas its server makes at run time, missing from the file it ships.
    const entity = (at: string) => ({
      in: at,
      name: "entity",
      required: true,
      schema: { $ref: "#/components/schemas/Entity" },
    });
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      servers: [{ url: "http://127.0.0.1:9" }],
      paths: {
        "/objects/{entity}": {
          get: { operationId: "objects", parameters: [entity("path")], responses: { "200": { description: "ok" } } },
        },
        "/search": {
          get: { operationId: "search", parameters: [entity("query")], responses: { "200": { description: "ok" } } },
        },
      },
      components: { schemas: {} },
    };
    await writeFile(file, JSON.stringify(document));
    const ir = await loadOpenApi(file);
    expect(ir.tools.map((tool) => [tool.name, tool.inputSchema.properties])).toEqual([
      ["objects", { entity: { type: "string" } }],
    ]);
    expect(ir.warnings.map(({ pointer, message }) => `${pointer}: ${message}`)).toEqual(
      expect.arrayContaining([
        "/paths/~1objects~1{entity}/get/parameters/0/schema: path parameter entity reaches the $ref at /paths/~1objects~1{entity}/get/parameters/0/schema, which points nowhere: read as a string",
        "/paths/~1search/get: GET /search is skipped: it reaches the $ref at /paths/~1search/get/parameters/0/schema, which points nowhere",
      ]),
    );
    const sent: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      sent.push(String(url));
      return Response.json({});
    };
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      expect((await client.callTool({ name: "objects", arguments: { entity: "products" } })).isError).toBeFalsy();
      expect(sent).toEqual(["http://127.0.0.1:9/objects/products"]);
    } finally {
      await client.close();
    }
  });

  it("a $ref inside literal data is data: never followed nor bundled; a property named example is a schema", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "literal-refs.json");
    const schema = {
      type: "object",
      properties: { example: { $ref: "#/components/schemas/Absent" }, n: { type: "number" } },
      // Square's responses carry examples like this one: a `$ref` a bundler would try to read as a file.
      example: { n: 1, schema: { $ref: "squareup.common.Number" } },
    };
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/a": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
      },
    };
    await writeFile(file, JSON.stringify(document));
    const ir = await loadOpenApi(file);
    // The property's ref was followed (and found missing: a response's, so read as any value); the example's was not.
    const at = "/paths/~1a/get/responses/200/content/application~1json/schema/properties/example";
    expect(ir.warnings.filter((w) => w.message.includes("points nowhere")).map((w) => w.pointer)).toEqual([at]);
    expect(ir.tools[0]!.outputSchema).toMatchObject({
      properties: { example: {}, n: { type: "number" } },
      examples: [{ n: 1, schema: { $ref: "squareup.common.Number" } }],
    });
  });

  it("invalid YAML: a syntax error with line and column", async () => {
    const file = corpusFile("openapi/broken/broken-invalid-yaml.yaml");
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_SYNTAX");
    expect(error.problems).toEqual([{ file, pointer: "17:1", message: 'Missing closing "quote' }]);
  });

  it("YAML quoted text continued on lines not indented past its key: read as PyYAML reads it, with a warning", async () => {
    // Wazuh's security resources and IPFS's pinning API; the yaml library refuses the layout, YAML 1.2 too.
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-continued-"));
    const file = join(dir, "continued.yaml");
    await writeFile(
      file,
      [
        "openapi: 3.0.3",
        "info: { title: t, version: '1' }",
        "paths:",
        "  /a:",
        "    get:",
        "      operationId: a",
        '      description: "Resource applied in functions acting on resources that do not yet exist. We call these',
        '      functions, resourceless functions"',
        "      responses: { '200': { description: ok } }",
        "",
      ].join("\n"),
    );
    const ir = await loadOpenApi(file);
    expect(ir.tools[0]!.description).toContain("We call these functions, resourceless functions");
    expect(ir.warnings.map((w) => w.message)).toEqual([
      'not valid YAML 1.2 (7:107: Missing closing "quote): read as PyYAML and js-yaml read it, a quoted text ' +
        "continued on lines not indented past its key",
      "no servers: the base URL must be set with T_BASE_URL",
    ]);
  });

  it("YAML aliases: one small anchor used hundreds of times is read; aliases nested into billions are refused", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-aliases-"));
    // Langfuse's document names its security block once and uses it in each of its operations.
    const paths = Array.from({ length: 300 }, (_, i) => {
      const security = i === 0 ? "&auth\n        - basic: []" : "*auth";
      return `  /p${i}:\n    get:\n      operationId: op${i}\n      security: ${security}\n      responses: { "200": { description: ok } }`;
    });
    const repeated = join(dir, "repeated.yaml");
    await writeFile(
      repeated,
      `openapi: 3.0.3\ninfo: { title: t, version: "1" }\ncomponents:\n  securitySchemes:\n    basic: { type: http, scheme: basic }\npaths:\n${paths.join("\n")}\n`,
    );
    const ir = await loadOpenApi(repeated);
    expect(ir.tools).toHaveLength(300);
    expect(ir.tools[299]!.binding.security).toEqual([["basic"]]);

    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [i, name] of ["b", "c", "d", "e", "f", "g", "h", "i"].entries()) {
      const previous = "abcdefgh"[i];
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
    }
    const laughs = join(dir, "laughs.yaml");
    await writeFile(
      laughs,
      `openapi: 3.0.3\ninfo: { title: t, version: "1" }\nx-lol:\n  ${levels.join("\n  ")}\npaths: {}\n`,
    );
    const error = await failure(laughs);
    expect(error.code).toBe("E_SPEC_SYNTAX");
    expect(error.problems).toEqual([
      { file: laughs, pointer: "", message: "Excessive alias count indicates a resource exhaustion attack" },
    ]);
  });

  it("a truncated JSON download: says so, at the end of the file", async () => {
    const file = corpusFile("openapi/broken/broken-truncated-petstore-swagger2.json");
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_SYNTAX");
    expect(error.problems).toEqual([
      { file, pointer: "327:32", message: "the JSON ends early (a truncated file or download?)" },
    ]);
  });

  it("not OpenAPI: the version field and what is expected", async () => {
    const file = corpusFile("openapi/broken/broken-not-openapi.yaml");
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_VERSION");
    expect(error.problems).toEqual([
      {
        file,
        pointer: "/openapi",
        message: 'openapi: "4.0.0": expected swagger: "2.0", or openapi: 3.0.x, 3.1.x or 3.2.x',
      },
    ]);
  });

  it("semantic errors: every problem the generator cannot work around, at once", async () => {
    const file = corpusFile("openapi/broken/broken-semantic.yaml");
    const error = await failure(file);
    expect(error.code).toBe("E_SPEC_INVALID");
    expect(error.problems.map(({ pointer, message }) => ({ pointer, message }))).toEqual([
      {
        pointer: "/paths/~1users~1{userId}~1posts~1{postId}/get/parameters/1",
        message: "parameter filter has both schema and content (they are mutually exclusive)",
      },
      {
        pointer: "/paths/users-without-leading-slash",
        message: 'path "users-without-leading-slash" must start with "/"',
      },
    ]);
  });

  it("a missing file", async () => {
    const error = await failure(join(corpusFile("openapi"), "no-such-spec.yaml"));
    expect(error.code).toBe("E_SPEC_UNREADABLE");
    expect(error.message).toMatch(/no-such-spec\.yaml: cannot read the API description \(no such file\)/);
  });

  it("a ref naming no file, or a URL (never fetched), spoils only the operations reaching it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpsmith-openapi-"));
    const file = join(dir, "unread.yaml");
    const remote = "{ $ref: 'https://example.invalid/schemas.yaml#/Thing' }";
    // AzuraCast's swagger-php output refers to `App\Entity\StationQueue`, a PHP class; GS1 EPCIS's capture body is a
    // schema on gs1.github.io.
    const body = (schema: string) => `requestBody: { content: { application/json: { schema: ${schema} } } }`;
    const ok = "responses: { '200': { description: ok } }";
    await writeFile(
      file,
      [
        "openapi: 3.0.3",
        "info: { title: t, version: '1' }",
        "servers: [{ url: 'https://api.test' }]",
        "paths:",
        "  /a:",
        `    get: { operationId: getA, responses: { '200': { description: ok, content: { application/json: { schema: ${remote} } } } } }`,
        `    post: { operationId: postA, ${body(remote)}, ${ok} }`,
        `    put: { operationId: putA, ${body("{ $ref: 'App\\Entity\\Queue' }")}, ${ok} }`,
        `    delete: { operationId: deleteA, ${ok} }`,
      ].join("\n"),
    );
    const ir = await loadOpenApi(file);
    expect(ir.tools.map((tool) => tool.name).sort()).toEqual(["deleteA", "getA"]);
    // A response whose whole schema is such a ref is any value, said at the response (Moov ACH's error schema).
    expect(ir.warnings.map((w) => [w.pointer, w.message])).toContainEqual([
      "/paths/~1a/get/responses/200/content/application~1json/schema",
      '$ref "https://example.invalid/schemas.yaml#/Thing" cannot be followed: treated as any value',
    ]);
    expect(ir.warnings.map((w) => w.message)).not.toContain("a schema must be an object: treated as any value");
    expect(ir.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        "network $ref not fetched: https://example.invalid/schemas.yaml#/Thing (copy the file next to the spec and refer to it locally)",
        String.raw`$ref "App\Entity\Queue" points outside the document and could not be read`,
        expect.stringMatching(/^POST \/a is skipped: it reaches the \$ref at .*, which points nowhere$/),
        expect.stringMatching(/^PUT \/a is skipped: it reaches the \$ref at .*, which points nowhere$/),
      ]),
    );
  });
});
