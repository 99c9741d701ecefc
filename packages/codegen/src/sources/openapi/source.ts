/** The OpenAPI source: a Swagger 2.0 / OpenAPI 3.0 / 3.1 file -> OpenApiIR. */

import type { Source } from "../../ir/source.js";
import type { OpenApiIR } from "../../ir/types.js";
import { readDocument } from "./document.js";
import { lowerDocument } from "./lower.js";
import { checkOptions, type OpenApiSourceOptions } from "./options.js";
import { readSpec } from "./read.js";

/**
 * Reads, checks and lowers an API description. Throws a CodegenError (`E_SPEC_*`, with every problem found in
 * `problems`) for documents that cannot be used; anything skipped or changed is in the IR's `warnings`.
 */
export async function loadOpenApi(input: string, options: OpenApiSourceOptions = {}): Promise<OpenApiIR> {
  checkOptions(options);
  const spec = await readSpec(input);
  return lowerDocument(readDocument(spec), options);
}

export const openApiSource: Source<OpenApiSourceOptions, OpenApiIR> = {
  name: "openapi",
  load: loadOpenApi,
};
