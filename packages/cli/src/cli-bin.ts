import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * This CLI's own entry, which `list`, `call`, `doctor` and `dev` start as `serve --config FILE` to serve a config.
 * Run from its TypeScript sources (the CLI's own tests), the built entry stands in.
 */
export function cliBin(): string {
  const beside = fileURLToPath(new URL("./bin.js", import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL("../dist/bin.js", import.meta.url));
}
