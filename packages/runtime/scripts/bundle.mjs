// Bundles the runtime's JavaScript entry points (tsc emits only the declarations). A stdio server's start-up is
// mostly module loading, and many small modules cost more to load than one bundle (figures in bench/README.md); the
// SDK ships bundled too. Dependencies stay external; `serve()`'s HTTP stack stays a lazily loaded chunk.
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
