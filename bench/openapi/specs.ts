/** The documents the OpenAPI bench generates from: small, large and very large, all from the shared corpus. */
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface Spec {
  name: SpecName;
  file: string;
  /** Operations in the document (corpus MANIFEST.md), for the table's labels. */
  operations: number;
}

export const SPEC_NAMES = ["petstore", "github", "msgraph"] as const;
export type SpecName = (typeof SPEC_NAMES)[number];

/** Where the corpus lives: $MCPSMITH_CORPUS, else the shared folder beside the repository. */
export function corpusDir(): string {
  return process.env.MCPSMITH_CORPUS ?? "/work/shared/corpus/openapi";
}

const FILES: Record<SpecName, { file: string; operations: number }> = {
  petstore: { file: "petstore3-oas30.yaml", operations: 19 },
  github: { file: "github-rest-oas30.json", operations: 1223 },
  msgraph: { file: "msgraph-v1-apisguru.json", operations: 11422 },
};

export function specsOf(names: readonly string[]): Spec[] {
  return names.map((name) => {
    if (!(SPEC_NAMES as readonly string[]).includes(name)) {
      throw new Error(`--specs takes ${SPEC_NAMES.join(",")}; got "${name}"`);
    }
    const { file, operations } = FILES[name as SpecName];
    const path = join(corpusDir(), file);
    if (!existsSync(path)) throw new Error(`${path} is missing: set MCPSMITH_CORPUS to the corpus/openapi folder`);
    return { name: name as SpecName, file: path, operations };
  });
}
