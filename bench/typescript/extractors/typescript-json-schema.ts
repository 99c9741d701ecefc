/**
 * typescript-json-schema 0.68 (on its own TypeScript 5.9), the way its README drives it from code: a program over
 * the `.types.ts` files with the project's compiler options, `buildGenerator`, then `getSchemaForSymbols` for the
 * asked-for names in one call (one document, shared definitions).
 *
 * Configured for speed and for the same output: `ignoreErrors` skips its pre-emit type check (its only speed
 * option); `required` and `strictNullChecks` make it emit required fields and `| null` as the project means them.
 * Objects stay open (no `additionalProperties: false`), as mcpsmith derives them.
 */
import { readFileSync } from "node:fs";
import type * as Tjs from "typescript-json-schema";
import type { Fixture } from "../fixture/project.js";
import type { Extraction, ExtractorModule, JsonSchema } from "./extractor.js";

const SETTINGS: Tjs.PartialArgs = { ignoreErrors: true, required: true, strictNullChecks: true };

export const typescriptJsonSchema: ExtractorModule = {
  settings: `getProgramFromFiles(.types.ts files) + buildGenerator(${JSON.stringify(SETTINGS)}) + getSchemaForSymbols(all names)`,
  async load() {
    const loaded = (await import("typescript-json-schema")) as typeof Tjs & { default?: typeof Tjs };
    const tjs = loaded.default ?? loaded;
    return {
      cold(fixture: Fixture): Extraction {
        const { compilerOptions } = JSON.parse(readFileSync(fixture.tsconfig, "utf8")) as { compilerOptions: object };
        const program = tjs.getProgramFromFiles(fixture.typeFiles, compilerOptions, fixture.dir);
        const generator = tjs.buildGenerator(program, SETTINGS, fixture.typeFiles);
        if (!generator) throw new Error("typescript-json-schema: buildGenerator returned null (type errors?)");
        const document = generator.getSchemaForSymbols(fixture.typeNames) as JsonSchema;
        const definitions = (document.definitions ?? {}) as Record<string, JsonSchema>;
        return {
          produced: fixture.typeNames.filter((name) => name in definitions).length,
          schemaFor: (name) => ({ $ref: `#/definitions/${name}`, definitions }),
        };
      },
    };
  },
};
