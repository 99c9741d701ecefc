import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { openApiServer } from "../../serve/openapi.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { PINNED_VERSIONS } from "../core/pinned-versions.test-support.js";
import { emitOpenApiProject } from "./project.js";

async function emit(file: string) {
  const ir = await loadOpenApi(corpusFile(`openapi/${file}`));
  const { info } = openApiServer(ir).builder.build();
  return emitOpenApiProject(ir, { spec: file, mode: "auto", serverInfo: info, versions: PINNED_VERSIONS });
}

// Golden files: every file of the project, compared with the reviewed copies in __snapshots__/<document>/.
// After an intended change, `npx vitest run -u` rewrites them; review the diff like any code change.
describe.each(["petstore3-oas30.yaml", "petstore-swagger2.json"])("the project emitted for %s", (file) => {
  it("matches the reviewed files", async () => {
    const project = await emit(file);
    const stem = file.replace(/\.(ya?ml|json)$/, "");
    for (const [path, content] of [...project.scaffold, ...project.generated]) {
      await expect(content).toMatchFileSnapshot(`__snapshots__/${stem}/${path}.snap`);
    }
  });

  it("is the same on every run, with nothing from the clock or the machine", async () => {
    const [first, second] = [await emit(file), await emit(file)];
    expect(second).toEqual(first);
    const all = [...first.scaffold.values(), ...first.generated.values()].join("\n");
    expect(all).not.toContain(new Date().toISOString().slice(0, 10));
    expect(all).not.toMatch(/\/tmp\/|\/work\/|\/home\//);
  });

  it("writes src/generated/ anew each run and everything else only once", async () => {
    const project = await emit(file);
    expect([...project.generated.keys()].every((path) => path.startsWith("src/generated/"))).toBe(true);
    expect([...project.scaffold.keys()].some((path) => path.startsWith("src/generated/"))).toBe(false);
    expect([...project.scaffold.keys()]).toEqual(
      expect.arrayContaining(["src/main.ts", "src/overrides.ts", "README.md", ".env.example", "package.json"]),
    );
  });
});

describe("emitted names", () => {
  it("gives each tag its own file and class, and the document's tool order to index.ts", async () => {
    const project = await emit("petstore3-oas30.yaml");
    expect([...project.generated.keys()]).toEqual([
      "src/generated/api.ts",
      "src/generated/definitions.ts",
      "src/generated/pet.ts",
      "src/generated/store.ts",
      "src/generated/user.ts",
      "src/generated/index.ts",
      "src/generated/mock-api.ts",
      "src/generated/tools.test.ts",
    ]);
    const index = project.generated.get("src/generated/index.ts")!;
    expect(index).toContain("export const TOOL_CLASSES = { pet: PetTools, store: StoreTools, user: UserTools };");
    expect(project.scaffold.get(".env.example")).toContain("PETSTORE_API_KEY=");
  });
});
