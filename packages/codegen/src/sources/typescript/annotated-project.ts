import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import { GLOB_CHARACTERS, listAnnotatedInputs } from "./annotated-inputs.js";
import { compiler, LIB_FOLDER } from "./compiler.js";
import { SchemaProject } from "./schema-project.js";

export interface AnnotatedInputOptions {
  /** Where relative inputs and the tsconfig are resolved from. */
  cwd: string;
  /** An explicit tsconfig; by default the nearest `tsconfig.json` above the first input. */
  tsconfig?: string;
  /** Files never read as inputs (the generated server itself, so a re-run does not scan its own output). */
  exclude?: readonly string[];
}

/** Without any tsconfig: strict NodeNext, and no ambient `types` packages (as SchemaProject drops them). */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: compiler.ScriptTarget.ES2022,
  module: compiler.ModuleKind.NodeNext,
  moduleResolution: compiler.ModuleResolutionKind.NodeNext,
  types: [],
};

/**
 * The input modules (files, folders or globs) in a program configured by the project's own tsconfig, so `paths`,
 * `baseUrl` and strictness are the ones the user's build uses; its roots are the inputs only. Kept open across
 * edits (`mcpsmith dev`): `update` re-reads the changed files and lists the inputs again, and the compiler reuses
 * everything else it parsed.
 */
export class AnnotatedProject {
  readonly #inputs: readonly string[];
  readonly #options: AnnotatedInputOptions;
  readonly #excluded: Set<string>;
  /** The tsconfig in use (absolute), undefined when there is none. */
  readonly tsconfig: string | undefined;
  readonly #project: SchemaProject;
  #paths: string[];

  constructor(inputs: readonly string[], options: AnnotatedInputOptions) {
    if (inputs.length === 0) {
      throw new CodegenError("E_INPUT_MISSING", "No input given: name the files, folders or globs to read.");
    }
    this.#inputs = inputs;
    this.#options = options;
    this.#excluded = new Set((options.exclude ?? []).map((path) => resolve(options.cwd, path)));
    this.tsconfig = findTsconfig(inputs, options);
    this.#paths = this.#listInputs();
    this.#project = new SchemaProject(this.tsconfig ?? DEFAULT_OPTIONS, this.#paths);
  }

  /** Re-reads changed, added or deleted files (absolute paths) and the inputs' list. */
  update(changed: readonly string[]): void {
    const before = new Set(this.#paths);
    this.#paths = this.#listInputs();
    // An input that appeared or went unreported is still a change to the program's layout.
    const appeared = this.#paths.filter((path) => !before.delete(path));
    this.#project.update([...new Set([...changed, ...appeared, ...before])], this.#paths);
  }

  /** The program's checker; created before any node is read (binding links nodes to their parents). */
  get checker(): ts.TypeChecker {
    return this.#project.checker;
  }

  /**
   * Every file the program read, libraries of the compiler aside (they change with its version): what the IR
   * depends on, and so what a cache of it must check (compose/sources/typescript-cache.ts).
   */
  get readFiles(): string[] {
    return this.#project.program
      .getSourceFiles()
      .map((file) => file.fileName)
      .filter((path) => !path.startsWith(LIB_FOLDER) && existsSync(path));
  }

  /** The input modules, sorted by path so discovery order (and so the output) is stable. */
  get files(): ts.SourceFile[] {
    const program = this.#project.program;
    return this.#paths.map((path) => program.getSourceFile(path)).filter((file) => file !== undefined);
  }

  #listInputs(): string[] {
    return listAnnotatedInputs(this.#inputs, this.#options.cwd, this.#excluded);
  }
}

function findTsconfig(inputs: readonly string[], options: AnnotatedInputOptions): string | undefined {
  if (options.tsconfig !== undefined) {
    const path = resolve(options.cwd, options.tsconfig);
    if (!existsSync(path)) throw new CodegenError("E_INPUT_MISSING", `--tsconfig ${options.tsconfig} does not exist.`);
    return path;
  }
  const start = resolve(options.cwd, staticPrefix(inputs[0]!));
  const from = existsSync(start) && statSync(start).isDirectory() ? start : dirname(start);
  return compiler.findConfigFile(from, compiler.sys.fileExists, "tsconfig.json");
}

/** The part of a glob before its first wildcard segment: where to start looking for the tsconfig. */
function staticPrefix(input: string): string {
  const segments = input.split("/");
  const firstGlob = segments.findIndex((segment) => GLOB_CHARACTERS.test(segment));
  return firstGlob === -1 ? input : segments.slice(0, firstGlob).join("/") || ".";
}
