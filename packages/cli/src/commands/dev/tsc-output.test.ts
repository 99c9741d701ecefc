import { describe, expect, it } from "vitest";
import { TscOutput } from "./tsc-output.js";

describe("tsc --watch output", () => {
  it("gives each compile's error count and diagnostics, leaving out tsc's own progress lines", () => {
    const output = new TscOutput();
    const lines = [
      "12:00:00 - Starting compilation in watch mode...",
      "",
      "src/main.ts(7,5): error TS2322: Type 'number' is not assignable to type 'string'.",
      "12:00:01 - Found 1 error. Watching for file changes.",
      "12:00:05 - File change detected. Starting incremental compilation...",
      "12:00:06 - Found 0 errors. Watching for file changes.",
    ];
    const results = lines.map((line) => output.read(line)).filter((result) => result !== undefined);
    expect(results).toEqual([
      { errors: 1, diagnostics: [lines[2]] },
      { errors: 0, diagnostics: [] },
    ]);
  });

  it("reads coloured output (--pretty) and keeps the colours in the diagnostics", () => {
    const output = new TscOutput();
    const diagnostic = "\u001b[96msrc/main.ts\u001b[0m:\u001b[93m7\u001b[0m - \u001b[91merror\u001b[0m TS2322";
    expect(output.read(diagnostic)).toBeUndefined();
    expect(
      output.read("[\u001b[90m12:00:01\u001b[0m] Found \u001b[91m2\u001b[0m errors. Watching for file changes."),
    ).toEqual({
      errors: 2,
      diagnostics: [diagnostic],
    });
  });

  it("keeps what an unfinished compile printed", () => {
    const output = new TscOutput();
    output.read("error TS5083: Cannot read file 'tsconfig.base.json'.");
    expect(output.unfinished).toEqual(["error TS5083: Cannot read file 'tsconfig.base.json'."]);
  });
});
