/**
 * Imports a module of the user's (a config, a source's module): JavaScript as it is, TypeScript through the hooks
 * of ts-hooks.ts, registered once, the first time a `.ts` file is imported.
 */
import { existsSync } from "node:fs";
import { register } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const HOOKS = new URL("./ts-hooks.js", import.meta.url);
let registered = false;

export async function importModule(path: string): Promise<Record<string, unknown>> {
  // Run from its own TypeScript sources (by vitest), there are no compiled hooks: that runner compiles TypeScript.
  if (/\.[cm]?ts$/.test(path) && !registered && existsSync(fileURLToPath(HOOKS))) {
    register(HOOKS);
    registered = true;
  }
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}
