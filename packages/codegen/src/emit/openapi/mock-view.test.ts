import type { HttpOperation } from "@mcpsmith/runtime/http";
import { isJson } from "@mcpsmith/runtime/internal";
import { describe, expect, it } from "vitest";
import type { JsonSchema, ObjectSchema, ToolIR } from "../../ir/types.js";
import { answerOf } from "./mock-view.js";

function tool(
  schemas: { outputSchema?: ObjectSchema; textOutputSchema?: JsonSchema },
  accepts = ["application/json"],
): ToolIR<HttpOperation> {
  return {
    name: "findPets",
    description: "GET /pets",
    inputSchema: { type: "object" },
    ...schemas,
    annotations: { readOnlyHint: true },
    group: "pet",
    deprecated: false,
    origin: { file: "pets.yaml", pointer: "/paths/~1pets/get" },
    binding: { method: "GET", path: "/pets", parameters: [], security: [], accepts },
  };
}

const PET: JsonSchema = {
  type: "object",
  properties: { id: { type: "integer", examples: [7] }, name: { type: "string", examples: ["Rex"] } },
  required: ["id", "name"],
};

describe("the mock's answer", () => {
  it("is what the response schema says when its root is an array: a list of pets, not an empty object", () => {
    const textOutputSchema = { type: "array", items: { $ref: "#/$defs/Pet" }, $defs: { Pet: PET } };
    expect(answerOf(tool({ textOutputSchema }))).toEqual({
      status: 200,
      contentType: "application/json",
      body: [{ id: 7, name: "Rex" }],
    });
  });

  it("is a JSON scalar when the response is one", () => {
    expect(answerOf(tool({ textOutputSchema: { type: "string", examples: ["token-1"] } })).body).toBe("token-1");
  });

  it("samples the output schema of an object response", () => {
    expect(answerOf(tool({ outputSchema: PET as ObjectSchema })).body).toEqual({ id: 7, name: "Rex" });
  });

  it("is an empty object when the response has no schema", () => {
    expect(answerOf(tool({})).body).toEqual({});
  });

  it("is JSON exactly where the executor reads JSON", () => {
    const types = [
      "application/json",
      "application/json; charset=utf-8",
      "Application/JSON",
      "text/json",
      "application/problem+json",
      "application/json-seq",
      "application/x-ndjson",
      "text/plain",
    ];
    for (const type of types) {
      const answer = answerOf(tool({ outputSchema: PET as ObjectSchema }, [type]));
      expect(answer.contentType === type && typeof answer.body === "object", type).toBe(isJson(type));
    }
  });

  it("is a sample of the output schema as JSON, text as text, and nothing else with 204", () => {
    const pet = tool({ outputSchema: PET as ObjectSchema }, ["application/xml", "application/json"]);
    expect(answerOf(pet)).toEqual({ status: 200, contentType: "application/json", body: { id: 7, name: "Rex" } });
    expect(answerOf(tool({}, ["text/plain"]))).toEqual({ status: 200, contentType: "text/plain", body: "ok" });
    expect(answerOf(tool({}, ["application/octet-stream"]))).toEqual({ status: 204 });
  });
});
