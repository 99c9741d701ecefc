/**
 * An in-memory TypeScript project for the converter's tests: strict NodeNext like a user's, with a package in
 * node_modules (for types imported from packages) and the runtime's real `Int` brand.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Project, ts } from "ts-morph";
import type { JsonSchema } from "../../ir/types.js";

const require = createRequire(import.meta.url);

export function testProject(files: Record<string, string>): Project {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts"],
    },
  });
  const int = readFileSync(
    require.resolve("@mcpsmith/runtime/package.json").replace("package.json", "src/schema/int.ts"),
  );
  project.createSourceFile("/node_modules/@mcpsmith/runtime/index.d.ts", `${int}`);
  project.createSourceFile(
    "/node_modules/@mcpsmith/runtime/package.json",
    JSON.stringify({ name: "@mcpsmith/runtime", type: "module", types: "./index.d.ts" }),
  );
  project.createSourceFile(
    "/node_modules/geo-types/package.json",
    JSON.stringify({ name: "geo-types", type: "module", types: "./index.d.ts" }),
  );
  project.createSourceFile(
    "/node_modules/geo-types/index.d.ts",
    `/** A point on the globe. */
export interface LatLng {
  /** Degrees north. @minimum -90 @maximum 90 */
  lat: number;
  /** Degrees east. @minimum -180 @maximum 180 */
  lng: number;
}
`,
  );
  for (const [path, text] of Object.entries(files)) project.createSourceFile(path, text);
  return project;
}

/**
 * Ajv in JSON Schema 2020-12 mode, strict (an unknown keyword or format is an error; open-ended tuples are fine), with
 * the formats: the same Ajv the runtime validates arguments with, taken from the runtime's own dependencies.
 */
export function strictAjv2020(): { compile(schema: JsonSchema): (value: unknown) => boolean } {
  const fromRuntime = createRequire(require.resolve("@mcpsmith/runtime/package.json"));
  type Ajv = { compile(schema: object): (value: unknown) => boolean };
  const { Ajv2020 } = fromRuntime("ajv/dist/2020.js") as { Ajv2020: new (options: object) => Ajv };
  const addFormats = (fromRuntime("ajv-formats") as { default: (ajv: Ajv) => void }).default;
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allErrors: true });
  addFormats(ajv);
  return { compile: (schema) => ajv.compile(schema as object) };
}
