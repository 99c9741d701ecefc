import { describe, expect, it } from "vitest";
import { resultJson, structuredWithText } from "./structured.js";

describe("a result's structured content as its handler wrote it", () => {
  const content = { rows: [{ id: 1, text: '"structuredContent":"x"' }], truncated: false };
  const written = JSON.stringify(content);

  it("is the JSON.stringify of the result, byte for byte", () => {
    const { structuredContent, text } = structuredWithText(content, `fenced ${written}`, written);
    const result = {
      content: [{ type: "text", text, _meta: { structuredContent: 0 } }],
      structuredContent,
      isError: false,
      _meta: { note: "after" },
    };
    expect(resultJson(result)).toBe(JSON.stringify(result));
  });

  it("takes the written text, and only for that very object, and only when asked", () => {
    const stale = { ...content };
    structuredWithText(stale, "", '{"rows":[],"truncated":true}');
    // What was written for the object is what goes out (its handler's word)...
    expect(resultJson({ structuredContent: stale })).toBe('{"structuredContent":{"rows":[],"truncated":true}}');
    // ...unless the caller says it may have changed since, or it is a copy.
    expect(resultJson({ structuredContent: stale }, false)).toBe(JSON.stringify({ structuredContent: stale }));
    expect(resultJson({ structuredContent: { ...stale } })).toBe(JSON.stringify({ structuredContent: stale }));
    expect(resultJson({ content: [] })).toBe('{"content":[]}');
  });

  it("leaves the content's own keys as they were, and takes a frozen content as it is", () => {
    const own = { rows: [1] };
    structuredWithText(own, "", '{"rows":[2]}');
    expect(Object.keys(own)).toEqual(["rows"]);
    expect(Reflect.ownKeys(own).filter((key) => Object.getOwnPropertyDescriptor(own, key)?.enumerable)).toEqual([
      "rows",
    ]);
    const frozen = Object.freeze({ rows: [1] });
    expect(() => structuredWithText(frozen, "", '{"rows":[2]}')).not.toThrow();
    expect(resultJson({ structuredContent: frozen })).toBe('{"structuredContent":{"rows":[1]}}');
  });
});
