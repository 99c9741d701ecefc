// `mcpsmith generate db` end to end on the Chinook SQLite database: the CLI writes the project, its dependencies are
// linked from this workspace (offline), it type-checks under tsc --strict, its own tests run against the database,
// it lists exactly the tools `mcpsmith serve db` lists for the same source, a second generation is byte-identical,
// and `mcpsmith generate` with no arguments regenerates from mcpsmith.json keeping the user's files.

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateToolListTokens } from "../packages/codegen/dist/index.js";
import { serveDatabase } from "../packages/codegen/dist/pipelines/database.js";
import { filesUnder, linkDependencies } from "./support/generated-project.js";
import { createTestClient, type ServeTarget } from "./support/runtime.js";
import { ROOT } from "./support/servers.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const workspace = mkdtempSync(join(tmpdir(), "dbserve-generate-"));
const CHINOOK = join(workspace, "chinook.sqlite");
const project = join(workspace, "chinook-mcp");
copyFileSync(corpusFile("sql/chinook.sqlite"), CHINOOK);
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const { FORCE_COLOR: _color, ...inherited } = process.env;
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...inherited, NO_COLOR: "1", ...env } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const cli = (args: string[], cwd: string) => run(process.execPath, [BIN, ...args], cwd);
const bin = (name: string) => join(ROOT, "node_modules/.bin", name);

describe("mcpsmith generate db chinook.sqlite", () => {
  beforeAll(() => {
    const generated = cli(["generate", "db", "chinook.sqlite", "--out", "chinook-mcp", "--max-rows", "500"], workspace);
    expect(generated.code, generated.output).toBe(0);
    expect(generated.output).toMatch(/24 tools, 11 resources; tools\/list ≈ [\d,]+ tokens/);
    linkDependencies(project);
  }, 60_000);

  it("writes a class per schema, the database literal, typed rows, README, .env.example and the manifest", () => {
    const files = [...filesUnder(project).keys()].sort();
    expect(files).toEqual([
      ".env.example",
      ".gitignore",
      "README.md",
      "mcpsmith.json",
      "package.json",
      "src/generated/chinook.ts",
      "src/generated/database.ts",
      "src/generated/index.ts",
      "src/generated/main.ts",
      "src/generated/tools.test.ts",
      "src/main.ts",
      "src/overrides.ts",
      "tsconfig.build.json",
      "tsconfig.json",
      "vitest.config.ts",
    ]);
    const manifest = JSON.parse(readFileSync(join(project, "mcpsmith.json"), "utf8"));
    expect(manifest.generate).toEqual([
      { kind: "db", inputs: ["../chinook.sqlite"], options: { "max-rows": "500", out: "." } },
    ]);
    expect(readFileSync(join(project, ".env.example"), "utf8")).toContain("DATABASE_URL=sqlite:../chinook.sqlite");
    expect(readFileSync(join(project, "src/generated/main.ts"), "utf8")).toContain("export interface AlbumRow {");
    const pkg = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies)).toEqual(["@mcpsmith/runtime"]);
    expect(pkg.optionalDependencies).toEqual({ "better-sqlite3": "12.9.0" });
  });

  it("type-checks under tsc --strict", () => {
    const tsc = run(bin("tsc"), ["--noEmit", "-p", "."], project);
    expect(tsc.output).toBe("");
    expect(tsc.code).toBe(0);
  }, 120_000);

  it("passes its own tests against the database", () => {
    const vitest = run(bin("vitest"), ["run"], project, { DATABASE_URL: `sqlite:${CHINOOK}` });
    expect(vitest.code, vitest.output).toBe(0);
    expect(vitest.output).toMatch(/Tests\s+13 passed/);
  }, 120_000);

  it("lists the same tools and resources as mcpsmith serve db", async () => {
    const generated = (await import(join(project, "src/generated/index.ts"))) as {
      createExecutor(options: { connection: string }): { close(): Promise<void> };
      createServer(options: { executor: unknown }): ServeTarget;
    };
    const executor = generated.createExecutor({ connection: `sqlite:${CHINOOK}` });
    const served = await serveDatabase(CHINOOK, {
      tools: { maxRows: 500 },
      serve: { executor: { connection: CHINOOK } },
    });
    const fromProject = await createTestClient(generated.createServer({ executor }));
    const fromServe = await createTestClient(served.build.builder);
    try {
      const listed = await fromProject.listTools();
      expect(listed.tools.length).toBe(24);
      expect(listed).toEqual(await fromServe.listTools());
      expect(await fromProject.listResources()).toEqual(await fromServe.listResources());
      const call = { name: "get_Track", arguments: { TrackId: 3 } };
      // Each server fences its text block with a nonce of its own: the rows are what must agree.
      const [one, other] = [await fromProject.callTool(call), await fromServe.callTool(call)];
      expect(one.isError).toBeFalsy();
      expect(one.structuredContent).toEqual(other.structuredContent);
    } finally {
      await fromProject.close();
      await fromServe.close();
      await executor.close();
      await served.executor.close();
    }
  });

  it("serves in code mode as mcpsmith serve db --mode code does", async () => {
    const generated = (await import(join(project, "src/generated/index.ts"))) as {
      createExecutor(options: { connection: string }): { close(): Promise<void> };
      createServer(options: { executor: unknown; mode: "code" }): ServeTarget;
    };
    const executor = generated.createExecutor({ connection: `sqlite:${CHINOOK}` });
    const served = await serveDatabase(CHINOOK, {
      tools: { maxRows: 500, mode: "code" },
      serve: { executor: { connection: CHINOOK } },
    });
    const fromProject = await createTestClient(generated.createServer({ executor, mode: "code" }));
    const fromServe = await createTestClient(await served.build.target());
    try {
      const listed = await fromProject.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(["search_api", "execute"]);
      expect(listed).toEqual(await fromServe.listTools());
      expect(served.build.toolListTokens).toBe(estimateToolListTokens(listed.tools));
      const call = {
        name: "execute",
        arguments: { code: "const t = await api.get_Track({ TrackId: 3 }); return [t.Name, t.Album.Title]" },
      };
      const [one, other] = [await fromProject.callTool(call), await fromServe.callTool(call)];
      expect(one.structuredContent).toEqual({ result: ["Fast As a Shark", "Restless and Wild"], logs: [] });
      expect(other.structuredContent).toEqual(one.structuredContent);
    } finally {
      await fromProject.close();
      await fromServe.close();
      await executor.close();
      await served.executor.close();
    }
  });

  it("writes the same bytes again, and regenerates from mcpsmith.json keeping the user's files", () => {
    const again = cli(["generate", "db", "chinook.sqlite", "--out", "again", "--max-rows", "500"], workspace);
    expect(again.code, again.output).toBe(0);
    const first = filesUnder(project);
    const second = filesUnder(join(workspace, "again"));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [path, content] of first) {
      if (path === "mcpsmith.json" || path === ".env.example" || path.startsWith("src/generated")) {
        expect(second.get(path), path).toBe(content);
      }
    }

    const overrides = join(project, "src/overrides.ts");
    writeFileSync(overrides, `${readFileSync(overrides, "utf8")}// mine\n`);
    const regenerated = cli(["generate"], project);
    expect(regenerated.code, regenerated.output).toBe(0);
    expect(readFileSync(overrides, "utf8")).toMatch(/\/\/ mine\n$/);
    expect(filesUnder(project).get("src/generated/index.ts")).toBe(first.get("src/generated/index.ts"));
  }, 60_000);
});
