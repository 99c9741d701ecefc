import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../../pipelines/database.js";
import { loadOpenApi } from "../../sources/openapi/source.js";
import { emitDatabaseProject } from "../database/project.js";
import { emitOpenApiProject } from "../openapi/project.js";
import { PINNED_VERSIONS } from "./pinned-versions.test-support.js";
import { type EmittedProject, GENERATED_DIR, generatedHeader, generatedPart } from "./project.js";
import { writeProject } from "./write-project.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const serverInfo = { name: "acme", version: "1.0.0" };

async function sources() {
  const api = emitOpenApiProject(await loadOpenApi(corpusFile("openapi/petstore3-oas30.yaml")), {
    spec: "petstore.yaml",
    mode: "tools",
    serverInfo,
    versions: PINNED_VERSIONS,
  });
  const shop = emitDatabaseProject(
    await loadDatabaseIR(corpusFile("sql/chinook.sqlite"), { source: { tables: ["Artist"] } }),
    { source: "./chinook.sqlite", serverInfo, versions: PINNED_VERSIONS, exampleConnection: "", mode: "tools" },
  );
  return { api, shop };
}

/**
 * What an emitter composing several sources does with the core alone: each source's generated files in a folder of
 * its own, an index of its own beside them, and the packages and variables the sources need, gathered.
 */
function compose(parts: Record<string, EmittedProject>): EmittedProject {
  const generated = new Map<string, string>();
  for (const [key, part] of Object.entries(parts))
    for (const entry of generatedPart(part, key)) generated.set(...entry);
  const imports = Object.keys(parts).map((key) => `export * as ${key} from "./${key}/index.js";`);
  generated.set(`${GENERATED_DIR}/index.ts`, `${generatedHeader("mcpsmith.config.json")}\n${imports.join("\n")}\n`);
  const needs = Object.values(parts).map((part) => part.needs);
  return {
    generated,
    scaffold: new Map([["README.md", "# acme\n"]]),
    needs: {
      dependencies: Object.assign({}, ...needs.map((need) => need.dependencies)),
      variables: needs.flatMap((need) => need.variables),
    },
  };
}

describe("a project composed of the projects of several sources", () => {
  it("holds each source's generated files as that source alone emits them, in a folder of its own", async () => {
    const { api, shop } = await sources();
    const composed = compose({ api, shop });
    for (const [key, part] of Object.entries({ api, shop })) {
      for (const [path, content] of part.generated) {
        expect(composed.generated.get(path.replace(`${GENERATED_DIR}/`, `${GENERATED_DIR}/${key}/`))).toBe(content);
      }
    }
    expect(composed.generated.size).toBe(api.generated.size + shop.generated.size + 1);
    expect(composed.needs.dependencies).toEqual(shop.needs.dependencies);
    expect(composed.needs.variables.map((variable) => variable.name)).toEqual([
      ...api.needs.variables.map((variable) => variable.name),
      "DATABASE_URL",
    ]);
  });

  it("is written and rewritten by the one project writer, which removes a source's files once it is gone", async () => {
    const { api, shop } = await sources();
    const out = join(mkdtempSync(join(tmpdir(), "mcpsmith-compose-")), "acme");
    dirs.push(join(out, ".."));
    const write = { entry: { kind: "config", inputs: [], options: {} }, source: "a configuration", force: false };
    const first = writeProject(out, compose({ api, shop }), write);
    expect(first.written).toContain(join(out, GENERATED_DIR, "shop", "database.ts"));
    const second = writeProject(out, compose({ api }), write);
    expect(second.removed.sort()).toEqual(
      [...shop.generated.keys()]
        .map((path) => join(out, path.replace(`${GENERATED_DIR}/`, `${GENERATED_DIR}/shop/`)))
        .sort(),
    );
    expect(existsSync(join(out, GENERATED_DIR, "api", "index.ts"))).toBe(true);
    expect(readFileSync(join(out, GENERATED_DIR, "index.ts"), "utf8")).not.toContain("shop");
  });
});
