import { fileURLToPath } from "node:url";

/** A file of the shared corpus (`../shared/corpus` beside the repository, or `$MCPSMITH_CORPUS`). */
export function corpus(name: string): string {
  return process.env.MCPSMITH_CORPUS
    ? `${process.env.MCPSMITH_CORPUS}/openapi/${name}`
    : fileURLToPath(new URL(`../../../../../../shared/corpus/openapi/${name}`, import.meta.url));
}

/** Writes a document to a fresh temporary file (JSON) and returns its path. */
export async function specFile(document: object, name = "spec.json"): Promise<string> {
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const file = join(await mkdtemp(join(tmpdir(), "mcpsmith-openapi-")), name);
  await writeFile(file, JSON.stringify(document));
  return file;
}
