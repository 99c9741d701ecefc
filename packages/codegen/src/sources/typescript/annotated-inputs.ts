/**
 * Which modules annotated inputs (files, folders or globs) name: listed without the TypeScript compiler, so a
 * cached IR (compose/sources/typescript-cache.ts) can be checked without loading it.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { globSync } from "tinyglobby";
import { CodegenError } from "../../errors.js";

const SOURCE_EXTENSIONS = "{ts,tsx,mts,cts}";
const SOURCE_FILE = /\.[mc]?tsx?$/;
/** Never tool modules: declarations, tests and installed packages. */
const IGNORED = /\.d\.[mc]?ts$|\.(test|spec)\.[mc]?tsx?$|[\\/]node_modules[\\/]/;
export const GLOB_CHARACTERS = /[*?[\]{}!]/;

/** The input modules the inputs (files, folders or globs) name now, sorted by path. */
export function listAnnotatedInputs(
  inputs: readonly string[],
  cwd: string,
  excluded: ReadonlySet<string> = new Set(),
): string[] {
  const paths = new Set<string>();
  for (const input of inputs) {
    const matched = globSync(patternFor(input, cwd), { expandDirectories: false, absolute: true }).filter(
      (path) => SOURCE_FILE.test(path) && !IGNORED.test(path) && !excluded.has(path),
    );
    if (matched.length === 0) {
      throw new CodegenError("E_INPUT_MISSING", `${input} matched no TypeScript file (.ts, .tsx, .mts, .cts).`);
    }
    for (const path of matched) paths.add(path);
  }
  return [...paths].sort(compare);
}

function patternFor(input: string, cwd: string): string {
  if (GLOB_CHARACTERS.test(input)) return resolve(cwd, input);
  const path = resolve(cwd, input);
  if (!existsSync(path)) {
    throw new CodegenError("E_INPUT_MISSING", `${input} does not exist (resolved to ${path}).`);
  }
  return statSync(path).isDirectory() ? `${path}/**/*.${SOURCE_EXTENSIONS}` : path;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
