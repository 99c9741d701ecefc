import { describe, expect, it } from "vitest";
import { printLiteral, printString } from "./literal.js";

describe("printLiteral", () => {
  it("puts what fits on one line, quoting only keys that are not identifiers", () => {
    expect(printLiteral({ type: "string", "x-mcp": true, $ref: "#/$defs/a", 200: null })).toBe(
      '{ "200": null, type: "string", "x-mcp": true, $ref: "#/$defs/a" }',
    );
    expect(printLiteral([])).toBe("[]");
    expect(printLiteral({})).toBe("{}");
  });

  it("opens what does not fit, one entry a line, each entry deciding again", () => {
    const long = "x".repeat(100);
    expect(printLiteral({ a: { description: long }, b: [1, 2] }, { indent: "  ", suffix: "," })).toBe(
      `{\n    a: {\n      description: "${long}",\n    },\n    b: [1, 2],\n  },`,
    );
  });

  it("keeps an object open on request, and never joins two objects of several properties", () => {
    expect(printLiteral({ a: 1 }, { expand: true })).toBe("{\n  a: 1,\n}");
    expect(printLiteral({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe(
      '{ anyOf: [{ type: "string" }, { type: "null" }] }',
    );
    expect(
      printLiteral([
        { a: 1, b: 2 },
        { c: 3, d: 4 },
      ]),
    ).toBe("[\n  { a: 1, b: 2 },\n  { c: 3, d: 4 },\n]");
  });

  it("refuses values JSON cannot carry", () => {
    expect(() => printLiteral({ a: Number.NaN })).toThrow(/NaN cannot be written/);
    expect(() => printLiteral({ a: () => 1 })).toThrow(/Only JSON values/);
  });
});

describe("printString", () => {
  it("uses double quotes unless single quotes need fewer escapes", () => {
    expect(printString("plain")).toBe('"plain"');
    expect(printString("it's")).toBe('"it\'s"');
    expect(printString('say "hi"')).toBe(`'say "hi"'`);
    expect(printString(`"a" 'b'`)).toBe(`"\\"a\\" 'b'"`);
    expect(printString('"it\'s"\n')).toBe(`'"it\\'s"\\n'`);
  });
});
