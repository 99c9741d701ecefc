// GitHub's REST description (1,223 operations, 1,186 selected: deprecated ones skipped) generated as a project and
// type-checked with tsc --strict. Peers' generated TypeScript for this document fails with TS2590 ("union type too
// complex"); ours types each schema as `JsonSchema` and each operation table with `satisfies`, so it must pass.
// Slow by nature: tsc reads megabytes of schemas (bench/README.md, "What the slow tests wait for").

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../packages/cli/src/test-support.js";
import { ROOT } from "./support/servers.js";

const GITHUB = corpusFile("openapi/github-rest-oas30.json");
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-github-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe("generate openapi on GitHub's REST API", () => {
  it("writes one file per tag and type-checks under tsc --strict", async () => {
    const generated = await runCli(["generate", "openapi", GITHUB, "--out", "github"], { cwd: workspace });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^1,186 tools; tools\/list ≈ [\d,]+ tokens$/m);

    const project = join(workspace, "github");
    const groups = readdirSync(join(project, "src/generated")).filter(
      (name) => !["api.ts", "definitions.ts", "index.ts", "mock-api.ts", "tools.test.ts"].includes(name),
    );
    expect(groups.length).toBeGreaterThan(40);
    expect(groups).toEqual(expect.arrayContaining(["repos.ts", "issues.ts", "pulls.ts", "actions.ts"]));

    mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
    mkdirSync(join(project, "node_modules/@types"), { recursive: true });
    symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
    symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
    symlinkSync(join(ROOT, "node_modules/vitest"), join(project, "node_modules/vitest"), "dir");
    const tsc = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], {
      cwd: project,
      encoding: "utf8",
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
  }, 600_000);
});
