/**
 * What a host's context pays for mcpsmith's tools: the spec lowered to the IR and built into the server exactly
 * as `mcpsmith serve openapi SPEC --mode discovery` builds it (`openApiServer`), then listed by the official MCP
 * client (`createTestClient`, the 2025-11-25 handshake over an in-memory pair). The `tools/list` result the client
 * received is measured with codegen's estimate (characters / 4, the figure `mcpsmith` prints). For scale, the same
 * estimate of plain tools mode (one tool per operation), computed from the IR's tools as tools/list would carry
 * them (building and listing 11,000 tools would only add minutes to msgraph's run).
 *
 *   node bench/dist/openapi/discovery-worker.js SPEC   # prints a DiscoveryResult as JSON
 */

import { fileURLToPath, pathToFileURL } from "node:url";
import { createTestClient } from "@mcpsmith/runtime/testing";
import type * as Codegen from "../../packages/codegen/dist/index.js";
import type * as ListedInput from "../../packages/codegen/dist/ir/listed-input.js";
import type * as Serve from "../../packages/codegen/dist/serve/index.js";
import type * as OpenApi from "../../packages/codegen/dist/sources/openapi/index.js";

export interface DiscoveryResult {
  operations: number;
  /** Tools in the discovery-mode tools/list and its estimated tokens, as the client received it. */
  discoveryTools: number;
  discoveryTokens: number;
  discoveryBytes: number;
  /** Estimated tokens of the tools/list in plain tools mode (every operation a tool), from the IR. */
  toolsModeTokens: number;
}

const dist = (path: string) =>
  pathToFileURL(fileURLToPath(new URL(`../../../packages/codegen/dist/${path}`, import.meta.url))).href;

const spec = process.argv[2];
if (!spec) {
  process.stderr.write("usage: discovery-worker.js SPEC\n");
  process.exit(2);
}
const [{ CHARS_PER_TOKEN, estimateToolListTokens }, { openApiServer }, { loadOpenApi }, { listedInputSchema }] =
  (await Promise.all([
    import(dist("index.js")),
    import(dist("serve/index.js")),
    import(dist("sources/openapi/index.js")),
    import(dist("ir/listed-input.js")),
  ])) as [typeof Codegen, typeof Serve, typeof OpenApi, typeof ListedInput];

/**
 * `estimateToolListTokens` of every IR tool as tools/list carries it, summed tool by tool: msgraph's whole list is
 * more JSON than V8 can hold in one string (over 512 MB).
 */
function toolsModeTokensOf(tools: Awaited<ReturnType<typeof loadOpenApi>>["tools"]): number {
  let characters = '{"tools":[]}'.length + Math.max(0, tools.length - 1);
  for (const tool of tools) {
    const listed = {
      name: tool.name,
      ...(tool.title !== undefined && { title: tool.title }),
      description: tool.description,
      // An input schema too large to list is listed loosened (ir/listed-input.ts), as a server lists it.
      inputSchema: listedInputSchema(tool.inputSchema) ?? tool.inputSchema,
      ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema }),
      annotations: tool.annotations,
    };
    characters += JSON.stringify(listed).length;
  }
  return Math.ceil(characters / CHARS_PER_TOKEN);
}

const ir = await loadOpenApi(spec);
const discovery = openApiServer(ir, { mode: "discovery" });
const client = await createTestClient(discovery.builder, { era: "legacy" });
const { tools } = await client.listTools();
await client.close();
const result: DiscoveryResult = {
  operations: discovery.operations,
  discoveryTools: tools.length,
  discoveryTokens: estimateToolListTokens(tools),
  discoveryBytes: Buffer.byteLength(JSON.stringify({ tools })),
  toolsModeTokens: toolsModeTokensOf(ir.tools),
};
process.stdout.write(JSON.stringify(result));
