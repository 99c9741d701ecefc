import { describe, expect, it } from "vitest";
import { toolDefinitionOf } from "../../ir/tool-definition.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { writeWebDocument } from "../../sources/openapi/web-document.test-support.js";
import { PINNED_VERSIONS } from "../core/pinned-versions.test-support.js";
import { emitOpenApiProject } from "./project.js";

describe("an input schema too large to list, in a generated project", () => {
  it("is composed from the project's definitions and its loosened ones, written once", async () => {
    const ir = await loadOpenApi(writeWebDocument());
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
