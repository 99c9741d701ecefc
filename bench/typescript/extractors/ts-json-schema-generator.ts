/**
 * ts-json-schema-generator 2.10 (on TypeScript 6.0), the way its README drives it from code: `createGenerator` over
 * the `.types.ts` files (`path` glob) with the project's tsconfig, then `createSchema("*")`: every exported type of
 * those files in one pass, which is exactly the asked-for set (asking by name instead rescans every file once per
 * name).
 *
 * Configured for speed: `skipTypeCheck` (its documented speed option); and `additionalProperties: true` to leave
 * objects open as mcpsmith does (its default closes them). Otherwise its defaults (`jsDoc: "extended"` reads the
 * tags).
 */
import { join } from "node:path";
import type * as Tsjsg from "ts-json-schema-generator";
import type { Fixture } from "../fixture/project.js";
import type { Extraction, ExtractorModule, JsonSchema } from "./extractor.js";

export const tsJsonSchemaGenerator: ExtractorModule = {
  settings:
    'createGenerator({ path: "src/tools/*.types.ts", tsconfig, type: "*", skipTypeCheck: true, additionalProperties: true }).createSchema("*")',
  async load() {
    const loaded = (await import("ts-json-schema-generator")) as typeof Tsjsg & { default?: typeof Tsjsg };
    const tsjsg = loaded.default ?? loaded;
    return {
      cold(fixture: Fixture): Extraction {
        const generator = tsjsg.createGenerator({
          path: join(fixture.dir, "src/tools/*.types.ts"),
          tsconfig: fixture.tsconfig,
          type: "*",
          skipTypeCheck: true,
          additionalProperties: true,
        });
        const document = generator.createSchema("*") as JsonSchema;
        const definitions = (document.definitions ?? {}) as Record<string, JsonSchema>;
        return {
          produced: fixture.typeNames.filter((name) => name in definitions).length,
          schemaFor: (name) => ({ $ref: `#/definitions/${encodeURIComponent(name)}`, definitions }),
        };
      },
    };
  },
};
