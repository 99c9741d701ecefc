/**
 * The TypeScript compiler the schema extraction runs on: the one ts-morph is built on, from ts-morph's own
 * dependency (the same module instance, so nodes and types of a ts-morph project can be handed to the converter),
 * with the standard library's declarations it carries in memory. Loaded with `require` and V8's code cache
 * (code-cache.ts): imported from an ES module instead, Node would first scan the CommonJS source for its export
 * names, and ts-morph's wrappers, which extraction does not use, would be compiled too. Types are named through
 * `import type { ts } from "ts-morph"`.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ts } from "ts-morph";
import { loadWithCodeCache } from "./code-cache.js";

interface TsMorphCommon {
  ts: typeof ts;
  libFolderInMemoryPath: string;
  getLibFiles(): readonly { fileName: string; text: string }[];
}

const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
const commonPath = fromTsMorph.resolve("@ts-morph/common");
// @ts-morph/common requires its compiler as `./typescript`: loaded first, that `require` finds this instance.
loadWithCodeCache(join(dirname(commonPath), "typescript.js"));
const common = fromTsMorph(commonPath) as TsMorphCommon;

export const compiler = common.ts;

/** Where ts-morph places the standard library's declarations, so they are found at the same paths here. */
export const LIB_FOLDER = common.libFolderInMemoryPath;

/** The standard library's declaration files by path (`/node_modules/typescript/lib/lib.es5.d.ts` -> text). */
export function libraryFiles(): Map<string, string> {
  return new Map(common.getLibFiles().map((file) => [`${LIB_FOLDER}/${file.fileName}`, file.text]));
}
