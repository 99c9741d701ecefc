/**
 * A generated project as its user runs it, for the start-up phase: `mcpsmith generate openapi SPEC --out DIR --mode
 * tools`, its dependencies linked from this workspace (link-deps.ts), then `tsc -p tsconfig.build.json` (its own
 * build script). Its `dist/main.js --mode tools|discovery` is then started like `mcpsmith serve` (startup-worker.ts).
 */
import { join } from "node:path";
import { CLI } from "./generators.js";
import { linkDependencies } from "./link-deps.js";
import type { Spec } from "./specs.js";
import { failureOf, timed } from "./timed.js";

export interface BuiltProject {
  dir: string;
  generateMs: number;
  buildMs: number;
  buildPeakRssBytes?: number;
}

export async function buildProject(
  spec: Spec,
  workDir: string,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BuiltProject | { failure: string }> {
  const dir = join(workDir, `${spec.name}-project`);
  const generated = await timed({
    script: CLI,
    args: ["generate", "openapi", spec.file, "--out", dir, "--mode", "tools"],
    cwd: workDir,
    timeoutMs,
  });
  if (!generated.ok) return { failure: `generate: ${failureOf(generated, timeoutMs)}` };
  const linked = linkDependencies(dir);
  const built = await timed({
    script: linked.tsc.script,
    args: ["-p", join(dir, "tsconfig.build.json")],
    cwd: dir,
    timeoutMs,
    env: { NODE_OPTIONS: "--max-old-space-size=8192" },
  });
  if (!built.ok) return { failure: `tsc: ${failureOf(built, timeoutMs)}` };
  log(
    `  ${spec.name}: project generated in ${(generated.wallMs / 1000).toFixed(1)} s, built in ${(built.wallMs / 1000).toFixed(1)} s`,
  );
  return {
    dir,
    generateMs: generated.wallMs,
    buildMs: built.wallMs,
    ...(built.maxRssBytes !== undefined && { buildPeakRssBytes: built.maxRssBytes }),
  };
}
