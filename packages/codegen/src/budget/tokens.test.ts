import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, estimateTokens, estimateToolListTokens } from "./tokens.js";

describe("estimateTokens", () => {
  it("counts strings by characters and other values by their JSON", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens({ a: 1 })).toBe(Math.ceil('{"a":1}'.length / CHARS_PER_TOKEN));
    expect(estimateTokens(undefined)).toBe(0);
  });
});

describe("estimateToolListTokens", () => {
  it("estimates the tools/list result text", () => {
    const tools = [
      { name: "add", description: "Add two numbers.", inputSchema: { type: "object", properties: {} } },
      { name: "greet", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
    ];
    expect(estimateToolListTokens(tools)).toBe(Math.ceil(JSON.stringify({ tools }).length / 4));
    expect(estimateToolListTokens([])).toBe(Math.ceil('{"tools":[]}'.length / 4));
  });

  it("grows with the list: a thousand generated tools cost hundreds of thousands of tokens", () => {
    const tool = (i: number) => ({
      name: `operation_${i}`,
      description: "Lists things with filters, ordering and paging. ".repeat(8),
      inputSchema: { type: "object", properties: { q: { type: "string", description: "Query ".repeat(40) } } },
    });
    const tokens = estimateToolListTokens(Array.from({ length: 1000 }, (_, i) => tool(i)));
    expect(tokens).toBeGreaterThan(100_000);
  });
});
