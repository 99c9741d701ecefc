import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes generated files, skipping those whose content is already on disk: a regenerate with nothing new
 * changes no file and no modification time, so `tsc --watch` and `mcpsmith dev` do not rebuild for nothing.
 * Returns the paths it wrote.
 */
export function writeGeneratedFiles(files: ReadonlyMap<string, string>): string[] {
  const written: string[] = [];
  for (const [path, content] of files) {
    if (existsSync(path) && readFileSync(path, "utf8") === content) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    written.push(path);
  }
  return written;
}
