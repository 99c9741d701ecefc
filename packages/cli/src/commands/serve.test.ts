import { describe, expect, it } from "vitest";
import { runCli } from "../test-support.js";

// What `mcpsmith serve` refuses before it serves anything (it returns, so `main` can be run in process). Serving
// itself, over stdio and HTTP with real clients and a recording upstream, is in test/serve-openapi.test.ts.
const CORPUS = "/work/shared/corpus/openapi";
const PETSTORE = `${CORPUS}/petstore3-oas30.yaml`;

describe("mcpsmith serve: what it refuses", () => {
  it.each([
    [[], "Say what to serve."],
    [["db", "chinook.sqlite"], 'There is nothing to serve of kind "db".'],
    [["openapi"], "Give the OpenAPI document to serve."],
    [["openapi", "a.yaml", "b.yaml"], "serve openapi takes one document, got: a.yaml b.yaml"],
    [["openapi", PETSTORE, "--port", "80"], "--port only applies with --http."],
    [["openapi", PETSTORE, "--http", "--port", "70000"], 'The port must be a number from 0 to 65535, got "70000".'],
    [["openapi", PETSTORE, "--mode", "fast"], '--mode must be one of auto, tools, discovery; got "fast".'],
    [["openapi", PETSTORE, "--threshold", "many"], '--threshold takes a whole number, got "many".'],
    [["openapi", PETSTORE, "--server-variable", "site"], '--server-variable takes NAME=VALUE, got "site".'],
  ])("serve %j", async (args, message) => {
    const { code, stdout, stderr } = await runCli(["serve", ...args]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`E_USAGE ${message}`);
  });

  it("names the toolsets there are when asked for one that is not", async () => {
    const { code, stderr } = await runCli(["serve", "openapi", PETSTORE, "--toolsets", "pets,store"]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'E_OPTIONS_INVALID: No toolset named "pets". Toolsets (the source\'s groups, e.g. OpenAPI tags): pet, store, user.',
    );
  });

  it("lists a broken document's problems with their pointers, and serves nothing", async () => {
    const { code, stdout, stderr } = await runCli(["serve", "openapi", `${CORPUS}/broken/broken-dangling-ref.yaml`]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("E_GENERATE_FAILED E_SPEC_REF");
    expect(stderr).toContain(
      '/paths/~1widgets/get/parameters/0: Missing $ref pointer "#/components/parameters/PageSize"',
    );
    expect(stderr).not.toContain("mcpsmith serve ");
  });

  it("says which file is missing", async () => {
    const { code, stderr } = await runCli(["serve", "openapi", "no-such-spec.yaml"], { cwd: CORPUS });
    expect(code).toBe(1);
    expect(stderr).toContain(`${CORPUS}/no-such-spec.yaml`);
  });

  it("shows options and examples with --help", async () => {
    const { code, stdout } = await runCli(["serve", "--help"]);
    expect(code).toBe(0);
    for (const text of [
      "--mode MODE",
      "--toolsets LIST",
      "--base-url URL",
      "--http",
      "mcpsmith serve openapi github.json --mode discovery",
    ]) {
      expect(stdout).toContain(text);
    }
  });
});
