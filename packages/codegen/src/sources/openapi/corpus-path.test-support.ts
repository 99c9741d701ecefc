import { fileURLToPath } from "node:url";

/** A file of the shared corpus (`../shared/corpus` beside the repository, or `$MCPSMITH_CORPUS`). */
export function corpus(name: string): string {
  return process.env.MCPSMITH_CORPUS
    ? `${process.env.MCPSMITH_CORPUS}/openapi/${name}`
    : fileURLToPath(new URL(`../../../../../../shared/corpus/openapi/${name}`, import.meta.url));
}
