import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./servers.js";

/** Links what a generated project installs from this workspace, so its tests and tsc need no download. */
export function linkDependencies(project: string): void {
  mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
  mkdirSync(join(project, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
  symlinkSync(join(ROOT, "node_modules/vitest"), join(project, "node_modules/vitest"), "dir");
}
