import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { CliError } from "../errors.js";
import type { BlankView } from "./blank-view.js";
import { generateFailed, scaffoldChoices } from "./generated-project.js";
import { isUrl } from "./template-sources.js";

/**
 * `mcpsmith new DIR --template openapi --from FILE|URL`: the project `mcpsmith generate openapi FILE --out DIR`
 * writes, with the package name, dependency sources (published, or linked from a checkout with --local) and the
 * package manager's override field the scaffold chose. A document given by URL is downloaded into the project
 * first, so the project regenerates from its own copy. Returns the number of files written.
 */
export async function scaffoldOpenApiProject(dir: string, from: string, cwd: string, view: BlankView): Promise<number> {
  if (!isUrl(from)) return await generate(dir, from, cwd, view, false);
  const created = !existsSync(dir);
  try {
    const spec = await download(from, dir);
    // The folder holds the document now, so generating into it is allowed explicitly.
    return (await generate(dir, spec, cwd, view, true)) + 1;
  } catch (error) {
    if (created) await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Saves the document at `url` in `dir` under its own file name (openapi.json or .yaml when the URL has none). */
async function download(url: string, dir: string): Promise<string> {
  let text: string;
  let type: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
    type = response.headers.get("content-type") ?? "";
  } catch (error) {
    throw new CliError("E_GENERATE_FAILED", `Could not download ${url}: ${(error as Error).message}`, {
      hint: "Check the URL (it must answer the document itself), or download it and give the file with --from.",
      cause: error,
    });
  }
  const own = basename(new URL(url).pathname);
  const name = /\.(json|ya?ml)$/i.test(own)
    ? own
    : /json/.test(type) || /^\s*\{/.test(text)
      ? "openapi.json"
      : "openapi.yaml";
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, text, "utf8");
  return path;
}

async function generate(dir: string, spec: string, cwd: string, view: BlankView, force: boolean): Promise<number> {
  const { generateOpenApiProject } = await import("@mcpsmith/codegen/pipelines/openapi");
  try {
    const result = await generateOpenApiProject({
      spec,
      out: dir,
      cwd,
      mode: "auto",
      source: {},
      force,
      recordedOptions: {},
      ...scaffoldChoices(view),
    });
    return result.written.length;
  } catch (error) {
    generateFailed(error, "the document");
  }
}
