import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import { openApiServer } from "../../serve/openapi.js";
import { MAX_LISTED_OUTPUT_CHARS } from "./output.js";
import { loadOpenApi } from "./source.js";
import { specFile } from "./spec-file.test-support.js";

/** A response object whose `$defs` (one definition, reached through a cycle) is `descriptionChars` long. */
function documentWith(descriptionChars: number) {
  const json = (ref: string) => ({
    "200": { description: "ok", content: { "application/json": { schema: { $ref: ref } } } },
  });
  return {
    openapi: "3.0.3",
    info: { title: "Big", version: "1" },
    servers: [{ url: "http://127.0.0.1:1" }],
    paths: { "/customer": { get: { operationId: "getCustomer", responses: json("#/components/schemas/Customer") } } },
    components: {
      schemas: {
        Customer: {
          type: "object",
          properties: { id: { type: "string" }, account: { $ref: "#/components/schemas/Account" } },
        },
        Account: {
          type: "object",
          description: "x".repeat(descriptionChars),
          properties: { owner: { anyOf: [{ type: "string" }, { $ref: "#/components/schemas/Customer" }] } },
        },
      },
    },
  };
}

describe("output schemas too large to list", () => {
  it("lists an object output schema with its $defs under the limit", async () => {
    const ir = await loadOpenApi(await specFile(documentWith(1_000)));
    const [tool] = ir.tools;
    expect(tool?.outputSchema?.$defs).toHaveProperty("Account");
    expect(tool?.textOutputSchema).toBeUndefined();
  });

  it("keeps one over the limit as the text output schema, never listed, for the mock", async () => {
    const ir = await loadOpenApi(await specFile(documentWith(MAX_LISTED_OUTPUT_CHARS)));
    const [tool] = ir.tools;
    expect(tool?.outputSchema).toBeUndefined();
    expect(tool?.textOutputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" } } });
    expect(tool?.textOutputSchema).toHaveProperty(["$defs", "Account"]);
  });
});

describe("HEAD operations", () => {
  it("have no output schema, even where the document gives them the GET's, and their calls succeed", async () => {
    // Swashbuckle's shape, as in Sonarr's HEAD /ping: the GET's JSON response repeated under HEAD.
    const responses = {
      "200": {
        description: "OK",
        content: { "application/json": { schema: { type: "object", properties: { status: { type: "string" } } } } },
      },
    };
    const ir = await loadOpenApi(
      await specFile({
        openapi: "3.0.1",
        info: { title: "Ping", version: "1" },
        servers: [{ url: "http://127.0.0.1:9" }],
        paths: {
          "/ping": { get: { operationId: "getPing", responses }, head: { operationId: "headPing", responses } },
        },
      }),
    );
    expect(ir.tools.map((tool) => [tool.name, tool.outputSchema !== undefined])).toEqual([
      ["getPing", true],
      ["headPing", false],
    ]);
    // A HEAD response never has a body (fetch gives an empty one, whatever the server wrote).
    const fetch = async (_url: string | URL | Request, init?: RequestInit) =>
      init?.method === "HEAD" ? new Response(null, { status: 200 }) : Response.json({ status: "OK" });
    const client = await createTestClient(openApiServer(ir, { mode: "tools", executor: { fetch } }).builder);
    try {
      const head = await client.callTool({ name: "headPing", arguments: {} });
      expect(head.isError).toBeFalsy();
      const get = await client.callTool({ name: "getPing", arguments: {} });
      expect(get.structuredContent).toEqual({ status: "OK" });
    } finally {
      await client.close();
    }
  });
});
