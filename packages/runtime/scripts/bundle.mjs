// Bundles the runtime's JavaScript entry points (tsc emits only the declarations). A stdio server's start-up is
// mostly module loading, and many small modules cost more to load than one bundle (figures in bench/README.md); the
// SDK ships bundled too. Dependencies stay external; `serve()`'s HTTP stack stays a lazily loaded chunk.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { build } from "esbuild";

await build({
  absWorkingDir: new URL("..", import.meta.url).pathname,
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
  ],
  outdir: "dist",
  outbase: "src",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  packages: "external",
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
