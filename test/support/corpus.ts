import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./servers.js";

/**
 * The shared corpus of real third-party inputs (OpenAPI documents, SQL schemas): `$MCPSMITH_CORPUS`, else
 * `../shared/corpus` beside the repository. `.ci/run` sets the variable for a clone kept elsewhere.
 */
export const CORPUS = process.env.MCPSMITH_CORPUS || join(ROOT, "../shared/corpus");

if (!existsSync(join(CORPUS, "MANIFEST.md"))) {
  throw new Error(`The shared corpus is not at ${CORPUS}: set MCPSMITH_CORPUS to the folder that holds MANIFEST.md.`);
}

/** A file under the corpus's `openapi/` folder. */
export const openApiCorpus = (name: string): string => join(CORPUS, "openapi", name);
