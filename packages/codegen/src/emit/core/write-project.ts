import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { CodegenError } from "../../errors.js";
import { type GenerateEntry, MANIFEST_FILE, readManifest, recordGeneration } from "./manifest.js";
import { type EmittedProject, GENERATED_DIR, GENERATED_MARK } from "./project.js";
import { writeGeneratedFiles } from "./write-files.js";

export interface WriteResult {
  /** Absolute paths of every file the run owns or created (written or already up to date). */
  files: string[];
  /** The subset written this time. */
  written: string[];
  /** Stale generated files removed (a tag the document no longer has). */
  removed: string[];
}

/** What a project is written with besides its files. */
export interface ProjectWrite {
  /** The manifest entry recording the run: its kind also says whether an existing folder is such a project. */
  entry: GenerateEntry;
  /** What the project is generated from, for the refusal of a folder that is not one (`an OpenAPI document`). */
  source: string;
  /** Generate into a folder that is not a project of this kind (its files are kept). */
  force: boolean;
}

/**
 * Puts a project on disk, whatever emitted it. A new project is written whole into a temporary folder beside `out`, then renamed:
 * a failure half-way leaves nothing. An existing project gets only `src/generated/` (files whose content
 * changed, stale generated files removed) and its manifest; files outside are created when missing and never
 * overwritten, so the user's edits survive. A folder that is not such a project is refused unless `force`
 * (then, too, only missing files are added outside `src/generated/`).
 */
export function writeProject(out: string, project: EmittedProject, write: ProjectWrite): WriteResult {
  const { entry } = write;
  if (!existsSync(out) || readdirSync(out).length === 0) return writeNew(out, project, entry);
  const manifest = readManifest(out);
  const ours = manifest?.generate.some((known) => known.kind === entry.kind) === true;
  if (!ours && !write.force) {
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `${out} exists and is not a project generated from ${write.source} (no "${entry.kind}" entry in its ${MANIFEST_FILE}). Choose another --out, or add --force to generate into it (existing files outside ${GENERATED_DIR}/ are kept).`,
    );
  }
  return update(out, project, entry);
}

function writeNew(out: string, project: EmittedProject, entry: GenerateEntry): WriteResult {
  const temporary = join(dirname(out), `.${basename(out)}.mcpsmith-${process.pid}`);
  rmSync(temporary, { recursive: true, force: true });
  try {
    const files = new Map([...project.scaffold, ...project.generated]);
    for (const [path, content] of files) {
      mkdirSync(dirname(join(temporary, path)), { recursive: true });
      writeFileSync(join(temporary, path), content);
    }
    recordGeneration(temporary, entry);
    if (existsSync(out)) rmSync(out, { recursive: true });
    renameSync(temporary, out);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  const all = [...project.scaffold.keys(), ...project.generated.keys(), MANIFEST_FILE].map((path) => join(out, path));
  return { files: all, written: all, removed: [] };
}

function update(out: string, project: EmittedProject, entry: GenerateEntry): WriteResult {
  const written: string[] = [];
  for (const [path, content] of project.scaffold) {
    const target = join(out, path);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written.push(target);
  }
  const generated = new Map([...project.generated].map(([path, content]) => [join(out, path), content]));
  written.push(...writeGeneratedFiles(generated));
  const removed = removeStale(join(out, GENERATED_DIR), new Set(generated.keys()));
  const manifestPath = join(out, MANIFEST_FILE);
  const before = existsSync(manifestPath) ? readFileSync(manifestPath, "utf8") : undefined;
  recordGeneration(out, entry);
  if (readFileSync(manifestPath, "utf8") !== before) written.push(manifestPath);
  const files = [...project.scaffold.keys()].map((path) => join(out, path));
  return { files: [...files, ...generated.keys(), manifestPath], written, removed };
}

/**
 * Generated files of an earlier run that this one did not write (only files carrying the generated header), in
 * sub-folders too: a project composed of several sources keeps each one's files in a folder of its own.
 */
function removeStale(dir: string, current: Set<string>): string[] {
  if (!existsSync(dir)) return [];
  const removed: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removed.push(...removeStale(path, current));
    if (!entry.isFile() || current.has(path) || !entry.name.endsWith(".ts")) continue;
    if (!readFileSync(path, "utf8").startsWith(GENERATED_MARK)) continue;
    rmSync(path);
    removed.push(path);
  }
  return removed;
}
