// Generated code needs no formatting: for documents whose output holds the layouts the literal printer must get
// right (keys wider than the line, lists that never share a line nested in short ones, files of megabytes),
// `biome format` with the repository's settings finds nothing to change in src/generated/.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { afterAll, expect, it } from "vitest";
import { runCli } from "../packages/cli/src/test-support.js";
import { ROOT } from "./support/servers.js";

const workspace = mkdtempSync(join(tmpdir(), "mcpsmith-generate-biome-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const SPECS: [file: string, why: string][] = [
  ["github-rest-oas30.json", "examples holding lists of pairs, files over Biome's 1 MiB default"],
  ["digitalocean-multifile/specification/DigitalOcean-public.v2.yaml", "$defs keys wider than the line"],
  ["twilio-api-v2010.json", "a key whose `{` ends on column 120"],
];

/** The repository's Biome settings, without its git integration, for files of any size. */
function writeBiomeConfig(project: string): void {
  const biome = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8"));
  delete biome.vcs;
  biome.files = { includes: ["src/generated/**"], maxSize: 64 * 1024 * 1024 };
  writeFileSync(join(project, "biome.json"), JSON.stringify(biome));
}

it.each(SPECS)(
  "%s is formatted as Biome formats it (%s)",
  async (file) => {
    const project = join(workspace, file.replace(/\W+/g, "-"));
    const generated = await runCli(["generate", "openapi", corpusFile(`openapi/${file}`), "--out", project], {
      cwd: workspace,
    });
    expect(generated.code, generated.stderr).toBe(0);
    writeBiomeConfig(project);
    const { FORCE_COLOR: _color, ...env } = process.env;
    const biome = spawnSync(join(ROOT, "node_modules/.bin/biome"), ["format", "src/generated"], {
      cwd: project,
      encoding: "utf8",
      env: { ...env, NO_COLOR: "1" },
    });
    expect(biome.status, `${biome.stdout}${biome.stderr}`).toBe(0);
  },
  180_000,
);
