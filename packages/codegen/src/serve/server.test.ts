import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import { estimateToolListTokens } from "../budget/tokens.js";
import { toolDefinitionOf } from "../ir/tool-definition.js";
import type { ToolIR } from "../ir/types.js";
import { buildServer, type ExecutableTool } from "./server.js";

const info = { name: "synthetic", version: "1.0.0" };

function tool(i: number, group = `group${i % 7}`): ToolIR<null> {
  return {
    name: `operation_${i}`,
    description: `Does thing number ${i} to a resource of group ${group}.\n\nA longer explanation that real specs have.`,
    inputSchema: {
      type: "object",
      properties: { id: { type: "string", description: "The resource's id" }, limit: { type: "integer" } },
      required: ["id"],
    },
    outputSchema: { type: "object", properties: { ok: { type: "boolean" } } },
    annotations: { readOnlyHint: i % 2 === 0, openWorldHint: true },
    group,
    deprecated: false,
    origin: { file: "synthetic.yaml", pointer: `/paths/~1things~1${i}/get` },
    binding: null,
  };
}

const executable = (count: number): ExecutableTool[] =>
  Array.from({ length: count }, (_, i) => ({
    tool: tool(i),
    handler: (args) => ({ ok: true, called: `operation_${i}`, ...args }),
    keywords: [`GET /things/${i}`],
  }));

describe("buildServer", () => {
  it("serves one tool per IR tool, exactly as toolDefinitionOf defines it", async () => {
    const tools = executable(3);
    const built = buildServer(info, tools, { mode: "tools" });
    expect(built.mode).toBe("tools");
    const client = await createTestClient(built.builder, { era: "2026-07-28" });
    const listed = await client.listTools();
    expect(listed.tools).toEqual(
      tools.map(({ tool: t }) => {
        const { name, options } = toolDefinitionOf(t);
        return {
          name,
          description: options.description,
          inputSchema: options.input,
          outputSchema: options.output,
          annotations: { readOnlyHint: options.readOnly, openWorldHint: options.openWorld },
        };
      }),
    );
    // The estimate the CLI prints is the size of what the client really received.
    expect(built.toolListTokens).toBe(estimateToolListTokens(listed.tools));
    const result = await client.callTool({ name: "operation_1", arguments: { id: "a" } });
    expect(result.structuredContent).toEqual({ ok: true, called: "operation_1", id: "a" });
    await client.close();
  });

  it("auto serves plain tools up to the threshold and discovery above it", () => {
    expect(buildServer(info, executable(40)).mode).toBe("tools");
    expect(buildServer(info, executable(41)).mode).toBe("discovery");
    expect(buildServer(info, executable(41), { threshold: 41 }).mode).toBe("tools");
    expect(buildServer(info, executable(3), { mode: "discovery" }).mode).toBe("discovery");
  });

  it("selects toolsets by group, in both modes", async () => {
    const tools = executable(50);
    const plain = buildServer(info, tools, { toolsets: ["group1", "group3"] });
    expect(plain.mode).toBe("tools");
    expect(plain.operations).toBe(14);
    expect(plain.builder.build().tools.map((t) => t.name)).toEqual(
      tools.filter(({ tool: t }) => t.group === "group1" || t.group === "group3").map(({ tool: t }) => t.name),
    );

    const discovery = buildServer(info, tools, { mode: "discovery", toolsets: ["group2"] });
    const client = await createTestClient(discovery.builder, { era: "legacy" });
    const found = await client.callTool({ name: "search_operations", arguments: { limit: 100 } });
    const page = found.structuredContent as { total: number; operations: { group: string }[] };
    expect(page.total).toBe(7);
    expect(new Set(page.operations.map((hit) => hit.group))).toEqual(new Set(["group2"]));
    const outside = await client.callTool({
      name: "call_operation",
      arguments: { name: "operation_1", arguments: {} },
    });
    expect(outside.isError).toBe(true);
    await client.close();
  });

  it("names the toolsets there are when asked for one that is not", () => {
    expect(() => buildServer(info, executable(10), { toolsets: ["group1", "nope"] })).toThrow(
      /No toolset named "nope"\. Toolsets \(the source's groups, e\.g\. OpenAPI tags\): group0, group1, group2, group3, group4, group5, group6\./,
    );
  });

  it("keeps tools/list under 2,000 tokens in discovery mode for 12,000 operations", async () => {
    const built = buildServer(info, executable(12_000));
    expect(built.mode).toBe("discovery");
    expect(built.operations).toBe(12_000);
    const client = await createTestClient(built.builder, { era: "2026-07-28" });
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(["search_operations", "describe_operation", "call_operation"]);
    expect(estimateToolListTokens(listed.tools)).toBeLessThan(2_000);
    expect(built.toolListTokens).toBe(estimateToolListTokens(listed.tools));
    // The operations are all still there: the last one is found, described and called.
    const found = await client.callTool({ name: "search_operations", arguments: { query: "operation 11999" } });
    expect((found.structuredContent as { operations: { name: string }[] }).operations[0]?.name).toBe("operation_11999");
    const called = await client.callTool({
      name: "call_operation",
      arguments: { name: "operation_11999", arguments: { id: "x" } },
    });
    expect(called.structuredContent).toEqual({ ok: true, called: "operation_11999", id: "x" });
    await client.close();
  });

  it("refuses a threshold that is not a whole number", () => {
    expect(() => buildServer(info, executable(1), { threshold: -1 })).toThrow(/threshold must be a whole number/);
  });
});
