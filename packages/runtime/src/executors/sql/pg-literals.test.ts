import { describe, expect, it } from "vitest";
import {
  formatRangeLiteral,
  formatRecordLiteral,
  parseArrayLiteral,
  parseMultirangeLiteral,
  parseRangeLiteral,
  parseRecordLiteral,
} from "./pg-literals.js";

const bounded = (lower: string | null, upper: string | null, lowerInclusive: boolean, upperInclusive: boolean) => ({
  empty: false,
  lower,
  upper,
  lowerInclusive,
  upperInclusive,
});

describe("PostgreSQL range literals", () => {
  it("reads bounds, brackets, unbounded ends, empty and quoted bounds as the server writes them", () => {
    expect(parseRangeLiteral("[1,10)")).toEqual(bounded("1", "10", true, false));
    expect(parseRangeLiteral("(,2.5]")).toEqual(bounded(null, "2.5", false, true));
    expect(parseRangeLiteral("[5,)")).toEqual(bounded("5", null, true, false));
    expect(parseRangeLiteral("(,)")).toEqual(bounded(null, null, false, false));
    expect(parseRangeLiteral("empty")).toEqual({
      empty: true,
      lower: null,
      upper: null,
      lowerInclusive: false,
      upperInclusive: false,
    });
    expect(parseRangeLiteral('["2024-01-01 10:00:00","2024-01-02 00:00:00")')).toEqual(
      bounded("2024-01-01 10:00:00", "2024-01-02 00:00:00", true, false),
    );
    expect(parseRangeLiteral('["2023-12-31 22:00:00+00",infinity)')).toEqual(
      bounded("2023-12-31 22:00:00+00", "infinity", true, false),
    );
    // A range of text: quotes doubled or escaped, a backslash escaped, a comma and brackets inside quotes, "".
    expect(parseRangeLiteral('["a ""b"", c\\\\","x)]\\"y"]')).toEqual(bounded('a "b", c\\', 'x)]"y', true, true));
    expect(parseRangeLiteral('["",z)')).toEqual(bounded("", "z", true, false));
  });

  it("reads multiranges, empty ones included", () => {
    expect(parseMultirangeLiteral("{[1,3),[5,8)}")).toEqual([
      bounded("1", "3", true, false),
      bounded("5", "8", true, false),
    ]);
    expect(parseMultirangeLiteral("{}")).toEqual([]);
    expect(parseMultirangeLiteral('{["2024-01-01","2024-02-01"), [2024-03-01,)}')).toEqual([
      bounded("2024-01-01", "2024-02-01", true, false),
      bounded("2024-03-01", null, true, false),
    ]);
  });

  it("refuses text that is no range, saying so", () => {
    expect(() => parseRangeLiteral("1,2")).toThrow(/Malformed range literal/);
    expect(() => parseRangeLiteral("[1,2")).toThrow(/Unterminated literal/);
    expect(() => parseRangeLiteral("[1,2)x")).toThrow(/Malformed range literal/);
  });

  it("writes ranges whose every bound survives the server's parser", () => {
    expect(formatRangeLiteral(bounded("1", "10", true, false))).toBe('["1","10")');
    expect(formatRangeLiteral(bounded(null, "x", true, true))).toBe('(,"x"]');
    expect(formatRangeLiteral({ ...bounded(null, null, false, false), empty: true })).toBe("empty");
    const tricky = bounded('a "b", c\\', "x)]", true, false);
    expect(parseRangeLiteral(formatRangeLiteral(tricky))).toEqual(tricky);
  });
});

describe("PostgreSQL row literals", () => {
  it("reads attributes: nulls, empty strings, doubled quotes, backslashes and nested rows", () => {
    expect(parseRecordLiteral("(1,abc,,t)")).toEqual(["1", "abc", null, "t"]);
    expect(parseRecordLiteral('(1,"",)')).toEqual(["1", "", null]);
    // As record_out writes `Main "St", 1\`, an array of text, and a nested row holding a quoted attribute.
    expect(parseRecordLiteral('("Main ""St"", 1\\\\",12345,"{""a b"",""c\\\\""d"",NULL}")')).toEqual([
      'Main "St", 1\\',
      "12345",
      '{"a b","c\\"d",NULL}',
    ]);
    expect(parseRecordLiteral('(9,"(x,""y z"",)")')).toEqual(["9", '(x,"y z",)']);
    expect(parseRecordLiteral('(9,"(x,""y z"",)")').map((f, i) => (i === 1 ? parseRecordLiteral(f!) : f))).toEqual([
      "9",
      ["x", "y z", null],
    ]);
    expect(parseRecordLiteral("()")).toEqual([null]);
  });

  it("writes rows whose every attribute survives the server's parser", () => {
    const fields = ['Main "St", 1\\', null, "", "(x,y)"];
    expect(formatRecordLiteral(fields)).toBe('("Main \\"St\\", 1\\\\",,"","(x,y)")');
    expect(parseRecordLiteral(formatRecordLiteral(fields))).toEqual(fields);
  });
});

describe("PostgreSQL array literals", () => {
  it("reads nested arrays, NULL against a quoted NULL, escapes and empty strings", () => {
    expect(parseArrayLiteral("{{1,2},{3,NULL}}")).toEqual([
      ["1", "2"],
      ["3", null],
    ]);
    expect(parseArrayLiteral('{NULL,"NULL","a \\"b\\"","",x}')).toEqual([null, "NULL", 'a "b"', "", "x"]);
    expect(parseArrayLiteral('{"(1,\\"a b\\")","(2,)"}')).toEqual(['(1,"a b")', "(2,)"]);
    expect(parseArrayLiteral("{}")).toEqual([]);
  });
});
