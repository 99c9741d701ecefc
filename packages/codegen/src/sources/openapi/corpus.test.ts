/**
 * Every real spec of the corpus loads, and every tool it gives is one MCP clients accept: a safe unique name, an
 * input schema with a root `type: "object"` that Ajv 2020 compiles (as the runtime does; see
 * schema-check.test-support.ts for how that stays fast), bindings that agree with
 * the schema. msgraph (11,422 operations) has its own test in msgraph.test.ts.
 */

import type { HttpOperation } from "@mcpsmith/runtime/http";
import { describe, expect, it } from "vitest";
import type { OpenApiIR, ToolIR } from "../../ir/types.js";
import { toolNamePattern } from "../../names/tool-name.js";
import { corpus } from "./corpus-path.test-support.js";
import { checkSchemasCompile } from "./schema-check.test-support.js";
import { loadOpenApi } from "./source.js";

/** Tools by default (deprecated operations skipped) and the deprecated operations skipped. */
const SPECS = [
  { file: "petstore-swagger2.json", tools: 19, deprecated: 1 },
  { file: "petstore3-oas30.yaml", tools: 19, deprecated: 0 },
  { file: "petstore-minimal-oas30.yaml", tools: 3, deprecated: 0 },
  { file: "webhook-example-oas31.yaml", tools: 0, deprecated: 0 },
  { file: "train-travel-oas31.yaml", tools: 7, deprecated: 0 },
  { file: "github-rest-oas30.json", tools: 1186, deprecated: 37 },
  { file: "kubernetes-1.13-swagger2.json", tools: 1014, deprecated: 0 },
  { file: "twilio-api-v2010.json", tools: 197, deprecated: 0 },
  { file: "openai-openapi.yaml", tools: 273, deprecated: 15 },
  { file: "slack-web-swagger2.json", tools: 174, deprecated: 0 },
  { file: "box-openapi.json", tools: 296, deprecated: 0 },
  { file: "asana-oas.yaml", tools: 247, deprecated: 0 },
  { file: "datadog-v1-oas30.yaml", tools: 170, deprecated: 65 },
  { file: "notion-openapi-from-notion-mcp-server.json", tools: 24, deprecated: 0 },
  { file: "digitalocean-multifile/specification/DigitalOcean-public.v2.yaml", tools: 639, deprecated: 20 },
];

/** The checks every tool of every spec must pass; exported for the msgraph test. */
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

describe.each(SPECS)("$file", ({ file, tools, deprecated }) => {
  it(`gives ${tools} tools that clients accept, ${deprecated} deprecated operations skipped with a warning`, async () => {
    const ir = await loadOpenApi(corpus(file));
    expect(ir.tools).toHaveLength(tools);
    expect(ir.warnings.filter((w) => w.message.startsWith("deprecated")).length).toBe(deprecated);
    checkTools(ir);
  }, 120_000);
});
