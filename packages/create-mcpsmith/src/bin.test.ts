import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

describe("create-mcpsmith", () => {
  it("is `mcpsmith new`: its help is the help of new", () => {
    const result = run("--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("mcpsmith new — Create a new MCP server project from a template");
  });

  it("passes errors and exit codes through", () => {
    const result = run("x", "--template", "nope", "--no-install", "--no-git");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('There is no template "nope"');
  });

  it("prints the version", () => {
    expect(run("--version").stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
