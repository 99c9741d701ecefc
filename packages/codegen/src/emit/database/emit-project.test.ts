import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { loadDatabaseIR } from "../../pipelines/database.js";
import { databaseServerDefinition } from "../../serve/database-identity.js";
import { PINNED_VERSIONS } from "../core/pinned-versions.test-support.js";
import { emitDatabaseProject } from "./project.js";

/** Chinook's artists, albums and tracks, writes on artists: every kind of tool, in files a person can review. */
async function emit() {
  const ir = await loadDatabaseIR(corpusFile("sql/chinook.sqlite"), {
    source: { tables: ["Artist", "Album", "Track"] },
    tools: { writes: ["Artist"] },
  });
  const { name, version } = databaseServerDefinition(ir);
  return emitDatabaseProject(ir, {
    source: "./chinook.sqlite",
    serverInfo: { name, version, title: name },
    versions: PINNED_VERSIONS,
    exampleConnection: "sqlite:./chinook.sqlite",
    mode: "tools",
  });
}

// Golden files, as for the OpenAPI emitter: after an intended change, `npx vitest run -u` rewrites them; review the
// diff like any code change.
describe("the project emitted for a database", () => {
  it("matches the reviewed files", async () => {
    const project = await emit();
    for (const [path, content] of [...project.scaffold, ...project.generated]) {
      await expect(content).toMatchFileSnapshot(`__snapshots__/chinook-sqlite/${path}.snap`);
    }
  });

  it("is the same on every run, and says what it needs from the project around it", async () => {
    const [first, second] = [await emit(), await emit()];
    expect(second).toEqual(first);
    expect(first.needs).toEqual({
      dependencies: {},
      optionalDependencies: { "better-sqlite3": expect.any(String) },
      variables: [{ name: "DATABASE_URL", description: expect.any(String), value: "sqlite:./chinook.sqlite" }],
    });
    const packageJson = JSON.parse(first.scaffold.get("package.json")!);
    expect(packageJson.optionalDependencies).toEqual(first.needs.optionalDependencies);
  });
});
