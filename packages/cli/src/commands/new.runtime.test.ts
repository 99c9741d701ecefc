import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WRANGLER_VERSION } from "../scaffold/runtimes.js";
import { REPO_ROOT, runCli } from "../test-support.js";

// What `mcpsmith new --runtime` writes; test/web-standard.runtimes.test.ts serves these projects on each runtime.

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "mcpsmith-new-runtime-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

const quiet = ["--no-install", "--no-git"];
const read = (path: string) => readFileSync(join(parent, path), "utf8");

describe("mcpsmith new --runtime", () => {
  it("workers: a fetch entry taking env, wrangler.toml with nodejs_compat, wrangler's scripts and pinned release", async () => {
    const { code, stdout } = await runCli(["new", "edge", "--runtime", "workers", ...quiet], { cwd: parent });
    expect(code).toBe(0);
    expect(stdout).toContain("(blank, workers, 10 files)");
    expect(read("edge/src/main.ts")).toContain(
      "fetch: (request: Request, env: Env) => endpointFor(env).fetch(request)",
    );
    const wrangler = read("edge/wrangler.toml");
    expect(wrangler).toContain('main = "src/main.ts"');
    expect(wrangler).toContain('compatibility_flags = ["nodejs_compat"]');
    const manifest = JSON.parse(read("edge/package.json"));
    expect(manifest.scripts).toMatchObject({ start: "wrangler dev", dev: "wrangler dev", deploy: "wrangler deploy" });
    expect(manifest.devDependencies.wrangler).toBe(WRANGLER_VERSION);
    expect(read("edge/README.md")).toContain("## On Cloudflare Workers");
  });

  it.each([
    ["bun", "bun run src/main.ts", 'hostname: "127.0.0.1"'],
    ["deno", "deno serve --sloppy-imports", "Deno.env.toObject()"],
  ])("%s: a fetch entry, started by its own command, no wrangler.toml", async (runtime, start, entryText) => {
    const { code } = await runCli(["new", "app", "--runtime", runtime, ...quiet], { cwd: parent });
    expect(code).toBe(0);
    expect(read("app/src/main.ts")).toContain(entryText);
    expect(JSON.parse(read("app/package.json")).scripts.start).toContain(start);
    expect(existsSync(join(parent, "app/wrangler.toml"))).toBe(false);
  });

  it("openapi on workers: the generated createServer is handed the Worker's env for credentials", async () => {
    const spec = join(REPO_ROOT, "examples/petstore/openapi.yaml");
    const args = ["new", "pets", "--template", "openapi", "--from", spec, "--runtime", "workers", ...quiet];
    const { code } = await runCli(args, { cwd: parent });
    expect(code).toBe(0);
    const entry = read("pets/src/main.ts");
    expect(entry).toContain("createServer({ classes: overrides, executor: { env: textOf(env) } })");
    expect(read("pets/README.md")).toContain("wrangler secret put");
  });

  it.each([
    [["--transport", "stdio"], "Cloudflare Workers serves HTTP: a host cannot start it as a stdio process."],
    [["--template", "typescript"], "regenerated for Node by `mcpsmith generate`"],
    [["--template", "database", "--from", "shop.sqlite"], "An SQLite file is opened by a native module"],
    [["--template", "database", "--from", "postgres://127.0.0.1/shop"], "The database drivers open TCP connections"],
  ])("refuses %j on workers, saying why, and writes nothing", async (flags, reason) => {
    const { code, stderr } = await runCli(["new", "x", "--runtime", "workers", ...flags, ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toContain(reason);
    expect(readdirSync(parent)).toEqual([]);
  });

  it("names the runtimes it knows", async () => {
    const { code, stderr } = await runCli(["new", "x", "--runtime", "lambda", ...quiet], { cwd: parent });
    expect(code).toBe(1);
    expect(stderr).toMatch(/node.*workers.*bun.*deno/);
  });
});
