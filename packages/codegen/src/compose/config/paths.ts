import { dirname, resolve } from "node:path";
import type { ConfigFile } from "./read.js";

/**
 * The local files a config reads: itself, OpenAPI documents, database and DDL files, the folders of annotated
 * TypeScript and of modules (a module imports its neighbours), tsconfigs and API key files. What `mcpsmith dev`
 * watches; remote sources (a database URL) have none.
 */
export function localPaths({ file, dir, config }: ConfigFile): string[] {
  const paths = [file];
  const at = (path: string) => resolve(dir, path);
  for (const source of Object.values(config.sources)) {
    if ("openapi" in source) paths.push(at(source.openapi));
    if (
      "database" in source &&
      typeof source.database === "string" &&
      !/^[a-z][a-z0-9+.-]*:\/\//i.test(source.database)
    ) {
      paths.push(at(source.database.replace(/^sqlite:/i, "")));
    }
    if ("typescript" in source) {
      for (const input of typeof source.typescript === "string" ? [source.typescript] : source.typescript) {
        paths.push(dirname(at(input)));
      }
      if (source.tsconfig !== undefined) paths.push(at(source.tsconfig));
    }
    if ("module" in source) paths.push(dirname(at(source.module)));
  }
  const apiKeys = config.serve?.auth?.apiKeys;
  if (apiKeys !== undefined) paths.push(at(apiKeys));
  return [...new Set(paths)];
}
