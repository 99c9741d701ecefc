import { describe, expect, it } from "vitest";
import { hintAnnotations, hintsOf, TOOL_HINTS } from "./tool-hints.js";

describe("tool hints", () => {
  it("become the annotations clients read, leaving absent hints out", () => {
    expect(hintAnnotations({ readOnly: true, openWorld: false })).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(hintAnnotations({})).toEqual({});
    expect(Object.keys(hintAnnotations({ openWorld: true, readOnly: true }))).toEqual([
      "readOnlyHint",
      "openWorldHint",
    ]);
  });

  it("are read back from annotations the same way", () => {
    const hints = { readOnly: true, destructive: false, idempotent: true, openWorld: false };
    expect(hintsOf(hintAnnotations(hints))).toEqual(hints);
    expect(hintsOf({ destructiveHint: true })).toEqual({ destructive: true });
    expect(Object.values(TOOL_HINTS)).toEqual(["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);
  });
});
