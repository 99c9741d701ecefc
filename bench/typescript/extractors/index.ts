/** The three extractors the bench compares, by name. */
import type { ExtractorModule, ExtractorName } from "./extractor.js";
import { mcpsmith } from "./mcpsmith.js";
import { tsJsonSchemaGenerator } from "./ts-json-schema-generator.js";
import { typescriptJsonSchema } from "./typescript-json-schema.js";

export const EXTRACTORS: Record<ExtractorName, ExtractorModule> = {
  mcpsmith,
  "typescript-json-schema": typescriptJsonSchema,
  "ts-json-schema-generator": tsJsonSchemaGenerator,
};
