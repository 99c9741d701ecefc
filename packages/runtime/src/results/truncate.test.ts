import type { CallToolResult } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { image } from "./content.js";
import { toToolResult } from "./tool-result.js";
import { CHARS_PER_TOKEN, DEFAULT_MAX_RESULT_TOKENS, truncateResult } from "./truncate.js";

const note = (total: number, maxTokens: number) =>
  `[Result truncated: ${total.toLocaleString("en-US")} characters exceed the limit of about ` +
  `${maxTokens.toLocaleString("en-US")} tokens. Ask for less, for example with narrower filters or a smaller page.]`;

describe("truncateResult", () => {
  it("defaults to about 25,000 tokens of 4 characters", () => {
    expect(DEFAULT_MAX_RESULT_TOKENS).toBe(25_000);
    expect(CHARS_PER_TOKEN).toBe(4);
  });

  it("leaves a result at the limit untouched (same object)", () => {
    const result: CallToolResult = { content: [{ type: "text", text: "x".repeat(40) }] };
    expect(truncateResult(result, 10, false)).toBe(result);
  });

  it("cuts text over the limit and appends a note saying so", () => {
    const result: CallToolResult = { content: [{ type: "text", text: "x".repeat(41) }] };
    expect(truncateResult(result, 10, false)).toEqual({
      content: [
        { type: "text", text: "x".repeat(40) },
        { type: "text", text: note(41, 10) },
      ],
    });
  });

  it("formats large numbers with separators", () => {
    const result: CallToolResult = { content: [{ type: "text", text: "y".repeat(100_001) }] };
    const cut = truncateResult(result, DEFAULT_MAX_RESULT_TOKENS, false);
    expect(cut.content[0]).toEqual({ type: "text", text: "y".repeat(100_000) });
    expect(cut.content.at(-1)).toEqual({ type: "text", text: note(100_001, 25_000) });
  });

  it("counts every text block, keeps what fits whole, cuts the one that crosses and drops the rest", () => {
    const result: CallToolResult = {
      content: [
        { type: "text", text: "a".repeat(30) },
        { type: "text", text: "b".repeat(30) },
        { type: "text", text: "c".repeat(30) },
      ],
    };
    expect(truncateResult(result, 10, false).content).toEqual([
      { type: "text", text: "a".repeat(30) },
      { type: "text", text: "b".repeat(10) },
      { type: "text", text: note(90, 10) },
    ]);
  });

  it("keeps non-text blocks (they cost no text budget)", () => {
    const picture = image("AAAA", "image/png");
    const result: CallToolResult = { content: [{ type: "text", text: "z".repeat(100) }, picture] };
    expect(truncateResult(result, 10, false).content).toEqual([
      { type: "text", text: "z".repeat(40) },
      picture,
      { type: "text", text: note(100, 10) },
    ]);
  });

  it("leaves out an embedded text resource that does not fit rather than cutting it", () => {
    const result: CallToolResult = {
      content: [
        { type: "text", text: "intro" },
        { type: "resource", resource: { uri: "memo://1", mimeType: "text/plain", text: "m".repeat(100) } },
      ],
    };
    expect(truncateResult(result, 10, false).content).toEqual([
      { type: "text", text: "intro" },
      { type: "text", text: note(105, 10) },
    ]);
  });

  it("drops structuredContent when the tool has no output schema (it only repeated the cut text)", () => {
    const value = { rows: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `row ${i}` })) };
    const cut = truncateResult(toToolResult(value), 50, false);
    expect(cut.structuredContent).toBeUndefined();
    expect(cut.content).toHaveLength(2);
    expect((cut.content[0] as { text: string }).text).toBe(JSON.stringify(value).slice(0, 200));
    expect(cut.content[1]).toEqual({ type: "text", text: note(JSON.stringify(value).length, 50) });
  });

  it("keeps structuredContent whole when the tool declares an output schema", () => {
    const value = { rows: Array.from({ length: 50 }, (_, i) => ({ id: i })) };
    const cut = truncateResult(toToolResult(value), 50, true);
    expect(cut.structuredContent).toEqual(value);
    expect(cut.content.at(-1)).toEqual({ type: "text", text: note(JSON.stringify(value).length, 50) });
  });

  it("keeps isError and _meta on a cut result", () => {
    const result: CallToolResult = {
      content: [{ type: "text", text: "e".repeat(50) }],
      isError: true,
      _meta: { a: 1 },
    };
    expect(truncateResult(result, 10, false)).toMatchObject({ isError: true, _meta: { a: 1 } });
  });
});
