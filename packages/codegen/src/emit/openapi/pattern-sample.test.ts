import { describe, expect, it } from "vitest";
import { sampleForPattern } from "./pattern-sample.js";

describe("sampleForPattern", () => {
  it.each([
    "^AC[0-9a-fA-F]{32}$",
    "^[a-zA-Z0-9_-]+$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^(?:https?://)?[\\w.-]+\\.[a-z]{2,}(/\\S*)?$",
    "^(?<prefix>cus|acct)_[A-Za-z0-9]{14,24}$",
    "^[^/]+/[^/]+$",
    "^\\p{Lu}\\p{Ll}*$",
    "^[A-Z]{2}|[0-9]{3}$",
    "v\\d+\\.\\d+",
    "^\\$[a-z]+\\.\\x41\\u00e9?$",
    "^.{3,5}?x$",
    "^[\\]a]$",
  ])("makes a string %s matches", (pattern) => {
    const text = sampleForPattern(pattern);
    expect(text).toBeDefined();
    expect(new RegExp(pattern, "u").test(text!)).toBe(true);
  });

  it("takes the fewest repetitions and the first character of a class", () => {
    expect(sampleForPattern("^AC[0-9a-fA-F]{32}$")).toBe(`AC${"0".repeat(32)}`);
    expect(sampleForPattern("^[a-z]+(-[a-z]+)*$")).toBe("a");
  });

  it("repeats more when the string would be shorter than minLength, within maxLength", () => {
    expect(sampleForPattern("^[a-z]+$", 5)).toHaveLength(5);
    expect(sampleForPattern("^[a-z]+-[0-9]*$", 6, 6)).toBe("aaa-00");
    expect(sampleForPattern("^[a-z]{2}$", 3)).toBeUndefined();
  });

  it.each([
    ["a lookahead", "^(?!admin)[a-z]+$"],
    ["a back-reference", "^(a)\\1$"],
    ["a word boundary", "\\bword\\b"],
    ["an invalid pattern", "^[a-z$"],
    ["an impossible pattern", "^a(?:b|c)$(?:x)"],
  ])("gives up on %s", (_what, pattern) => {
    expect(sampleForPattern(pattern)).toBeUndefined();
  });
});
