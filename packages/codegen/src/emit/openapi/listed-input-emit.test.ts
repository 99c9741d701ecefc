import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolDefinitionOf } from "../../ir/tool-definition.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { PINNED_VERSIONS } from "./pinned-versions.test-support.js";
import { emitOpenApiProject } from "./project.js";

/** A body reaching 40 subtypes of 7 KB each through its base's refs: over the listing limit, like Microsoft Graph's. */
function webDocument(): object {
  const subtypes = Array.from({ length: 40 }, (_, index) => `Sub${String(index).padStart(2, "0")}`);
  const schemas: Record<string, object> = {
    Body: { type: "object", properties: { entity: { $ref: "#/components/schemas/Entity" } } },
    Entity: {
      type: "object",
      properties: Object.fromEntries(
        subtypes.map((name) => [name.toLowerCase(), { $ref: `#/components/schemas/${name}` }]),
      ),
    },
  };
  for (const name of subtypes) schemas[name] = { type: "object", description: "x".repeat(7000) };
  return {
    openapi: "3.0.3",
    info: { title: "Web", version: "1" },
    servers: [{ url: "https://example.test" }],
    paths: {
      "/things": {
        post: {
          operationId: "createThing",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Body" } } } },
          responses: { "204": { description: "done" } },
        },
      },
    },
    components: { schemas },
  };
}

describe("an input schema too large to list, in a generated project", () => {
  it("is composed from the project's definitions and its loosened ones, written once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcpsmith-listed-"));
    const file = join(dir, "web.json");
    writeFileSync(file, JSON.stringify(webDocument()));
    const ir = await loadOpenApi(file);
    const listed = toolDefinitionOf(ir.tools[0]!).options.listedInput;
    expect(listed?.$defs).toMatchObject({ Body: ir.tools[0]!.inputSchema.$defs!.Body, Sub00: { type: "object" } });
    const project = emitOpenApiProject(ir, {
      spec: "web.json",
      mode: "tools",
      serverInfo: { name: "web", version: "1" },
      versions: PINNED_VERSIONS,
    });
    const group = project.generated.get("src/generated/default.ts")!;
    expect(group).toContain("const CREATE_THING_LISTED_INPUT = listedInputSchema(");
    expect(group).toContain("listedInput: CREATE_THING_LISTED_INPUT");
    const definitions = project.generated.get("src/generated/definitions.ts")!;
    expect(definitions).toContain("const LOOSE_DEFINITIONS: Record<string, JsonSchema> = {");
    expect(definitions.match(/A Sub00: its schema is not listed/g)).toHaveLength(1);
  });
});
