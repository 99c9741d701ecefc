// Start-up in `--mode tools`, document by document: the serve back end builds one tool per operation, the official
// client lists every page of tools/list, and one argument of the wrong type is refused naming its field (Ajv compiles
// a tool's validator at its first call, so this also compiles one). Stripe's document, whose responses reach the
// whole document through `$ref` cycles, is in the list because it is the one that once never answered tools/list.
//
// The time limit guards against an order-of-magnitude regression, not against a slow machine: it is computed from
// the document's size, about ten times what start-up takes on a loaded 2-core machine (bench/README.md, "Start-up in
// --mode tools", measures the real figures). Reading the document (loadOpenApi) is not counted: discovery mode
// reads it too.

import { statSync } from "node:fs";
import { corpusFile } from "@mcpsmith/corpus";
import { expect } from "vitest";
import type { ToolIR } from "../packages/codegen/dist/ir/types.js";
import { openApiServer } from "../packages/codegen/dist/serve/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { createTestClient } from "./support/runtime.js";

/** Ten seconds, and ten more for each MB of the document as read (GitHub's 13 MB: 140 s). */
export function startupLimitMs(documentBytes: number): number {
  return 10_000 + (10_000 * documentBytes) / 1_000_000;
}

export async function expectToolsModeStartup(spec: string): Promise<void> {
  const path = corpusFile(`openapi/${spec}`);
  const ir = await loadOpenApi(path);
  const started = performance.now();
  const built = openApiServer(ir, { mode: "tools" });
  const client = await createTestClient(built.builder, { era: "2026-07-28" });
  try {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const elapsed = performance.now() - started;
    expect(names).toEqual(ir.tools.map((tool) => tool.name));
    expect(elapsed).toBeLessThan(startupLimitMs(statSync(path).size));

    const target = toolWithStringArgument(ir.tools);
    if (target) {
      const result = await client.callTool({ name: target.tool.name, arguments: { [target.field]: 12345 } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(target.field);
    }
  } finally {
    await client.close();
  }
}

/** The first tool with a top-level string argument, to call with a number in its place. */
function toolWithStringArgument(
  tools: readonly ToolIR<unknown>[],
): { tool: ToolIR<unknown>; field: string } | undefined {
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    const field = Object.keys(properties).find((name) => properties[name]?.type === "string");
    if (field !== undefined) return { tool, field };
  }
  return undefined;
}
