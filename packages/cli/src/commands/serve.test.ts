import { corpusFile } from "@mcpsmith/corpus";
import { describe, expect, it } from "vitest";
import { parseCommandArgs } from "../args/parse.js";
import type { Io } from "../io.js";
import { runCli } from "../test-support.js";
import { findCommand } from "./registry.js";
import { buildOpenApiServer } from "./serve/openapi.js";
import { credentialLine } from "./serve/summary.js";

// What `mcpsmith serve` refuses before it serves anything (it returns, so `main` can be run in process). Serving
// itself, over stdio and HTTP with real clients and a recording upstream, is in test/serve-openapi.test.ts.
const CORPUS = corpusFile("openapi");
const PETSTORE = corpusFile("openapi/petstore3-oas30.yaml");
const SWAGGER2 = corpusFile("openapi/petstore-swagger2.json");

const command = await findCommand("serve")!.load();
const io: Io = {
  stdout: { write: () => true },
  stderr: { write: () => true },
  stdinIsTTY: false,
  env: {},
  cwd: CORPUS,
};

/** What `mcpsmith serve openapi <spec> ...flags` would serve: the flags parsed as the CLI does, nothing served. */
async function served(spec: string, flags: string[], env: Io["env"] = {}) {
  const summary = await buildOpenApiServer(spec, parseCommandArgs(command, ["openapi", spec, ...flags]), {
    ...io,
    env,
  });
  return { summary, tools: summary.build.builder.build().tools };
}

describe("mcpsmith serve: what it refuses", () => {
  it.each([
    [[], "Say what to serve."],
    [["graphql", "schema.graphql"], 'There is nothing to serve of kind "graphql".'],
    [["db", "a.sqlite", "b.sqlite"], "serve db takes one source, got: a.sqlite b.sqlite"],
    [["db"], "Give the database to read, or set DATABASE_URL to its connection string."],
    [["openapi"], "Give the OpenAPI document to serve."],
    [["openapi", "a.yaml", "b.yaml"], "serve openapi takes one document, got: a.yaml b.yaml"],
    [["openapi", PETSTORE, "--port", "80"], "--port only applies with --http."],
    [["openapi", PETSTORE, "--http", "--port", "70000"], 'The port must be a number from 0 to 65535, got "70000".'],
    [["openapi", PETSTORE, "--mode", "fast"], '--mode must be one of auto, tools, discovery, code; got "fast".'],
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
    const { code, stdout, stderr } = await runCli([
      "serve",
      "openapi",
      corpusFile("openapi/broken/broken-dangling-ref.yaml"),
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("E_GENERATE_FAILED E_SPEC_REF");
    expect(stderr).toContain(
      '/paths/~1widgets/get/parameters/0: $ref "#/components/parameters/PageSize" points nowhere: "parameters" does not exist in #/components',
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

describe("mcpsmith serve: flags", () => {
  it("selects operations with the source's flags, then toolsets, then the mode", async () => {
    const { summary, tools } = await served(SWAGGER2, [
      "--tags",
      "pet,store",
      "--methods",
      "GET",
      "--exclude-operations",
      "getInventory",
    ]);
    // findPetsByTags is deprecated: skipped, with the document's warning.
    expect(tools.map((tool) => tool.name)).toEqual(["findPetsByStatus", "getPetById", "getOrderById"]);
    expect(summary.build.mode).toBe("tools");
    expect(summary.warnings).toEqual([
      expect.stringMatching(/^petstore-swagger2\.json#\/paths\/~1pet~1findByTags\/get: deprecated/),
    ]);

    const deprecated = await served(SWAGGER2, ["--tags", "pet", "--methods", "GET", "--include-deprecated"]);
    expect(deprecated.tools.map((tool) => tool.name)).toContain("findPetsByTags");

    const toolsets = await served(SWAGGER2, ["--toolsets", "store", "--mode", "discovery"]);
    expect(toolsets.summary.build).toMatchObject({ mode: "discovery", operations: 4 });
    const auto = await served(SWAGGER2, ["--threshold", "3", "--toolsets", "store"]);
    expect(auto.summary.build.mode).toBe("discovery");
  });

  it("shortens names to --max-name-length and leaves output schemas out with --no-output-schema", async () => {
    const { tools } = await served(SWAGGER2, ["--operations", "createUsersWithArrayInput", "--max-name-length", "16"]);
    expect(tools.map((tool) => tool.name.length)).toEqual([16]);
    const withOutput = await served(SWAGGER2, ["--operations", "getPetById"]);
    expect(withOutput.tools[0]?.output).toBeDefined();
    const without = await served(SWAGGER2, ["--operations", "getPetById", "--no-output-schema"]);
    expect(without.tools[0]?.output).toBeUndefined();
  });

  it("names each credential variable and whether it is set, never its value", async () => {
    const { summary } = await served(PETSTORE, [], { PETSTORE_API_KEY: "secret" });
    expect(summary.credentials).toEqual([
      { env: "PETSTORE_AUTH_TOKEN", scheme: "petstore_auth", set: false },
      { env: "PETSTORE_API_KEY", scheme: "api_key", set: true },
    ]);
    expect(JSON.stringify(summary.credentials)).not.toContain("secret");
  });

  it("says which credentials come from each caller's header over HTTP, by flag or by MCPSMITH_FORWARD_CREDENTIALS", async () => {
    const flags = await served(PETSTORE, ["--http", "--forward-credential", "api_key"]);
    expect(flags.summary.credentials).toEqual([
      { env: "PETSTORE_AUTH_TOKEN", scheme: "petstore_auth", set: false },
      {
        env: "PETSTORE_API_KEY",
        scheme: "api_key",
        set: false,
        forwarded: { header: "X-Upstream-api_key", fallback: false },
      },
    ]);
    expect(flags.summary.credentials.map(credentialLine)).toEqual([
      "PETSTORE_AUTH_TOKEN (petstore_auth) is not set",
      "PETSTORE_API_KEY (api_key) comes from each caller's X-Upstream-api_key header",
    ]);
    const env = { MCPSMITH_FORWARD_CREDENTIALS: "petstore_auth=X-Token", MCPSMITH_FORWARD_CREDENTIALS_FALLBACK: "1" };
    const fromEnv = await served(PETSTORE, ["--http"], { ...env, PETSTORE_AUTH_TOKEN: "secret" });
    expect(fromEnv.summary.credentials.map(credentialLine)).toEqual([
      "PETSTORE_AUTH_TOKEN (petstore_auth) comes from each caller's X-Token header, else from the environment, where it is set",
      "PETSTORE_API_KEY (api_key) is not set",
    ]);
    // Over stdio there is no caller header: the environment's credential is what a call sends.
    const stdio = await served(PETSTORE, ["--forward-credential", "api_key"]);
    expect(stdio.summary.credentials.every((credential) => credential.forwarded === undefined)).toBe(true);
  });
});
