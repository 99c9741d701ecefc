// Builds the dev page (`mcpsmith dev --ui`): the Preact app under page/ bundled by esbuild into dist/page/, files the
// CLI serves itself. Nothing is loaded from a CDN or fetched at run time; the page is these three files.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist/page");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { app: "page/main.tsx" },
  outdir: out,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["chrome110", "firefox115", "safari16"],
  jsx: "automatic",
  jsxImportSource: "preact",
  minify: true,
  sourcemap: false,
  legalComments: "eof",
  logLevel: "warning",
});
copyFileSync(join(root, "page/index.html"), join(out, "index.html"));
