import { mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import type { OpenApiIR } from "../../packages/codegen/dist/ir/types.js";
import { generateOpenApiProject } from "../../packages/codegen/dist/pipelines/openapi.js";
import { PINNED_VERSIONS } from "../../packages/codegen/src/emit/core/pinned-versions.test-support.js";
import type { HttpExecutorOptions } from "../../packages/runtime/dist/executors/http/index.js";
import type { ServeTarget } from "./runtime.js";
import { ROOT } from "./servers.js";

/** A project's text files by path relative to it, without node_modules/ and dist/ (to compare two generations). */
export function filesUnder(dir: string, base = dir): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    if (entry.isDirectory()) for (const [key, value] of filesUnder(path, base)) files.set(key, value);
    else files.set(path.slice(base.length + 1), readFileSync(path, "utf8"));
  }
  return files;
}

/** Links what a generated project installs from this workspace, so its tests and tsc need no download. */
export function linkDependencies(project: string): void {
  mkdirSync(join(project, "node_modules/@mcpsmith"), { recursive: true });
  mkdirSync(join(project, "node_modules/@types"), { recursive: true });
  symlinkSync(join(ROOT, "packages/runtime"), join(project, "node_modules/@mcpsmith/runtime"), "dir");
  symlinkSync(join(ROOT, "node_modules/@types/node"), join(project, "node_modules/@types/node"), "dir");
  symlinkSync(join(ROOT, "node_modules/vitest"), join(project, "node_modules/vitest"), "dir");
}

/**
 * Generates the project for the corpus document `file` (under `openapi/`) into `project`, as `mcpsmith generate
 * openapi` does with its defaults and the pinned versions, and links its dependencies. Resolves to its IR.
 */
export async function generateCorpusProject(file: string, project: string, cwd: string): Promise<OpenApiIR> {
  const { ir } = await generateOpenApiProject({
    spec: corpusFile(`openapi/${file}`),
    out: project,
    cwd,
    mode: "auto",
    source: {},
    force: false,
    recordedOptions: {},
    versions: PINNED_VERSIONS,
  });
  linkDependencies(project);
  return ir;
}

/**
 * The project's src/generated/index.ts, imported as vitest imports TypeScript: only the modules it reaches are
 * transformed (not mock-api.ts, the largest), and `@mcpsmith/runtime` resolves through the linked node_modules to
 * the same built runtime the test uses.
 */
export async function importGenerated(project: string) {
  return (await import(join(project, "src/generated/index.ts"))) as {
    createServer: (options: { mode: string; executor?: HttpExecutorOptions }) => ServeTarget;
  };
}
