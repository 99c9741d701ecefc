import { describe, expect, it } from "vitest";
import { satisfiesFormat } from "./formats.js";
import { compileJsonSchema } from "./json-validator.js";

describe("satisfiesFormat", () => {
  it.each([
    ["json-pointer", "/a/b"],
    ["json-pointer", "example"],
    ["relative-json-pointer", "0/a"],
    ["relative-json-pointer", "/a"],
    ["json-pointer-uri-fragment", "#/a"],
    ["iso-date-time", "2024-01-02T03:04:05Z"],
    ["date-time", "2024-02-30T03:04:05Z"],
    ["date", "2024-01-02"],
    ["time", "03:04:05"],
    ["uri", "https://example.com/"],
    ["uri-reference", "../a b"],
    ["uuid", "3f2b8c1e-5d4a-4b6f-9e7d-2a1c0b9d8e7f"],
    ["regex", "a("],
    ["duration", "P1DT2H"],
    ["byte", "aGVsbG8"],
    ["int32", "a string: the number formats check numbers only"],
    ["password", "anything"],
    ["x-made-up", "anything"],
  ])("agrees with the runtime's validator on %s %j", (format, value) => {
    const check = compileJsonSchema({ type: "string", format });
    expect(satisfiesFormat(format, value)).toBe(check(value).ok);
  });

  it.each([
    ["int64", 100.5],
    ["int64", 100],
    ["int32", 2 ** 31],
    ["int32", -(2 ** 31)],
    ["double", 0.5],
    ["date", 20240102],
  ])("agrees with the runtime's validator on the number %s %j", (format, value) => {
    const check = compileJsonSchema({ type: "number", format });
    expect(satisfiesFormat(format, value)).toBe(check(value).ok);
  });
});
