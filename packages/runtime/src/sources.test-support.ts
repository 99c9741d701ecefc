// The runtime's own source files, for tests that hold every one of them to a rule (no JSON-RPC code outside the
// wire errors' table, no plain TypeError in an executor).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL(".", import.meta.url));

/** Every line of the sources below `folder` (of `src/`) that matches `pattern`, as `file:line: text`. */
export function sourceLinesMatching(pattern: RegExp, folder = ""): string[] {
  return sources(join(SRC, folder)).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

/** The source files below `dir`: TypeScript, tests and their support left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}
