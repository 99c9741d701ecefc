import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REQUIRE_SERVICES } from "../../../../test/support/services.js";
import { REPO_ROOT, runCli } from "../test-support.js";

const parent = mkdtempSync(join(tmpdir(), "mcpsmith-scaffold-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

// The child vitest must not think it runs inside this one.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")));

function pnpm(dir: string, ...args: string[]) {
  const result = spawnSync("pnpm", args, { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("a scaffolded project", () => {
  it("installs from the local store, builds, passes its own tests and lists its tools", {
    timeout: 120_000,
  }, async () => {
    const dir = join(parent, "weather-server");
    const created = await runCli(["new", dir, "--local", "--pm", "pnpm", "--no-git"], { cwd: parent, env });
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("pnpm install --prefer-offline");

    for (const script of ["build", "test", "typecheck"]) {
      const result = pnpm(dir, script);
      expect(result.code, `pnpm ${script}:\n${result.output}`).toBe(0);
    }

    const listed = await runCli(["list", "--json", "--", process.execPath, join(dir, "dist/main.js")]);
    expect(listed.code, listed.stderr).toBe(0);
    const listing = JSON.parse(listed.stdout);
    expect(listing.server).toMatchObject({ name: "weather-server", protocolVersion: "2026-07-28" });
    expect(listing.tools.map((tool: { name: string }) => tool.name)).toEqual(["greet"]);
    expect(listing.resources.map((resource: { uri: string }) => resource.uri)).toEqual(["weather-server://about"]);
    expect(listing.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(["explain"]);

    // The project folder is a target too: its package.json "main" names the server.
    const called = await runCli(["call", "greet", "name=Ada", "--era", "legacy"], { cwd: dir });
    expect(called.stdout).toBe("Hello, Ada!\n");

    // `mcpsmith dev --http` (the project's `dev` script) runs it from source with the project's own tsc.
    const dev = spawn(process.execPath, [`${REPO_ROOT}packages/cli/dist/bin.js`, "dev", "--http", "0"], {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    try {
      let log = "";
      await new Promise<void>((ready) =>
        dev.stderr.on("data", (chunk: Buffer) => {
          log += chunk.toString("utf8");
          if (log.includes("listening on")) ready();
        }),
      );
      const url = /\[dev\] serving (\S+)/.exec(log)?.[1];
      const viaDev = await runCli(["call", "greet", "name=Bo", "--url", url!]);
      expect(viaDev.stdout, log).toBe("Hello, Bo!\n");
    } finally {
      dev.kill("SIGINT");
    }
  });
});

/** The installed version of a package manager, or undefined when it is not on PATH. */
function versionOf(pm: string): string | undefined {
  const result = spawnSync(pm, ["--version"], { encoding: "utf8", env });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

// yarn and bun resolve a linked folder's own dependencies, so --local also points the checkout's workspace:*
// packages at the checkout for them; each one's project must install, build, test and start like pnpm's.
describe.each([
  { pm: "yarn", run: (script: string) => ["--silent", script] },
  { pm: "bun", run: (script: string) => ["run", script] },
])("a scaffolded project with --pm $pm", ({ pm, run }) => {
  const version = versionOf(pm);
  if (version === undefined && !REQUIRE_SERVICES) {
    it.skip(`installs, builds, tests and starts (skipped: ${pm} is not installed; \`npm i -g ${pm}\`)`, () => {});
    return;
  }

  // Five minutes: bun's install builds better-sqlite3 from source for the linked checkout's packages, which took
  // past two minutes in a CI dry run on a busy 2-core machine.
  it(`installs, builds, tests and starts (${pm} ${version ?? "missing"})`, { timeout: 300_000 }, async () => {
    expect(version, `${pm} is not installed and MCPSMITH_REQUIRE_SERVICES=1: \`npm i -g ${pm}\``).toBeDefined();
    const dir = join(parent, `with-${pm}`);
    const created = await runCli(["new", dir, "--local", "--pm", pm, "--no-git"], { cwd: parent, env });
    expect(created.code, `${created.stdout}${created.stderr}`).toBe(0);
    expect(created.stdout).toContain(`${pm} install`);
    expect(created.stdout).toContain(`${pm === "bun" ? "bun run" : "yarn"} build`);

    for (const script of ["build", "test"]) {
      const result = spawnSync(pm, run(script), { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
      expect(result.status, `${pm} ${script}:\n${result.stdout}${result.stderr}`).toBe(0);
    }
    // `start` through the package manager is the server a real client talks to.
    const listed = await runCli(["list", "--json", "--era", "legacy", "--", pm, ...run("start")], { cwd: dir, env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).tools.map((tool: { name: string }) => tool.name)).toEqual(["greet"]);
  });
});
