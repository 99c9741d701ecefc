/**
 * Stand-in for `mcpsmith generate openapi` until its emitter is built: the OpenAPI source alone (read, bundle,
 * lower to the IR: every tool's name, schemas and HTTP binding), in one process, as the generator will run it.
 * Prints what it produced as JSON. Labelled "source -> IR" wherever its figures are shown.
 *
 *   node bench/dist/openapi/ir-worker.js SPEC
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as OpenApi from "../../packages/codegen/dist/sources/openapi/index.js";

const entry = fileURLToPath(new URL("../../../packages/codegen/dist/sources/openapi/index.js", import.meta.url));

const spec = process.argv[2];
if (!spec) {
  process.stderr.write("usage: ir-worker.js SPEC\n");
  process.exit(2);
}
const { loadOpenApi } = (await import(pathToFileURL(entry).href)) as typeof OpenApi;
const ir = await loadOpenApi(spec);
process.stdout.write(JSON.stringify({ tools: ir.tools.length, warnings: ir.warnings.length }));
