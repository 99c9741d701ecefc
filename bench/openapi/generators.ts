/**
 * The generators compared, as the commands a user runs. mcpsmith is its built CLI, `mcpsmith generate openapi SPEC
 * --out DIR` (start-up, argument parsing and writing the project included, as for the peer); until that command
 * exists, the OpenAPI source alone (ir-worker.ts), clearly labelled. The peer is openapi-mcp-generator's own CLI.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as Kinds from "../../packages/cli/dist/commands/generate/kinds.js";
import type { Command } from "./timed.js";

export const REPO = fileURLToPath(new URL("../../../", import.meta.url));
export const CLI = join(REPO, "packages/cli/dist/bin.js");
const KINDS = join(REPO, "packages/cli/dist/commands/generate/kinds.js");
const IR_WORKER = join(dirname(fileURLToPath(import.meta.url)), "ir-worker.js");

export type GeneratorName = "openapi-mcp-generator" | "mcpsmith";

export interface Generator {
  name: GeneratorName;
  /** What is measured, for the table's header and the printed settings. */
  label: string;
  /** False when only the OpenAPI source is measured (no project written, so no type-check). */
  writesProject: boolean;
  command(spec: string, out: string, timeoutMs: number): Command;
}

const peerBin = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("openapi-mcp-generator/package.json");
  const { version, bin } = JSON.parse(readFileSync(manifest, "utf8")) as {
    version: string;
    bin: Record<string, string>;
  };
  return { version, script: join(dirname(manifest), bin["openapi-mcp-generator"]!) };
})();

export const peer: Generator = {
  name: "openapi-mcp-generator",
  label: `openapi-mcp-generator ${peerBin.version} CLI (--input SPEC --output DIR --force)`,
  writesProject: true,
  command: (spec, out, timeoutMs) => ({
    script: peerBin.script,
    args: ["--input", spec, "--output", out, "--force"],
    timeoutMs,
  }),
};

/** Whether the built CLI has `generate openapi` (read from its list of generate kinds, not from a guess). */
async function cliGeneratesOpenApi(): Promise<boolean> {
  if (!existsSync(KINDS)) return false;
  const { GENERATE_KINDS } = (await import(pathToFileURL(KINDS).href)) as typeof Kinds;
  return GENERATE_KINDS.some((kind) => kind.name === "openapi");
}

/** mcpsmith's generator, or the source-to-IR stand-in with the reason the generator is not measured. */
export async function mcpsmithGenerator(): Promise<{ generator: Generator; pending?: string }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is not built: run pnpm build`);
  if (await cliGeneratesOpenApi()) {
    return {
      generator: {
        name: "mcpsmith",
        label: "mcpsmith CLI (generate openapi SPEC --out DIR)",
        writesProject: true,
        command: (spec, out, timeoutMs) => ({
          script: CLI,
          args: ["generate", "openapi", spec, "--out", out],
          cwd: dirname(out),
          timeoutMs,
        }),
      },
    };
  }
  return {
    pending: "`mcpsmith generate openapi` is not in the built CLI yet",
    generator: {
      name: "mcpsmith",
      label: "mcpsmith source -> IR only (loadOpenApi: read, bundle, lower; no files written)",
      writesProject: false,
      command: (spec, _out, timeoutMs) => ({ script: IR_WORKER, args: [spec], timeoutMs }),
    },
  };
}
