/** The documents the OpenAPI bench generates from: small, large and very large, all from the corpus (test/corpus). */
import { corpusFile } from "@mcpsmith/corpus";

export interface Spec {
  name: SpecName;
  file: string;
  /** Operations in the document (corpus MANIFEST.md), for the table's labels. */
  operations: number;
}

export const SPEC_NAMES = ["petstore", "stripe", "github", "msgraph"] as const;
export type SpecName = (typeof SPEC_NAMES)[number];

const FILES: Record<SpecName, { file: string; operations: number }> = {
  petstore: { file: "petstore3-oas30.yaml", operations: 19 },
  stripe: { file: "stripe-spec3.json", operations: 417 },
  github: { file: "github-rest-oas30.json", operations: 1223 },
  msgraph: { file: "msgraph-v1-apisguru.json", operations: 11422 },
};

export function specsOf(names: readonly string[]): Spec[] {
  return names.map((name) => {
    if (!(SPEC_NAMES as readonly string[]).includes(name)) {
      throw new Error(`--specs takes ${SPEC_NAMES.join(",")}; got "${name}"`);
    }
    const { file, operations } = FILES[name as SpecName];
    return { name: name as SpecName, file: corpusFile(`openapi/${file}`), operations };
  });
}
