import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../test-support.js";

// What `mcpsmith serve` refuses in a config, before it serves anything: one error naming the file and the key (or
// the sources) at fault, exit code 1. Serving a config is in test/compose.test.ts.
const dir = mkdtempSync(join(tmpdir(), "mcpsmith-serve-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A module whose default export is a plain model: served as it is, no compiler or package needed.
writeFileSync(
  join(dir, "ping.mjs"),
  `export default { info: { name: "ping", version: "1.0.0" }, tools: [{ name: "ping", description: "Ping", input: { type: "object", properties: { tenant: { type: "string" } } }, handler: () => "pong" }], resources: [], resourceTemplates: [], prompts: [], options: {} };`,
);

let count = 0;
async function serveConfig(config: object, args: string[] = []) {
  const file = join(dir, `config-${count++}.json`);
  writeFileSync(file, JSON.stringify(config));
  const result = await runCli(["serve", "--config", file, ...args], { cwd: dir, env: {} });
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  return { file, stderr: result.stderr };
}

describe("mcpsmith serve with a config: what it refuses", () => {
  it("names the file and the key of an unknown key, a missing file and a bad URL, all at once", async () => {
    const { file, stderr } = await serveConfig({
      sources: {
        pets: { openapi: "./missing.yaml", baseUrl: "not a url", tag: ["x"] },
      },
    });
    expect(stderr).toContain(`E_CONFIG_FILE E_CONFIG_INVALID: ${file} has 3 problems:`);
    expect(stderr).toContain("sources.pets.tag: unknown key (an openapi source takes openapi, baseUrl");
    expect(stderr).toContain(`sources.pets.openapi: no file at ${join(dir, "missing.yaml")}`);
    expect(stderr).toContain('sources.pets.baseUrl: "not a url" is not an http(s) URL');
  });

  it("names both sources of a name conflict", async () => {
    const { file, stderr } = await serveConfig({
      sources: { a: { module: "./ping.mjs", prefix: "" }, b: { module: "./ping.mjs", prefix: "" } },
    });
    expect(stderr).toContain(`${file}: the tool name "ping" is taken by sources "a" and "b"`);
  });

  it("names a transform that names a tool the source does not have", async () => {
    const { file, stderr } = await serveConfig({
      sources: { a: { module: "./ping.mjs", tools: { rename: { pong: "x" } } } },
    });
    expect(stderr).toContain(`${file}: sources.a.tools.rename.pong: source "a" has no tool "pong" (its tools: ping)`);
  });

  it("refuses a claim binding without authorization, and an argument the tool does not have", async () => {
    const claim = await serveConfig({
      sources: { a: { module: "./ping.mjs", tools: { bind: { ping: { tenant: { claim: "sub" } } } } } },
    });
    expect(claim.stderr).toContain(
      `${claim.file}: sources.a.tools.bind.ping.tenant: a claim binding needs authenticated callers; turn authorization on`,
    );
    const argument = await serveConfig({
      sources: { a: { module: "./ping.mjs", tools: { bind: { ping: { org: 1 } } } } },
    });
    expect(argument.stderr).toContain(
      `${argument.file}: sources.a.tools.bind.ping: the input schema of a_ping has no argument "org"`,
    );
  });

  it("names the source that cannot be loaded, unless it is optional", async () => {
    const { stderr } = await serveConfig({ sources: { a: { module: "./ping.mjs" }, b: { database: "./none.sql" } } });
    expect(stderr).toContain("sources.b.database: no file at");
    const failing = await serveConfig({ sources: { db: { database: "postgres://nobody@127.0.0.1:1/none" } } });
    expect(failing.stderr).toContain('E_SOURCE_FAILED: source "db" (database) could not be loaded');
  });

  it("refuses a source on the command line beside --config, and a missing config", async () => {
    const { stderr } = await serveConfig({ sources: { a: { module: "./ping.mjs" } } }, ["openapi", "a.yaml"]);
    expect(stderr).toContain("E_USAGE --config serves a config's sources; it takes no openapi source beside them.");
    const missing = await runCli(["serve", "--config", "nope.json"], { cwd: dir, env: {} });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`E_TARGET_MISSING E_CONFIG_MISSING: No config at ${join(dir, "nope.json")}.`);
  });
});
