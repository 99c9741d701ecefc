import { describe, expect, it } from "vitest";
import * as json from "../../sources/database/shared/codecs.js";
import { typeOf } from "./rows.js";

describe("typed rows", () => {
  it("types ranges, composites and arrays of nullable items from their schemas", () => {
    expect(typeOf(json.range(json.bigint(), "bigint").schema)).toBe(
      "{ lower: string | null; upper: string | null; lowerInclusive: boolean; upperInclusive: boolean; empty: boolean }",
    );
    const pair = json.composite("pair", '"public"."pair"', [
      { name: "a", type: json.integer(0, 9) },
      { name: "tags", type: json.array(json.text()) },
    ]);
    expect(typeOf(pair.schema)).toBe("{ a: number | null; tags: (string | null)[] | null }");
    expect(typeOf(json.array(pair).schema)).toBe("({ a: number | null; tags: (string | null)[] | null } | null)[]");
    expect(typeOf(json.interval().schema)).toBe("string");
    expect(typeOf({ type: "object" })).toBe("Record<string, unknown>");
  });

  it("types a date that may be infinity as a string", () => {
    const infinite = {
      anyOf: [
        { type: "string", format: "date" },
        { type: "string", enum: ["infinity", "-infinity"] },
      ],
    };
    expect(typeOf(infinite)).toBe("string");
    expect(typeOf({ anyOf: [infinite, { type: "null" }] })).toBe("string | null");
    expect(typeOf({ type: "string", enum: ["a", "b"] })).toBe('"a" | "b"');
  });
});
