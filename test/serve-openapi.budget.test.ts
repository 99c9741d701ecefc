// The discovery promise, on every real document in the corpus: whatever the number of operations (msgraph's
// 11,412 included), the tools/list a client receives in discovery mode stays under 2,000 tokens, every operation
// can still be found, and the largest input schema can still be read. Code mode's two tools stay under 1,000. Reading msgraph takes long on a busy machine,
// hence the long timeout (bench/README.md, "What the slow tests wait for").

import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { estimateToolListTokens } from "../packages/codegen/dist/index.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { createTestClient } from "./support/runtime.js";

const SPECS = [
  "petstore-minimal-oas30.yaml",
  "petstore3-oas30.yaml",
  "petstore-swagger2.json",
  "ferry-booking-oas31.yaml",
  "notion-openapi-from-notion-mcp-server.json",
  "slack-web-swagger2.json",
  "twilio-api-v2010.json",
  "datadog-v1-oas30.yaml",
  "asana-oas.yaml",
  "openai-openapi.yaml",
  "box-openapi.json",
  "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml",
  "kubernetes-1.13-swagger2.json",
  "github-rest-oas30.json",
  "msgraph-v1-apisguru.json",
];

type CorpusTool = Awaited<ReturnType<typeof loadOpenApi>>["tools"][number];

/**
 * The tool with the most definitions, then the largest root. Sizes are measured without serialising the `$defs`:
 * an msgraph tool carries more than a thousand of them, and serialising every tool's took minutes.
 */
function largestInputSchema(tools: readonly CorpusTool[]): CorpusTool | undefined {
  const size = ({ inputSchema: { $defs, ...root } }: CorpusTool) => ({
    definitions: Object.keys($defs ?? {}).length,
    root: JSON.stringify(root).length,
  });
  const sized = tools.map((tool) => ({ tool, ...size(tool) }));
  sized.sort((a, b) => b.definitions - a.definitions || b.root - a.root);
  return sized[0]?.tool;
}

describe("discovery mode's tools/list on every corpus document", () => {
  it.each(SPECS)(
    "%s: under 2,000 tokens, every operation findable, the largest schema readable",
    { timeout: 900_000 },
    async (spec) => {
      const ir = await loadOpenApi(corpusFile(`openapi/${spec}`));
      const built = openApiServer(ir, { mode: "discovery" });
      const client = await createTestClient(built.builder, { era: "2026-07-28" });
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
        expect(estimateToolListTokens(tools)).toBeLessThan(2_000);
        expect(built.toolListTokens).toBe(estimateToolListTokens(tools));
        const all = await client.callTool({ name: "search_operations", arguments: { limit: 1 } });
        expect((all.structuredContent as { total: number }).total).toBe(ir.tools.length);
        // The largest input schema can be read whole: at once, or in parts when it is too large for one result.
        const largest = largestInputSchema(ir.tools);
        if (largest) {
          const described = await client.callTool({ name: "describe_operation", arguments: { name: largest.name } });
          expect(described.isError).toBeFalsy();
          const first = described.structuredContent as { inputSchema: object; definitions?: string[] };
          if (first.definitions === undefined) expect(first.inputSchema).toEqual(largest.inputSchema);
          else {
            const { $defs, ...root } = largest.inputSchema;
            expect(first.inputSchema).toEqual(root);
            expect(first.definitions).toEqual(Object.keys($defs ?? {}));
            const one = first.definitions[0]!;
            const part = await client.callTool({
              name: "describe_operation",
              arguments: { name: largest.name, definitions: [one] },
            });
            expect(part.structuredContent).toEqual({ name: largest.name, definitions: { [one]: $defs?.[one] } });
          }
        }
      } finally {
        await client.close();
      }
      const code = openApiServer(ir, { mode: "code" });
      const codeClient = await createTestClient(await code.target(), { era: "2026-07-28" });
      try {
        const { tools } = await codeClient.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(["search_api", "execute"]);
        expect(estimateToolListTokens(tools)).toBeLessThan(1_000);
        expect(code.toolListTokens).toBe(estimateToolListTokens(tools));
        expect(tools[1]?.description).toContain("search_api gives their types.");
      } finally {
        await codeClient.close();
      }
    },
  );
});
