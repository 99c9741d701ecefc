import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { openApiServerDefinition } from "../../serve/openapi-identity.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { PINNED_VERSIONS } from "./pinned-versions.test-support.js";
import { CODE_TEMPLATE_DIRS, type PrecompiledTemplate, templatesRoot } from "./templates.js";

// What the build (scripts/precompile-templates.mjs) wrote: the CLI renders from it, these tests from src/ compile
// templates at run time, so the two paths are held to the same files here.
const BUILT = fileURLToPath(new URL("../../../dist/emit/core/templates.precompiled.cjs", import.meta.url));
function codeTemplates(): string[] {
  const root = templatesRoot();
  return CODE_TEMPLATE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".hbs"))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  ).sort();
}

describe("the build's precompiled templates", () => {
  it("hold every code template, compiled from its current text", () => {
    const precompiled = createRequire(import.meta.url)(BUILT) as Record<string, PrecompiledTemplate>;
    expect(Object.keys(precompiled).sort()).toEqual(codeTemplates());
    for (const [path, { source }] of Object.entries(precompiled)) {
      expect(source, path).toBe(readFileSync(join(templatesRoot(), path), "utf8"));
    }
  });

  it("render the reviewed petstore project, as templates compiled at run time do", async () => {
    const built = (await import("../../../dist/emit/openapi/project.js")) as typeof import("../openapi/project.js");
    const ir = await loadOpenApi(corpusFile("openapi/petstore3-oas30.yaml"));
    const project = built.emitOpenApiProject(ir, {
      spec: "petstore3-oas30.yaml",
      mode: "auto",
      serverInfo: openApiServerDefinition(ir),
      versions: PINNED_VERSIONS,
    });
    for (const [path, content] of [...project.scaffold, ...project.generated]) {
      await expect(content).toMatchFileSnapshot(`../openapi/__snapshots__/petstore3-oas30/${path}.snap`);
    }
  });
});
