/** Writes a document to a fresh temporary file (JSON) and returns its path. */
export async function specFile(document: object, name = "spec.json"): Promise<string> {
  const { mkdtemp, writeFile } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const file = join(await mkdtemp(join(tmpdir(), "mcpsmith-openapi-")), name);
  await writeFile(file, JSON.stringify(document));
  return file;
}
