// `mcpsmith generate --config` on the config of every source kind (test/support/composed-project.ts): the project it
// writes type-checks under the strict tsconfig generated projects have, its built server lists exactly what
// `mcpsmith serve` lists from the same config (tools, resources, templates, prompts) and calls into every kind with
// the config's transforms, regenerating changes nothing, and a module outside the project's src/ is refused.

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, type TestClient } from "./support/clients.js";
import { ACME_TOOLS, acmeConfig, type ComposedProject, composedProject } from "./support/composed-project.js";
import { filesUnder } from "./support/generated-project.js";
import { ROOT } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const PET = { id: 7, name: "doggie", photoUrls: [], status: "sold" };
const ENV = { ARTIST: "1", PETSTORE_API_KEY: "key-1", MUSIC_DATABASE_URL: "sqlite:chinook.sqlite" };

// biome-ignore lint/suspicious/noExplicitAny: results are read field by field, as a client would
type Json = any;

let upstream: Upstream;
let project: ComposedProject;
let generated: string;
beforeAll(async () => {
  upstream = await startUpstream((request) => (request.path === "/api/v3/pet/7" ? { json: PET } : { json: [] }));
  project = composedProject("mcpsmith-generate-config-");
  project.write("mcpsmith.config.json", acmeConfig(`${upstream.url}/api/v3`));
  generated = execFileSync(process.execPath, [BIN, "generate", "--config", "mcpsmith.config.json"], {
    cwd: project.dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  mkdirSync(join(project.dir, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project.dir, "node_modules/@types/node"), "dir");
}, 60_000);
afterAll(async () => {
  await upstream?.close();
  project?.remove();
});

/** A client of the built server, or of `mcpsmith serve` on the same config. */
function connect(command: string[]): Promise<TestClient> {
  return connectClient("v2 auto", {
    transport: "stdio",
    command: {
      command: process.execPath,
      args: command,
      cwd: project.dir,
      stderr: "pipe",
      env: { ...(process.env as Record<string, string>), ...ENV },
    },
  });
}

describe("mcpsmith generate --config", () => {
  it("writes each source's code where its own generator would, and the composition, and records the run", () => {
    expect(generated).toMatch(/Generated \d+ files from .*mcpsmith\.config\.json/);
    expect(generated).toContain(`${ACME_TOOLS.length} tools`);
    const files = [...filesUnder(project.dir).keys()];
    for (const path of ["src/generated/index.ts", "src/generated/pets/index.ts", "src/generated/music/index.ts"]) {
      expect(files).toContain(path);
    }
    expect(files).toContain("src/generated/utils/server.ts");
    expect(files).toContain("src/main.ts");
    expect(JSON.parse(filesUnder(project.dir).get("mcpsmith.json")!)).toEqual({
      generate: [{ kind: "config", inputs: ["mcpsmith.config.json"], options: { out: "." } }],
    });
  });

  it("type-checks under tsc --strict and builds", () => {
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: project.dir,
        encoding: "utf8",
      },
    );
    expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 120_000);

  it("lists what mcpsmith serve lists from the same config, and calls into every kind with its transforms", async () => {
    const built = await connect([join(project.dir, "dist/main.js")]);
    const live = await connect([BIN, "serve", "--config", "mcpsmith.config.json"]);
    try {
      const tools = (await built.listTools()).tools;
      expect(tools.map((tool) => tool.name)).toEqual(ACME_TOOLS);
      expect(tools).toEqual((await live.listTools()).tools);
      expect((await built.listResources()).resources).toEqual((await live.listResources()).resources);
      expect((await built.listResourceTemplates()).resourceTemplates).toEqual(
        (await live.listResourceTemplates()).resourceTemplates,
      );
      expect((await built.listPrompts()).prompts).toEqual((await live.listPrompts()).prompts);

      expect((await built.callTool({ name: "pets_pet", arguments: { petId: 7 } })).structuredContent).toEqual(PET);
      expect(upstream.last().url).toBe("/api/v3/pet/7");
      const albums = await built.callTool({ name: "music_list_Album", arguments: {} });
      expect((albums.structuredContent as Json).rows.map((row: Json) => row.ArtistId)).toEqual([1, 1]);
      const greeting = await built.callTool({ name: "utils_greet", arguments: { name: "Di" } });
      expect((greeting.content as Json)[0].text).toBe("hello Di from acme");
      const counted = await built.callTool({ name: "count_letters", arguments: { word: "xy" } });
      expect(counted.structuredContent).toEqual({ letters: 2, word: "XY" });
    } finally {
      await built.close();
      await live.close();
    }
  }, 60_000);

  it("serves the catalogue in another mode on request", async () => {
    const built = await connect([join(project.dir, "dist/main.js"), "--mode", "discovery"]);
    try {
      expect((await built.listTools()).tools.map((tool) => tool.name)).toEqual([
        "search_operations",
        "describe_operation",
        "call_operation",
      ]);
    } finally {
      await built.close();
    }
  }, 60_000);

  it("regenerates from mcpsmith.json without changing a file", () => {
    const before = filesUnder(project.dir);
    const again = execFileSync(process.execPath, [BIN, "generate"], { cwd: project.dir, encoding: "utf8" });
    expect(again).toContain("(up to date)");
    expect(filesUnder(project.dir)).toEqual(before);
  });

  it("refuses a module outside the project's src/, naming the source", () => {
    project.write(
      "outside.mjs",
      'export default { info: { name: "o", version: "1.0.0" }, tools: [], resources: [], resourceTemplates: [], prompts: [], options: {} };\n',
    );
    project.write("outside.config.json", { sources: { odd: { module: "./outside.mjs" } } });
    const result = spawnSync(process.execPath, [BIN, "generate", "--config", "outside.config.json", "--out", "."], {
      cwd: project.dir,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("sources.odd:");
    expect(result.stderr).toContain("is outside");
  });
});
