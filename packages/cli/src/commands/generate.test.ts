import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-support.js";

const dir = mkdtempSync(join(tmpdir(), "mcpsmith-generate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mcpsmith generate", () => {
  it("says there is nothing to regenerate without mcpsmith.json, and how to start", async () => {
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Nothing to regenerate: ${dir} has no mcpsmith.json with a "generate" entry.`);
    expect(result.stderr).toContain("mcpsmith generate ts src/tools.ts");
  });

  it("names the kinds when given an unknown one", async () => {
    const result = await runCli(["generate", "graphql", "schema.graphql"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no generator of kind "graphql". Kinds: ts, openapi, db.');
  });

  it("refuses options without a kind", async () => {
    const result = await runCli(["generate", "--out", "x.ts"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Options go with a kind");
  });

  it("refuses a manifest it cannot read, naming the file", async () => {
    const broken = mkdtempSync(join(dir, "broken-"));
    writeFileSync(join(broken, "mcpsmith.json"), "{");
    const result = await runCli(["generate"], { cwd: broken });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("E_MANIFEST_INVALID");
    expect(result.stderr).toContain(`${broken}/mcpsmith.json is not valid JSON`);
  });

  it("reports a generator error as the user's to fix, with its location", async () => {
    const project = mkdtempSync(join(dir, "project-"));
    writeFileSync(join(project, "tools.ts"), "/** Hidden. @tool */\nfunction hidden() {}\n");
    const result = await runCli(["generate", "ts", "tools.ts"], { cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "E_ANNOTATION_INVALID: tools.ts:2:10: the function hidden is tagged but not exported",
    );
  });

  it("reads --max-name-length as every kind does: a whole number", async () => {
    const result = await runCli(["generate", "ts", "tools.ts", "--max-name-length", "1e2"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('E_USAGE --max-name-length takes a whole number, got "1e2".');
  });

  it("records an openapi run in the project it writes, not in the folder it ran from", async () => {
    const cwd = mkdtempSync(join(dir, "openapi-"));
    const spec = fileURLToPath(new URL("../../../../examples/petstore/openapi.yaml", import.meta.url));
    const result = await runCli(["generate", "openapi", spec, "--out", "petstore-mcp"], { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(cwd, "mcpsmith.json"))).toBe(false);
    const recorded = JSON.parse(readFileSync(join(cwd, "petstore-mcp", "mcpsmith.json"), "utf8"));
    expect(recorded.generate).toEqual([
      { kind: "openapi", inputs: [relative(join(cwd, "petstore-mcp"), spec)], options: { out: "." } },
    ]);
  });

  it("lists each kind's usage in its help", async () => {
    const result = await runCli(["generate", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("generate ts <files, folders or globs...>");
    expect(result.stdout).toContain("--tsconfig FILE");
  });
});
