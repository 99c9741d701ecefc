/**
 * mcpsmith's extractor (`@mcpsmith/codegen/typescript`: the TypeScript 6.0 compiler's own API, the compiler that
 * ts-morph 28 bundles, loaded through a V8 code cache kept on disk), loaded from the built workspace package, driven
 * as `mcpsmith build` and `mcpsmith dev` drive it: `createSchemaExtractor(tsconfig)` over the whole project,
 * `extract()` for every decorated method's input (and object output) schema, and `update(file)` after one file
 * changed on disk.
 *
 * mcpsmith is asked for tools, not type names: a tool's input schema is its argument type's, its output schema its
 * result type's (the fixture records which is which).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as Codegen from "../../../packages/codegen/dist/sources/typescript/index.js";
import type { Fixture } from "../fixture/project.js";
import type { Extraction, ExtractorModule, JsonSchema } from "./extractor.js";

// The bench does not depend on @mcpsmith/codegen (its package.json lists the runtime and the peers): the built
// package is loaded by path, after `pnpm build`.
const entry = fileURLToPath(new URL("../../../../packages/codegen/dist/sources/typescript/index.js", import.meta.url));

/**
 * A fingerprint of the built extractor (a hash of its dist folder's modules): other work rebuilding it with
 * changes during a run would mix two versions in one set of figures, and the run says so.
 */
export function mcpsmithBuild(): string | undefined {
  if (!existsSync(entry)) return undefined;
  const folder = dirname(entry);
  const hash = createHash("sha256");
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith(".js"))
    .sort()) {
    hash.update(name).update(readFileSync(join(folder, name)));
  }
  return hash.digest("hex").slice(0, 12);
}

/** Schemas by type name, from one extraction. */
function byTypeName(fixture: Fixture, result: Codegen.Extraction): Extraction {
  if (result.problems.length > 0) {
    throw new Error(`mcpsmith reported ${result.problems.length} problem(s), first: ${result.problems[0]!.message}`);
  }
  const schemas = new Map<string, JsonSchema>();
  for (const members of result.modules.values()) {
    for (const member of members) {
      const types = fixture.toolTypes[member.method];
      if (!types) continue;
      if (member.input) schemas.set(types.args, member.input as JsonSchema);
      if (types.result && member.output) schemas.set(types.result, member.output as JsonSchema);
    }
  }
  return {
    produced: fixture.typeNames.filter((name) => schemas.has(name)).length,
    schemaFor(name) {
      const schema = schemas.get(name);
      if (!schema) throw new Error(`mcpsmith produced no schema for ${name}`);
      return schema;
    },
  };
}

export const mcpsmith: ExtractorModule = {
  settings:
    "createSchemaExtractor(tsconfig).extract() (the whole project, as mcpsmith build); .update(file) after the edit",
  unavailable() {
    return existsSync(entry) ? undefined : `${entry} is not built: run pnpm build`;
  },
  async load() {
    const codegen = (await import(pathToFileURL(entry).href)) as typeof Codegen;
    let extractor: Codegen.SchemaExtractor | undefined;
    let fixture: Fixture | undefined;
    return {
      cold(project) {
        fixture = project;
        extractor = codegen.createSchemaExtractor(project.tsconfig);
        return byTypeName(project, extractor.extract());
      },
      update(file) {
        if (!extractor || !fixture) throw new Error("mcpsmith: update() before the cold extraction");
        return byTypeName(fixture, extractor.update(file));
      },
    };
  },
};
