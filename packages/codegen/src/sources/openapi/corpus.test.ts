/**
 * Every real spec of the corpus loads, and every tool it gives is one MCP clients accept: a safe unique name, an
 * input schema with a root `type: "object"` that Ajv 2020 compiles (as the runtime does; see
 * schema-check.test-support.ts for how that stays fast), bindings that agree with
 * the schema. msgraph (11,422 operations) has its own test in msgraph.test.ts.
 */
import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { checkTools } from "./corpus-checks.test-support.js";
import { loadOpenApi } from "./source.js";

/** Tools by default (deprecated operations skipped) and the deprecated operations skipped. */
const SPECS = [
  { file: "petstore-swagger2.json", tools: 19, deprecated: 1 },
  { file: "petstore3-oas30.yaml", tools: 19, deprecated: 0 },
  { file: "petstore-minimal-oas30.yaml", tools: 3, deprecated: 0 },
  { file: "webhook-example-oas31.yaml", tools: 0, deprecated: 0 },
  { file: "ferry-booking-oas31.yaml", tools: 7, deprecated: 0 },
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

describe.each(SPECS)("$file", ({ file, tools, deprecated }) => {
  it(`gives ${tools} tools that clients accept, ${deprecated} deprecated operations skipped with a warning`, async () => {
    const ir = await loadOpenApi(corpusFile(`openapi/${file}`));
    expect(ir.tools).toHaveLength(tools);
    expect(ir.warnings.filter((w) => w.message.startsWith("deprecated")).length).toBe(deprecated);
    checkTools(ir);
  }, 120_000);
});
