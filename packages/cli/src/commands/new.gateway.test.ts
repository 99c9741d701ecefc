import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-support.js";

const parent = mkdtempSync(join(tmpdir(), "mcpsmith-scaffold-gateway-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

// The child vitest must not think it runs inside this one; no database, so the optional source is left out.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST"))),
  DATABASE_URL: "",
};

function pnpm(dir: string, ...args: string[]) {
  const result = spawnSync("pnpm", args, { cwd: dir, env, encoding: "utf8", timeout: 90_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("a project from the gateway template", () => {
  it("type-checks its config, passes its tests, and serves every source from mcpsmith.config.ts", {
    timeout: 180_000,
  }, async () => {
    const dir = join(parent, "acme-gateway");
    const created = await runCli(["new", dir, "--template", "gateway", "--local", "--pm", "pnpm", "--no-git"], {
      cwd: parent,
      env,
    });
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(readFileSync(join(dir, "mcpsmith.config.ts"), "utf8")).toContain('name: "acme-gateway"');

    for (const script of ["build", "test"]) {
      const result = pnpm(dir, script);
      expect(result.code, `pnpm ${script}:\n${result.output}`).toBe(0);
    }

    const listed = await runCli(["list", "--json"], { cwd: dir, env });
    expect(listed.code, listed.stderr).toBe(0);
    const listing = JSON.parse(listed.stdout);
    expect(listing.server).toMatchObject({ name: "acme-gateway", version: "0.1.0" });
    expect(listing.tools.map((tool: { name: string }) => tool.name)).toEqual([
      "npm_getPackage",
      "npm_search",
      "tools_convert",
      "tools_today",
      "desk_keep",
      "desk_titles",
    ]);
    expect(listing.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      "notes://desk/{title}",
    ]);
    expect(listing.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(["desk_summarise"]);

    const called = await runCli(["call", "desk_keep", "title=tea", "text=hot"], { cwd: dir, env });
    expect(JSON.parse(called.stdout), called.stderr).toEqual({ kept: "tea", notes: 1 });
  });
});
