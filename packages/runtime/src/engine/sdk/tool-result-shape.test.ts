import { describe, expect, it } from "vitest";
import { SHAPES } from "../../../../../test/fixtures/differential-server.mjs";
import { isCanonicalToolResult } from "./tool-result-shape.js";

// Which results the fast path hands on without the SDK's checks. That doing so answers the same bytes as the SDK is
// proven by test/fast-path.differential.test.ts over the same shapes; this says the shortcut is taken where it can be.
describe("isCanonicalToolResult", () => {
  const taken = [
    "text annotated",
    "text with _meta",
    "image",
    "image annotated, with _meta",
    "audio",
    "resource_link, the SDK's order",
    "resource_link, every member",
    "resource_link, _meta with members",
    "embedded text",
    "embedded blob",
    "every kind, with structuredContent",
    "an error with blocks",
    "structuredContent an array",
    "structuredContent a string",
    "text with a few non-ASCII characters",
    "structuredContent with a few non-ASCII characters",
    "text dense with non-ASCII characters",
  ];
  it.each(taken)("hands on %s as it is", (shape) => {
    expect(isCanonicalToolResult(SHAPES[shape]!())).toBe(true);
  });

  const checked = Object.keys(SHAPES).filter((shape) => !taken.includes(shape));
  it.each(checked)("leaves %s to the SDK's checks", (shape) => {
    expect(isCanonicalToolResult(SHAPES[shape]!())).toBe(false);
  });

  it("hands on plain text blocks and an object result as the runtime makes them", () => {
    expect(isCanonicalToolResult({ content: [{ type: "text", text: '{"a":1}' }], structuredContent: { a: 1 } })).toBe(
      true,
    );
    expect(isCanonicalToolResult({ content: [] })).toBe(true);
  });
});
