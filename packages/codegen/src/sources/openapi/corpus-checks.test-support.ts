/** What every tool of every corpus spec must satisfy to be accepted by MCP clients and the executor. */
import type { HttpOperation } from "@mcpsmith/runtime/http";
import { expect } from "vitest";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { toolNamePattern } from "../../names/tool-name.js";
import { checkSchemasCompile } from "./schema-check.test-support.js";

/** The checks every tool of every spec must pass; used by corpus.test.ts and msgraph.test.ts. */
export function checkTools(ir: OpenApiIR): void {
  const pattern = toolNamePattern();
  const names = new Set<string>();
  for (const tool of ir.tools) {
    expect(tool.name, tool.origin.pointer).toMatch(pattern);
    expect(names.has(tool.name.toLowerCase()), `${tool.name} is not unique`).toBe(false);
    names.add(tool.name.toLowerCase());
    expect(tool.inputSchema.type, tool.name).toBe("object");
    if (tool.outputSchema) expect(tool.outputSchema.type, tool.name).toBe("object");
    checkBinding(tool, ir);
  }
  checkSchemasCompile(ir);
}

function checkBinding(tool: ToolIR<HttpOperation>, ir: OpenApiIR): void {
  const { binding, inputSchema } = tool;
  const properties = Object.keys(inputSchema.properties ?? {});
  const arguments_ = [...binding.parameters.map((p) => p.argument), ...(binding.body ? [binding.body.argument] : [])];
  expect(arguments_.sort(), tool.name).toEqual([...properties].sort());
  for (const key of properties) expect(key, tool.name).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
  const pathNames = binding.parameters.filter((p) => p.in === "path").map((p) => p.name);
  for (const [, variable] of binding.path.matchAll(/\{([^{}]+)\}/g)) expect(pathNames, tool.name).toContain(variable);
  for (const name of binding.security.flat()) expect(Object.keys(ir.api.securitySchemes), tool.name).toContain(name);
}
