import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "./source.js";

describe("Swagger 2.0 petstore", async () => {
  const ir = await loadOpenApi(corpusFile("openapi/petstore-swagger2.json"));
  const tool = (name: string) => ir.tools.find((t) => t.name === name)!;

  it("has one tool per operation, the deprecated one skipped with a warning", () => {
    expect(ir.tools).toHaveLength(19);
    expect(ir.tools.map((t) => t.name)).not.toContain("findPetsByTags");
    expect(ir.warnings).toEqual([
      expect.objectContaining({
        pointer: "/paths/~1pet~1findByTags/get",
        message: expect.stringMatching(/deprecated/),
      }),
    ]);
  });

  it("turns host, basePath and schemes into the server", () => {
    expect(ir.api.servers).toEqual([{ url: "http://petstore.swagger.io/v2" }]);
    expect(ir.api.baseUrlEnv).toBe("PETSTORE_BASE_URL");
  });

  it("turns formData with a file into a multipart body with a file property", () => {
    const upload = tool("uploadFile");
    expect(upload.binding.body).toEqual({
      argument: "body",
      mediaType: "multipart/form-data",
      required: false,
      fileProperties: ["file"],
    });
    const body = upload.inputSchema.properties!.body as { properties: Record<string, unknown> };
    expect(body.properties.file).toEqual({ type: "string", contentEncoding: "base64", description: "file to upload" });
  });

  it("turns formData without files into a form-urlencoded body", () => {
    expect(tool("updatePetWithForm").binding.body?.mediaType).toBe("application/x-www-form-urlencoded");
  });

  it("turns `in: body` into the body argument with the schema kept as a $defs ref", () => {
    const addPet = tool("addPet");
    expect(addPet.inputSchema.properties!.body).toEqual({
      $ref: "#/$defs/Pet",
      description: "Pet object that needs to be added to the store",
    });
    expect(Object.keys(addPet.inputSchema.$defs!)).toEqual(["Category", "Pet", "Tag"]);
    expect(addPet.binding.body).toEqual({ argument: "body", mediaType: "application/json", required: true });
  });

  it("keeps integers as integers and lowers collectionFormat multi to form explode", () => {
    expect(tool("getPetById").inputSchema.properties!.petId).toMatchObject({ type: "integer", format: "int64" });
    expect(tool("findPetsByStatus").binding.parameters[0]).toMatchObject({ in: "query", style: "form", explode: true });
  });

  it("binds the api key and OAuth2 implicit schemes to environment variables", () => {
    expect(ir.api.securitySchemes).toEqual({
      api_key: { type: "apiKey", in: "header", name: "api_key", env: "PETSTORE_API_KEY" },
      petstore_auth: { type: "bearerToken", env: "PETSTORE_AUTH_TOKEN" },
    });
    expect(tool("getInventory").binding.security).toEqual([["api_key"]]);
    expect(ir.credentials.map((c) => c.env)).toEqual(["PETSTORE_AUTH_TOKEN", "PETSTORE_API_KEY"]);
  });

  it("annotates by method", () => {
    expect(tool("getPetById").annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(tool("deletePet").annotations).toEqual({ destructiveHint: true, idempotentHint: true, openWorldHint: true });
    expect(tool("updatePet").annotations).toEqual({ idempotentHint: true, openWorldHint: true });
    expect(tool("addPet").annotations).toEqual({ openWorldHint: true });
  });
});

describe("OpenAPI 3.0 petstore", async () => {
  const ir = await loadOpenApi(corpusFile("openapi/petstore3-oas30.yaml"));
  const tool = (name: string) => ir.tools.find((t) => t.name === name)!;

  it("takes the servers as written", () => {
    expect(ir.api.servers).toEqual([{ url: "https://petstore3.swagger.io/api/v3" }]);
    expect(ir.tools).toHaveLength(19);
  });

  it("sends an octet-stream body as binary, base64 or a data: URI", () => {
    const upload = tool("uploadFile");
    expect(upload.binding.body).toEqual({
      argument: "body",
      mediaType: "application/octet-stream",
      required: false,
      binary: true,
    });
    expect(upload.inputSchema.properties!.body).toMatchObject({ type: "string", contentEncoding: "base64" });
  });

  it("prefers JSON over XML and form bodies", () => {
    expect(tool("addPet").binding.body?.mediaType).toBe("application/json");
  });

  it("gives an output schema for object responses only, and the schema of any other JSON response as text's", () => {
    expect(tool("getPetById").outputSchema).toMatchObject({ type: "object", required: ["name", "photoUrls"] });
    expect(tool("getPetById").textOutputSchema).toBeUndefined();
    const findByStatus = tool("findPetsByStatus");
    expect(findByStatus.outputSchema).toBeUndefined();
    expect(findByStatus.textOutputSchema).toMatchObject({ type: "array", items: { $ref: "#/$defs/Pet" } });
    expect(Object.keys((findByStatus.textOutputSchema as { $defs: object }).$defs)).toEqual(["Category", "Pet", "Tag"]);
  });
});
