import { existsSync, statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { CliError } from "../errors.js";
import type { RenderedFiles } from "./render.js";

/** Refuses a folder that holds anything: a new project never mixes with or overwrites existing files. */
export async function checkTargetFolder(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) {
    throw new CliError("E_DIR_NOT_EMPTY", `${dir} exists and is a file.`, { hint: "Choose another folder name." });
  }
  const entries = await readdir(dir);
  if (entries.length > 0) {
    throw new CliError("E_DIR_NOT_EMPTY", `${dir} is not empty (${entries.length} entries).`, {
      hint: "Choose a new folder name, or empty that folder first; mcpsmith never writes over existing files.",
    });
  }
}

/**
 * Writes the files into a temporary folder beside the target, then renames it into place: the project appears
 * whole or not at all, and a failure half-way leaves nothing behind.
 */
export async function writeProject(dir: string, files: RenderedFiles): Promise<void> {
  await checkTargetFolder(dir);
  let staging: string | undefined;
  try {
    const parent = dirname(dir);
    await mkdir(parent, { recursive: true });
    staging = await mkdtemp(join(parent, `.${basename(dir)}.mcpsmith-`));
    for (const [path, content] of files) {
      const full = join(staging, ...path.split("/"));
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, content, "utf8");
    }
    // mkdtemp makes the folder private (0700); a project folder is an ordinary one.
    await chmod(staging, 0o755);
    // rename() will not replace a folder on every platform, even an empty one.
    if (existsSync(dir)) await rmdir(dir);
    await rename(staging, dir);
  } catch (error) {
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
    throw new CliError("E_WRITE_FAILED", `Could not write the project to ${dir}: ${(error as Error).message}`, {
      hint: "Check that the parent folder is writable and has space; nothing was left behind.",
      cause: error,
    });
  }
}
