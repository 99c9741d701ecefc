import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-support.js";

const parent = mkdtempSync(join(tmpdir(), "mcpsmith-scaffold-ts-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

// The child vitest must not think it runs inside this one.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")));

function pnpm(dir: string, ...args: string[]) {
  const result = spawnSync("pnpm", args, { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("a project from the typescript template", () => {
  it("generates its server from src/tools.ts while building, passes its tests and lists the functions", {
    timeout: 120_000,
  }, async () => {
    const dir = join(parent, "functions-server");
    const created = await runCli(["new", dir, "--template", "typescript", "--local", "--pm", "pnpm", "--no-git"], {
      cwd: parent,
      env,
    });
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(existsSync(join(dir, "src/generated"))).toBe(false);

    for (const script of ["build", "test"]) {
      const result = pnpm(dir, script);
      expect(result.code, `pnpm ${script}:\n${result.output}`).toBe(0);
    }
    expect(readFileSync(join(dir, "src/generated/server.ts"), "utf8")).toContain('from "../tools.js"');

    const listed = await runCli(["list", "--json"], { cwd: dir });
    expect(listed.code, listed.stderr).toBe(0);
    const listing = JSON.parse(listed.stdout);
    expect(listing.server).toMatchObject({ name: "functions-server" });
    expect(listing.tools.map((tool: { name: string }) => tool.name)).toEqual(["greet", "sum"]);
    expect(listing.resources.map((resource: { uri: string }) => resource.uri)).toEqual(["functions-server://about"]);
    expect(listing.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(["explain"]);

    const called = await runCli(["call", "greet", "name=Ada", "tone=formal"], { cwd: dir });
    expect(called.stdout, called.stderr).toBe("Good day, Ada.\n");
  });
});
