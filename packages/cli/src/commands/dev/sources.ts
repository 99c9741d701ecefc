import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";

const SOURCE = /\.(ts|tsx|mts|cts)$/;
/** Never the user's sources: installed packages, mcpsmith's own files, build output and declarations. */
const IGNORED = /(^|[\\/])(node_modules|\.mcpsmith|dist)([\\/]|$)|\.d\.[mc]?ts$/;

/**
 * Reports every TypeScript source that changes under `project`, by absolute path. Undefined when the folder
 * cannot be watched (the reason is logged): callers then treat every compile as a change.
 */
export function watchSources(
  project: string,
  onChange: (file: string) => void,
  log: (text: string) => void,
): FSWatcher | undefined {
  try {
    return watch(project, { recursive: true }, (_event, file) => {
      if (file && SOURCE.test(file) && !IGNORED.test(file)) onChange(join(project, file));
    });
  } catch (error) {
    log(`cannot watch ${project} for source changes (${(error as Error).message}); every compile counts as one`);
    return undefined;
  }
}
