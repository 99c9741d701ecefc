import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CodegenError } from "../../errors.js";
import { compiler, LIB_FOLDER, readLibManifest } from "./compiler.js";

const folder = mkdtempSync(join(tmpdir(), "mcpsmith-lib-folder-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the compiler's standard library", () => {
  it("is written by the build for the compiler extraction runs on", () => {
    expect(readLibManifest().modules).toContain("lib.es2025.iterator.d.ts");
    const files = readdirSync(LIB_FOLDER);
    expect(files).toContain("lib.es2023.d.ts");
    expect(files).toContain("lib.decorators.d.ts");
  });

  it("says to build when the declarations are missing or belong to another compiler version", () => {
    const failure = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return error as CodegenError;
      }
      throw new Error("expected a failure");
    };
    const missing = failure(() => readLibManifest(folder));
    expect(missing).toBeInstanceOf(CodegenError);
    expect(missing.code).toBe("E_LIBRARY_MISSING");
    expect(missing.message).toContain("pnpm build");
    writeFileSync(join(folder, "manifest.json"), JSON.stringify({ version: "5.0.0", modules: [] }));
    expect(failure(() => readLibManifest(folder)).message).toContain(`TypeScript 5.0.0, not ${compiler.version}`);
  });
});
