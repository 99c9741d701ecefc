// Bundles the runtime's JavaScript entry points (tsc emits only the declarations). A stdio server's start-up is
// mostly module loading, and many small modules cost more to load than one bundle (figures in bench/README.md); the
// SDK ships bundled too. Dependencies stay external; `serve()`'s HTTP stack stays a lazily loaded chunk.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
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
    "src/code-mode/index.ts",
    "src/auth/index.ts",
    "src/compose/index.ts",
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

// Code mode's QuickJS engine, beside its entry, for runtimes that must import WebAssembly rather than compile it at
// run time (Cloudflare Workers: `import wasm from "@mcpsmith/runtime/code-mode/quickjs.wasm"`). Copied from the
// pinned package whose JavaScript drives it, so the two always match.
const require = createRequire(import.meta.url);
mkdirSync(new URL("../dist/code-mode/", import.meta.url), { recursive: true });
copyFileSync(
  require.resolve("@jitl/quickjs-ng-wasmfile-release-sync/wasm"),
  new URL("../dist/code-mode/quickjs.wasm", import.meta.url),
);
