import { describe, expect, it } from "vitest";
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
