import { createTestClient } from "@mcpsmith/runtime/testing";
import { describe, expect, it } from "vitest";
import { loadOpenApi } from "../sources/openapi/source.js";
import { writeWebDocument } from "../sources/openapi/web-document.test-support.js";
import { openApiServer } from "./openapi.js";

describe("an input schema too large to list, served", () => {
  it("is listed loosened, and a wrong argument deep inside is still refused naming its field", async () => {
    const ir = await loadOpenApi(writeWebDocument());
    const client = await createTestClient(openApiServer(ir, { mode: "tools" }).builder, { era: "2026-07-28" });
    try {
      const [tool] = (await client.listTools()).tools;
      const defs = tool!.inputSchema.$defs as Record<string, { description?: string }>;
      expect(defs.Sub00!.description).toMatch(/^A Sub00: its schema is not listed/);
      expect(JSON.stringify(tool!.inputSchema).length).toBeLessThan(
        JSON.stringify(ir.tools[0]!.inputSchema).length / 10,
      );
      const field = Object.keys(tool!.inputSchema.properties ?? {})[0]!;
      const result = await client.callTool({
        name: "createThing",
        arguments: { [field]: { entity: { sub00: { label: 42 } } } },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(`${field}.entity.sub00.label`);
    } finally {
      await client.close();
    }
  });
});
