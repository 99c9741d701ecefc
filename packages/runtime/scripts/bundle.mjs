// Bundles the runtime's JavaScript entry points (tsc emits only the declarations). A stdio server's start-up is
// mostly module loading, and many small modules cost more to load than one bundle (figures in bench/README.md); the
// SDK ships bundled too. Dependencies stay external; `serve()`'s HTTP stack stays a lazily loaded chunk.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;

// tsc writes only declarations here: every .js (and its map) is the bundle's, and chunks of an earlier bundle named by
// other hashes would otherwise be left behind, and packed.
for (const file of readdirSync(join(root, "dist"), { recursive: true, encoding: "utf8" })) {
  if (/\.js(\.map)?$/.test(file)) rmSync(join(root, "dist", file));
}

await build({
  absWorkingDir: root,
  entryPoints: [
    "src/index.ts",
    "src/testing/index.ts",
    "src/executors/http/index.ts",
    "src/executors/sql/index.ts",
    "src/executors/sql/sqlite-worker.ts",
    "src/redis/index.ts",
    "src/discovery/index.ts",
    "src/auth/index.ts",
    "src/internal.ts",
    // The two JSON Schema engines, each its own file: package.json's `#json-validator` picks one per runtime.
    "src/schema/json-validator.ts",
    "src/schema/json-validator-portable.ts",
  ],
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  packages: "external",
  external: ["#json-validator"],
  sourcemap: true,
  logLevel: "warning",
});
