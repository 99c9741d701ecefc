import { describe, expect, it, vi } from "vitest";
import { sdkJsonSchemaValidator } from "./sdk-validator.js";

describe("sdkJsonSchemaValidator", () => {
  const schema = {
    type: "object",
    properties: { created: { type: "string", format: "date-time-rfc-2822" }, page: { type: "integer", default: 1 } },
    required: ["created"],
  };

  it("gives the value back as it came when it fits, without defaults and without a word about unknown formats", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const value = { created: "Tue, 01 Dec 2026 04:00:00 +0000" };
      const result = sdkJsonSchemaValidator.getValidator(schema)(value);
      expect(result).toEqual({ valid: true, data: value, errorMessage: undefined });
      expect(result.data).toBe(value);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it("names each problem when the value does not fit", () => {
    expect(sdkJsonSchemaValidator.getValidator(schema)({ page: "2" })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: "created: is required; page: must be integer",
    });
  });

  it("compiles a schema when a value is first checked, so asking for every listed tool's validator costs nothing", () => {
    // An unterminated pattern makes Ajv throw at compile time: asking for the validator must not.
    const validate = sdkJsonSchemaValidator.getValidator({ type: "string", pattern: "(" });
    expect(() => validate("x")).toThrow(/Invalid regular expression/);
  });
});
