// `mcpsmith generate openapi` end to end: generate a project from each petstore, link this workspace's runtime
// into it (offline), type-check it with tsc --strict, lint it with Biome, build it, start it over stdio and drive
// it with the official client against test/support/upstream.ts (exact requests), compare its tools/list with
// `mcpsmith serve openapi` on the same document, regenerate around user code, and refuse a broken document.

import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../packages/cli/src/test-support.js";
import { liveServerFromIR } from "../packages/codegen/dist/live/index.js";
import { loadOpenApi } from "../packages/codegen/dist/sources/openapi/index.js";
import { connectClient } from "./support/clients.js";
import { openApiCorpus } from "./support/corpus.js";
import { createTestClient, type ServeTarget } from "./support/runtime.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const CORPUS = openApiCorpus("");
const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-openapi-"));
const PET = { id: 7, name: "doggie", photoUrls: ["https://example.com/7.png"], status: "available" };

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request) => (request.path === "/pet/7" ? { json: PET } : { json: { ok: true } }));
});
afterAll(async () => {
  await upstream.close();
  rmSync(workspace, { recursive: true, force: true });
});

/** Links what a generated project installs from this workspace, so nothing is downloaded. */
function linkDependencies(project: string): void {
  mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
  mkdirSync(join(project, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
  symlinkSync(join(ROOT, "node_modules/vitest"), join(project, "node_modules/vitest"), "dir");
}

/** Runs a workspace binary (tsc, biome, vitest) in the project. */
function run(bin: string, args: string[], cwd: string) {
  const { FORCE_COLOR: _color, ...env } = process.env;
  const result = spawnSync(join(ROOT, "node_modules/.bin", bin), args, {
    cwd,
    encoding: "utf8",
    env: { ...env, NO_COLOR: "1" },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function filesUnder(dir: string, base = dir): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    if (entry.isDirectory()) for (const [key, value] of filesUnder(path, base)) files.set(key, value);
    else files.set(path.slice(base.length + 1), readFileSync(path, "utf8"));
  }
  return files;
}

/** The repository's Biome settings without its git integration (the project lives outside the repository). */
function writeBiomeConfig(project: string): void {
  const biome = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  delete biome.vcs;
  biome.files = { includes: ["src/**"] };
  writeFileSync(join(project, "biome.json"), JSON.stringify(biome));
}

const SPECS = [
  { file: "petstore3-oas30.yaml", tools: 19, credentials: { PETSTORE_API_KEY: "key-123" } },
  { file: "petstore-swagger2.json", tools: 19, credentials: { PETSTORE_API_KEY: "key-123" } },
] as const;

describe.each(SPECS)("generate openapi $file", ({ file, tools, credentials }) => {
  const spec = join(CORPUS, file);
  const dir = join(workspace, file.replace(/\W+/g, "-"));
  const project = join(dir, "server");
  let generated: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    generated = await runCli(["generate", "openapi", spec, "--out", "server"], { cwd: dir });
    if (generated.code === 0) linkDependencies(project);
  }, 60_000);

  it("prints the number of tools, the tools/list estimate and the document's warnings", () => {
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(new RegExp(`^${tools} tools; tools/list ≈ [\\d,]+ tokens$`, "m"));
    if (file === "petstore-swagger2.json") expect(generated.stderr).toMatch(/findByTags\/get: deprecated: skipped/);
  });

  it("is deterministic: a second project from the same document is byte-identical", async () => {
    const again = await runCli(["generate", "openapi", spec, "--out", "server-again"], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(filesUnder(join(dir, "server-again"))).toEqual(filesUnder(project));
    expect(readFileSync(join(project, "src/generated/index.ts"), "utf8")).toMatch(/^\/\/ Generated by mcpsmith from /);
  });

  it("type-checks under tsc --strict and passes Biome", () => {
    const tsc = run("tsc", ["--noEmit", "-p", "."], project);
    expect(tsc.output).toBe("");
    expect(tsc.code).toBe(0);
    writeBiomeConfig(project);
    const biome = run("biome", ["check", "src"], project);
    expect(biome.code, biome.output).toBe(0);
  }, 180_000);

  it("builds, starts over stdio and sends the exact request through the official client", async () => {
    const build = run("tsc", ["-p", "tsconfig.build.json"], project);
    expect(build.code, build.output).toBe(0);
    const env = { ...(process.env as Record<string, string>), PETSTORE_BASE_URL: upstream.url, ...credentials };
    const client = await connectClient("v2 auto", {
      transport: "stdio",
      command: { ...stdioCommand(join(project, "dist/main.js")), env } as ReturnType<typeof stdioCommand>,
    });
    try {
      upstream.clear();
      const result = await client.callTool({ name: "getPetById", arguments: { petId: 7 } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(PET);
      const request = upstream.last();
      expect(request.method).toBe("GET");
      expect(request.url).toBe("/pet/7");
      expect(request.headers.api_key).toBe("key-123");
      expect(request.headers.accept).toMatch(/^application\/json/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("lists exactly the tools `mcpsmith serve openapi` lists, in every mode", async () => {
    const { createServer } = await import(join(project, "dist/generated/index.js"));
    const ir = await loadOpenApi(spec);
    for (const mode of ["auto", "tools", "discovery"] as const) {
      const generatedList = await listTools(createServer({ mode }));
      const servedList = await listTools(liveServerFromIR(ir, { mode }).builder);
      expect(generatedList).toEqual(servedList);
    }
  });

  it("passes its own generated tests against its mock API", () => {
    const vitest = run("vitest", ["run"], project);
    expect(vitest.code, vitest.output).toBe(0);
    expect(vitest.output).toMatch(/Tests\s+\d+ passed/);
  }, 120_000);
});

async function listTools(target: ServeTarget) {
  const client = await createTestClient(target);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

describe("regeneration around user code", () => {
  const dir = join(workspace, "regenerate");
  const project = join(dir, "server");
  const OVERRIDE = [
    'import type { Context } from "@mcpsmith/runtime";',
    'import type { ToolClasses } from "./generated/index.js";',
    'import { PetTools } from "./generated/pet.js";',
    "",
    "class LuckyPetTools extends PetTools {",
    "  override async getPetById(args: Record<string, unknown>, ctx: Context) {",
    "    return super.getPetById({ ...args, petId: 7 }, ctx);",
    "  }",
    "}",
    "",
    "export const overrides: Partial<ToolClasses> = { pet: LuckyPetTools };",
    "",
  ].join("\n");

  it("keeps src/overrides.ts and src/main.ts, rewrites only src/generated/, and the override still runs", async () => {
    mkdirSync(dir, { recursive: true });
    const spec = join(CORPUS, "petstore3-oas30.yaml");
    expect((await runCli(["generate", "openapi", spec, "--out", "server"], { cwd: dir })).code).toBe(0);
    linkDependencies(project);
    writeFileSync(join(project, "src/overrides.ts"), OVERRIDE);
    const main = readFileSync(join(project, "src/main.ts"), "utf8");
    const tampered = join(project, "src/generated/pet.ts");
    writeFileSync(tampered, "// Generated by mcpsmith, then edited by hand\n");

    const again = await runCli(["generate"], { cwd: project });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(project, "src/overrides.ts"), "utf8")).toBe(OVERRIDE);
    expect(readFileSync(join(project, "src/main.ts"), "utf8")).toBe(main);
    expect(readFileSync(tampered, "utf8")).toMatch(/export class PetTools/);

    const build = run("tsc", ["-p", "tsconfig.build.json"], project);
    expect(build.code, build.output).toBe(0);
    const { createServer } = await import(join(project, "dist/generated/index.js"));
    const { overrides } = await import(join(project, "dist/overrides.js"));
    const client = await createTestClient(
      createServer({ classes: overrides, executor: { baseUrl: upstream.url, env: { PETSTORE_API_KEY: "k" } } }),
    );
    try {
      upstream.clear();
      const result = await client.callTool({ name: "getPetById", arguments: { petId: 1 } });
      expect(result.structuredContent).toEqual(PET);
      expect(upstream.last().url).toBe("/pet/7");
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe("a broken document", () => {
  it.each(readdirSync(join(CORPUS, "broken")))("%s: exit 1 naming the problem, and nothing written", async (name) => {
    const dir = mkdtempSync(join(workspace, "broken-"));
    const result = await runCli(["generate", "openapi", join(CORPUS, "broken", name), "--out", "server"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(name);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, "server"))).toBe(false);
  });
});

describe("mcpsmith new --template openapi --from", () => {
  const quiet = ["--yes", "--no-install", "--no-git"];

  it("creates the project generate openapi writes, named as the scaffold names it", async () => {
    const dir = mkdtempSync(join(workspace, "new-"));
    const spec = join(CORPUS, "petstore3-oas30.yaml");
    const result = await runCli(["new", "pets", "--template", "openapi", "--from", spec, ...quiet], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Created pets in");
    const project = join(dir, "pets");
    expect(JSON.parse(readFileSync(join(project, "package.json"), "utf8")).name).toBe("pets");
    expect(JSON.parse(readFileSync(join(project, "mcpsmith.json"), "utf8")).generate[0]).toMatchObject({
      kind: "openapi",
      options: { out: "." },
    });
    expect(readFileSync(join(project, "src/generated/pet.ts"), "utf8")).toContain("export class PetTools");
  });

  it("refuses a broken document and creates nothing", async () => {
    const dir = mkdtempSync(join(workspace, "new-broken-"));
    const spec = join(CORPUS, "broken/broken-not-openapi.yaml");
    const result = await runCli(["new", "pets", "--template", "openapi", "--from", spec, ...quiet], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("broken-not-openapi.yaml");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("asks for the document when --from is missing", async () => {
    const dir = mkdtempSync(join(workspace, "new-nofrom-"));
    const result = await runCli(["new", "pets", "--template", "openapi", ...quiet], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("generates the project from an OpenAPI or Swagger document; say which with --from");
    expect(readdirSync(dir)).toEqual([]);
  });
});
