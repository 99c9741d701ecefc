import { describe, expect, it } from "vitest";
import { asciiJsonText } from "./ascii-json.js";

describe("asciiJsonText", () => {
  it("escapes non-ASCII text so that it parses to what the UTF-8 text parses to", () => {
    const source = '{"naïve": "café — 日本語 😀", "plain": [1, "a"]}';
    const text = asciiJsonText(Buffer.from(source, "utf8").toString("latin1"));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(text!)).toEqual(JSON.parse(source));
  });

  it("decodes invalid UTF-8 as the file's text does (U+FFFD)", () => {
    const bytes = Buffer.from([0x22, 0x61, 0xc3, 0x28, 0xff, 0x22]);
    expect(JSON.parse(asciiJsonText(bytes.toString("latin1"))!)).toBe(JSON.parse(bytes.toString("utf8")));
  });

  it("keeps ASCII text as it is, and declines a backslash before a non-ASCII character", () => {
    expect(asciiJsonText('{"a": "\\n"}')).toBe('{"a": "\\n"}');
    // `"\é"` is an invalid escape: written `"\\u00e9"` it would parse.
    expect(asciiJsonText(Buffer.from('{"a": "\\é"}', "utf8").toString("latin1"))).toBeUndefined();
  });
});
