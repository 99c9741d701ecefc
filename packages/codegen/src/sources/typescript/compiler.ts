/**
 * The TypeScript compiler the schema extraction runs on: the one ts-morph is built on (`@ts-morph/common`'s
 * `typescript.js`), required by itself through V8's code cache (code-cache.ts). Not through `@ts-morph/common`,
 * whose file system wrappers and in-memory standard library, megabytes of source, would be compiled in every run
 * for nothing; and with `require`, since imported from an ES module, Node would first scan the whole CommonJS source
 * for its export names. Types are named through `import type { ts } from "ts-morph"`.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import { requireWithCodeCache } from "./code-cache.js";

const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));

export const compiler = requireWithCodeCache(
  join(dirname(fromTsMorph.resolve("@ts-morph/common")), "typescript.js"),
) as typeof ts;

/**
 * The folder of the standard library's declarations (`lib.es2023.d.ts`...): ts-morph's copies, written by the
 * package's build (scripts/write-lib-files.mjs, which says why), found at the same place from `src` and `dist`.
 */
export const LIB_FOLDER = fileURLToPath(new URL("../../../dist/typescript-lib", import.meta.url)).replace(/\\/g, "/");

/** What the build wrote beside the declarations: the compiler version and which files are modules. */
export interface LibManifest {
  version: string;
  modules: readonly string[];
}

/**
 * The manifest of the library's declarations at `folder`; fails clearly when they are missing or belong to
 * another compiler version.
 */
export function readLibManifest(folder = LIB_FOLDER): LibManifest {
  const path = join(folder, "manifest.json");
  const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as LibManifest) : undefined;
  if (manifest?.version === compiler.version) return manifest;
  throw new CodegenError(
    "E_LIBRARY_MISSING",
    manifest === undefined
      ? `The TypeScript standard library's declarations are missing from ${folder}: build @mcpsmith/codegen (pnpm build).`
      : `${folder} holds the declarations of TypeScript ${manifest.version}, not ${compiler.version}: build @mcpsmith/codegen again (pnpm build).`,
  );
}
