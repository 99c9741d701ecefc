import type { HttpOperation } from "@mcpsmith/runtime/http";
import { isJson } from "@mcpsmith/runtime/internal";
import { describe, expect, it } from "vitest";
import type { ToolIR } from "../../ir/types.js";
import { answerOf } from "./mock-view.js";

function toolAccepting(accepts: string[]): ToolIR<HttpOperation> {
  return {
    name: "getThing",
    description: "Get a thing",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    annotations: {},
    deprecated: false,
    group: "things",
    origin: { file: "spec.yaml", pointer: "/paths/~1thing/get" },
    binding: { method: "GET", path: "/thing", parameters: [], security: [], accepts },
  } as ToolIR<HttpOperation>;
}

describe("the generated mock of an API", () => {
  it("answers JSON exactly where the executor reads JSON", () => {
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
      const answer = answerOf(toolAccepting([type]));
      expect(answer.contentType === type && typeof answer.body === "object", type).toBe(isJson(type));
    }
  });

  it("answers a sample of the output schema as JSON, text as text, and nothing else with 204", () => {
    expect(answerOf(toolAccepting(["application/xml", "application/json"]))).toEqual({
      status: 200,
      contentType: "application/json",
      body: { id: 1 },
    });
    expect(answerOf(toolAccepting(["text/plain"]))).toEqual({ status: 200, contentType: "text/plain", body: "ok" });
    expect(answerOf(toolAccepting(["application/octet-stream"]))).toEqual({ status: 204 });
  });
});
