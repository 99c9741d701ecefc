import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Project, type SourceFile, ts } from "ts-morph";
import { CodegenError } from "../../errors.js";

export interface AnnotatedInputOptions {
  /** Where relative inputs and the tsconfig are resolved from. */
  cwd: string;
  /** An explicit tsconfig; by default the nearest `tsconfig.json` above the first input. */
  tsconfig?: string;
  /** Files never read as inputs (the generated server itself, so a re-run does not scan its own output). */
  exclude?: readonly string[];
}

export interface LoadedProject {
  project: Project;
  /** The input modules, sorted by path so discovery order (and so the output) is stable. */
  files: SourceFile[];
  tsconfig?: string;
}

const SOURCE_EXTENSIONS = "{ts,tsx,mts,cts}";
/** Never tool modules: declarations, tests and installed packages. */
const IGNORED = /\.d\.[mc]?ts$|\.(test|spec)\.[mc]?tsx?$|[\\/]node_modules[\\/]/;
const GLOB_CHARACTERS = /[*?[\]{}!]/;

/**
 * Opens the inputs (files, folders or globs) in a ts-morph project configured by the project's own tsconfig, so
 * `paths`, `baseUrl` and strictness are the ones the user's build uses. Without any tsconfig, strict NodeNext.
 */
export function loadAnnotatedProject(inputs: readonly string[], options: AnnotatedInputOptions): LoadedProject {
  if (inputs.length === 0) {
    throw new CodegenError("E_INPUT_MISSING", "No input given: name the files, folders or globs to read.");
  }
  const tsconfig = findTsconfig(inputs, options);
  const project = tsconfig
    ? new Project({ tsConfigFilePath: tsconfig, skipAddingFilesFromTsConfig: true })
    : new Project({
        compilerOptions: {
          strict: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
        },
      });
  const excluded = new Set((options.exclude ?? []).map((path) => resolve(options.cwd, path)));
  const files = new Map<string, SourceFile>();
  for (const input of inputs) {
    const matched = project.addSourceFilesAtPaths(patternFor(input, options.cwd)).filter((file) => {
      const path = file.getFilePath();
      return !IGNORED.test(path) && !excluded.has(path);
    });
    if (matched.length === 0) {
      throw new CodegenError("E_INPUT_MISSING", `${input} matched no TypeScript file (.ts, .tsx, .mts, .cts).`);
    }
    for (const file of matched) files.set(file.getFilePath(), file);
  }
  return {
    project,
    files: [...files.values()].sort((a, b) => compare(a.getFilePath(), b.getFilePath())),
    ...(tsconfig !== undefined && { tsconfig }),
  };
}

function patternFor(input: string, cwd: string): string {
  if (GLOB_CHARACTERS.test(input)) return resolve(cwd, input);
  const path = resolve(cwd, input);
  if (!existsSync(path)) {
    throw new CodegenError("E_INPUT_MISSING", `${input} does not exist (resolved to ${path}).`);
  }
  return statSync(path).isDirectory() ? `${path}/**/*.${SOURCE_EXTENSIONS}` : path;
}

function findTsconfig(inputs: readonly string[], options: AnnotatedInputOptions): string | undefined {
  if (options.tsconfig !== undefined) {
    const path = resolve(options.cwd, options.tsconfig);
    if (!existsSync(path)) throw new CodegenError("E_INPUT_MISSING", `--tsconfig ${options.tsconfig} does not exist.`);
    return path;
  }
  const start = resolve(options.cwd, staticPrefix(inputs[0]!));
  const from = existsSync(start) && statSync(start).isDirectory() ? start : dirname(start);
  return ts.findConfigFile(from, ts.sys.fileExists, "tsconfig.json");
}

/** The part of a glob before its first wildcard segment: where to start looking for the tsconfig. */
function staticPrefix(input: string): string {
  const segments = input.split("/");
  const firstGlob = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  return firstGlob === -1 ? input : segments.slice(0, firstGlob).join("/") || ".";
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
