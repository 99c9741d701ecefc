import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

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

// `npm create mcpsmith`, `pnpm create mcpsmith`, `yarn create mcpsmith` and `bun create mcpsmith` all install the
// package, link its `create-mcpsmith` bin somewhere (a temp folder, the global bin folder), and run it with the
// user's arguments in the user's folder, saying who they are in npm_config_user_agent. This does the same.
describe("create-mcpsmith as package managers run it", () => {
  const root = mkdtempSync(join(tmpdir(), "create-mcpsmith-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const linked = join(root, "create-mcpsmith");
  symlinkSync(BIN, linked);

  const AGENTS = {
    npm: "npm/10.8.2 node/v20.20.2 linux x64 workspaces/false",
    pnpm: "pnpm/10.34.9 npm/? node/v20.20.2 linux x64",
    yarn: "yarn/1.22.22 npm/? node/v20.20.2 linux x64",
    bun: "bun/1.4.5 npm/? node/v24.3.0 linux x64",
  } as const;
  /** Each manager's own field for forced versions in the new package.json, and how its README says "build". */
  const DIALECT = {
    npm: { field: "overrides", build: "npm run build" },
    pnpm: { field: "pnpm", build: "pnpm build" },
    yarn: { field: "resolutions", build: "yarn build" },
    bun: { field: "overrides", build: "bun run build" },
  } as const;

  it.each(Object.keys(AGENTS) as (keyof typeof AGENTS)[])("forwards `%s create mcpsmith DIR ...flags`", (pm) => {
    const env = { ...process.env, npm_config_user_agent: AGENTS[pm], CI: "true" };
    const result = spawnSync(
      process.execPath,
      [linked, `made-by-${pm}`, "--transport", "http", "--no-install", "--no-git"],
      {
        cwd: root,
        env,
        encoding: "utf8",
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Created made-by-${pm} in ${join(root, `made-by-${pm}`)} (blank, http`);
    const project = join(root, `made-by-${pm}`);
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
    expect(Object.keys(manifest)).toContain(DIALECT[pm].field);
    expect(readFileSync(join(project, "README.md"), "utf8")).toContain(DIALECT[pm].build);
    expect(readFileSync(join(project, "src/main.ts"), "utf8")).toContain("http: {}");
  });

  it("lets --pm override the manager that ran it", () => {
    const env = { ...process.env, npm_config_user_agent: AGENTS.yarn, CI: "true" };
    const result = spawnSync(process.execPath, [linked, "pm-flag", "--pm", "bun", "--no-install", "--no-git"], {
      cwd: root,
      env,
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(root, "pm-flag", "README.md"), "utf8")).toContain("bun run build");
  });
});
