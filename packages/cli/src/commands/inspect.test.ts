import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HELLO_ENTRY, HELLO_STDIO, REPO_ROOT, runCli } from "../test-support.js";
import { INSPECTOR_VERSION, inspectorCommand } from "./inspect.js";

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

/** The Inspector writes under $HOME/.mcp-inspector: a temporary home, with npm's cache left where it is. */
function inspectorEnv(): Record<string, string | undefined> {
  const home = mkdtempSync(join(tmpdir(), "mcpsmith-inspect-home-"));
  homes.push(home);
  return {
    ...process.env,
    HOME: home,
    npm_config_cache: process.env.npm_config_cache ?? join(homedir(), ".npm"),
    npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), ".npmrc"),
  };
}

describe("mcpsmith inspect", () => {
  it("builds the npx command line, adding node@22 only for an older Node", () => {
    const target = { kind: "stdio" as const, command: "node", args: ["dist/main.js"], cwd: "/p", label: "x" };
    const base = { target, cli: true, version: INSPECTOR_VERSION, passthrough: ["--method", "tools/list"] };
    expect(inspectorCommand({ ...base, nodeMajor: 20 })).toEqual([
      "-y",
      "-p",
      "node@22",
      "-p",
      `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`,
      "--",
      "mcp-inspector",
      "--cli",
      "--method",
      "tools/list",
      "--cwd",
      "/p",
      "--",
      "node",
      "dist/main.js",
    ]);
    expect(inspectorCommand({ ...base, nodeMajor: 22 })).not.toContain("node@22");
    const http = { kind: "http" as const, url: new URL("http://127.0.0.1:3000/mcp"), label: "u" };
    const web = inspectorCommand({ ...base, cli: false, passthrough: [], target: http, nodeMajor: 24 });
    expect(web.slice(web.indexOf("mcp-inspector") + 1)).toEqual([
      "--web",
      "--transport",
      "http",
      "--server-url",
      "http://127.0.0.1:3000/mcp",
    ]);
  });

  it("refuses Inspector CLI options without --cli, and --cli without a method", async () => {
    const noCli = await runCli(["inspect", "--method", "tools/list", ...HELLO_STDIO]);
    expect(noCli.code).toBe(1);
    expect(noCli.stderr).toContain("--method only applies with --cli");
    const noMethod = await runCli(["inspect", "--cli", ...HELLO_STDIO]);
    expect(noMethod.code).toBe(1);
    expect(noMethod.stderr).toContain("--cli needs a method");
  });

  it(
    "--cli --method tools/list lists the tools of examples/hello",
    async () => {
      const { code, stdout, stderr } = await runCli(
        ["inspect", "--cli", "--method", "tools/list", "examples/hello/dist/main.js"],
        { cwd: REPO_ROOT, env: inspectorEnv() },
      );
      expect(code, stderr).toBe(0);
      expect(stderr).toContain(`Starting the MCP Inspector on node ${HELLO_ENTRY}`);
      const names = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["add", "divide", "greet"]));
    },
    10 * 60_000,
  );
});
