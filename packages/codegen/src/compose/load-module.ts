/**
 * Imports a module of the user's (a config, a source's module): JavaScript as it is, TypeScript through the hooks
 * of ts-hooks.ts, registered once, the first time a `.ts` file is imported.
 */
import { register } from "node:module";
import { pathToFileURL } from "node:url";

let registered = false;

export async function importModule(path: string): Promise<Record<string, unknown>> {
  if (/\.[cm]?ts$/.test(path) && !registered) {
    register(new URL("./ts-hooks.js", import.meta.url));
    registered = true;
  }
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}
