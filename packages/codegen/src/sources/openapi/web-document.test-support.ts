import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A document whose one operation's body reaches 40 subtypes of 7 KB each through its entity's refs: an input schema
 * over the listing limit (ir/listed-input.ts), like Microsoft Graph's. Written to a temporary file; its path.
 */
export function writeWebDocument(): string {
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
  for (const name of subtypes) {
    schemas[name] = { type: "object", description: "x".repeat(7000), properties: { label: { type: "string" } } };
  }
  const document = {
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
  const file = join(mkdtempSync(join(tmpdir(), "mcpsmith-web-")), "web.json");
  writeFileSync(file, JSON.stringify(document));
  return file;
}
