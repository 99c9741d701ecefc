import { describe, expect, it } from "vitest";
import { Code, printLiteral, printProperty, printString } from "./literal.js";

describe("printLiteral", () => {
  it("puts what fits on one line, quoting only keys that are not identifiers", () => {
    expect(printLiteral({ type: "string", "x-mcp": true, $ref: "#/$defs/a", 200: null })).toBe(
      '{ "200": null, type: "string", "x-mcp": true, $ref: "#/$defs/a" }',
    );
    expect(printLiteral([])).toBe("[]");
    expect(printLiteral({})).toBe("{}");
  });

  it("opens what does not fit, one entry a line, each entry deciding again", () => {
    const long = "x".repeat(95);
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

  it("opens everything around a list that never shares a line, however short", () => {
    expect(
      printLiteral({
        examples: [
          [
            [123, "asc"],
            [456, "desc"],
          ],
        ],
      }),
    ).toBe('{\n  examples: [\n    [\n      [123, "asc"],\n      [456, "desc"],\n    ],\n  ],\n}');
  });

  it("moves a value below a long key when it cannot start on the key's line", () => {
    const key = `"${"k.".repeat(57)}"`; // 116 columns: `  key: ` leaves two
    expect(printLiteral({ [key.slice(1, -1)]: { a: 1 } })).toBe(`{\n  ${key}:\n    { a: 1 },\n}`);
    expect(printLiteral({ [key.slice(1, -1)]: "text" })).toBe(`{\n  ${key}:\n    "text",\n}`);
    expect(printLiteral({ [key.slice(1, -1)]: null })).toBe(`{\n  ${key}:\n    null,\n}`);
    expect(printLiteral({ [key.slice(1, -1)]: -1 })).toBe(`{\n  ${key}:\n    -1,\n}`);
    // A number or a boolean is a literal the formatters never move; a `{` that reaches column 120 stays.
    expect(printLiteral({ [key.slice(1, -1)]: 1, b: true })).toBe(`{\n  ${key}: 1,\n  b: true,\n}`);
    const fits = `"${"k.".repeat(56)}k"`; // `  key: {` ends on column 120
    expect(printLiteral({ [fits.slice(1, -1)]: { a: 1 } })).toBe(`{\n  ${fits}: {\n    a: 1,\n  },\n}`);
    // A key shorter than five columns keeps even a long string beside it.
    const text = "t".repeat(120);
    expect(printLiteral({ abc: text, abcde: text })).toBe(`{\n  abc: "${text}",\n  abcde:\n    "${text}",\n}`);
  });

  it("places code as it is, below a long key when it would overflow, as Biome places a name", () => {
    const key = `"${"k.".repeat(57)}"`;
    expect(printLiteral({ [key.slice(1, -1)]: new Code("PET_INPUT"), input: new Code("PET_INPUT") })).toBe(
      `{\n  ${key}:\n    PET_INPUT,\n  input: PET_INPUT,\n}`,
    );
  });

  it("fills a list of numbers that does not fit, as many a line as fit", () => {
    const numbers = Array.from({ length: 30 }, (_, index) => -index * 1_000_000);
    const lines = printLiteral({ numbers }).split("\n");
    expect(lines.slice(0, 2)).toEqual(["{", "  numbers: ["]);
    expect(lines.slice(2, -2)).toEqual([
      `    ${numbers.slice(0, 12).join(", ")},`,
      `    ${numbers.slice(12, 22).join(", ")},`,
      `    ${numbers.slice(22).join(", ")},`,
    ]);
    expect(lines.slice(-2)).toEqual(["  ],", "}"]);
  });

  it("writes numbers, keys and widths as Biome does", () => {
    expect(printLiteral([1e21, 1.5e-7, 0.5])).toBe("[1e21, 1.5e-7, 0.5]");
    expect(printLiteral({ café: 1, 名前: 2, "1": 3, "a-b": 4 })).toBe('{ "1": 3, café: 1, 名前: 2, "a-b": 4 }');
    // Wide characters take two columns, combining marks none.
    expect(printLiteral({ a: "名".repeat(57) })).toBe(`{\n  a: "${"名".repeat(57)}",\n}`);
    const accents = "e\u0301".repeat(50);
    expect(printLiteral({ description: accents })).toBe(`{ description: "${accents}" }`);
  });

  it("refuses values JSON cannot carry", () => {
    expect(() => printLiteral({ a: Number.NaN })).toThrow(/NaN cannot be written/);
    expect(() => printLiteral({ a: () => 1 })).toThrow(/Only JSON values/);
  });
});

describe("printProperty", () => {
  it("lays out one property of an open object, moving a value a long key leaves no room for", () => {
    expect(printProperty("name", "pet", { indent: "    ", suffix: "," })).toBe('name: "pet",');
    const description = "d".repeat(104);
    expect(printProperty("description", description, { indent: "    ", suffix: "," })).toBe(
      `description:\n      "${description}",`,
    );
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
