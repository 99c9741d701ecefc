import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Resolved as a program resolves it: the package's own name, from inside the package (its built entry).
const runtime = new URL("../packages/runtime/", import.meta.url).pathname;
const hasCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";

// A fresh Node each time: the cache is the process's, and this test's own must stay as it is.
function importedIn(env: NodeJS.ProcessEnv): string {
  const script = `await import("@mcpsmith/runtime/compile-cache"); await import("@mcpsmith/runtime"); process.stdout.write(String((await import("node:module")).default.getCompileCacheDir?.()));`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: runtime,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

describe("@mcpsmith/runtime/compile-cache", () => {
  it.runIf(hasCache)("turns Node's compile cache on, where NODE_COMPILE_CACHE says, and fills it", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpsmith-compile-cache-test-"));
    try {
      expect(importedIn({ NODE_COMPILE_CACHE: dir })).toContain(dir);
      expect(readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(!hasCache)("does nothing on a Node without a compile cache (Node 20)", () => {
    expect(importedIn({})).toBe("undefined");
  });
});
