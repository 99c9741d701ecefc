/**
 * Projects written to a temporary folder, for tests that read them as `mcpsmith generate ts` does (from disk, with
 * their tsconfig and package.json), and the coded error a failing generation throws.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { CodegenError } from "../../errors.js";

const STRICT_TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext" } });

/**
 * A maker of fresh project folders under one temporary folder, removed after the test file. Each folder holds the
 * files given (paths relative to it) and a strict NodeNext tsconfig.json unless the files bring their own.
 */
export function diskProjects(prefix: string): (files: Record<string, string>) => string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let counter = 0;
  return (files) => {
    const dir = join(root, `p${++counter}`);
    for (const [path, text] of Object.entries({ "tsconfig.json": STRICT_TSCONFIG, ...files })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };
}

/** The CodegenError `work` throws; any other outcome fails the test. */
export function codegenFailure(work: () => unknown): CodegenError {
  try {
    work();
  } catch (error) {
    if (error instanceof CodegenError) return error;
    throw error;
  }
  throw new Error("expected a CodegenError");
}
