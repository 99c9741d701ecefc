/**
 * The program schemas are derived in: the user's tsconfig, minus what schemas never need and parsing would cost
 * most of a run: the runtime's own declarations pull in the MCP SDK's and zod's (many times a project's own code;
 * bench/README.md) and `types: ["node"]` adds @types/node:
 * - imports made by @mcpsmith/runtime's declaration files to packages are left unresolved (the runtime's own types,
 *   `Int` and `Context` included, stay; what they say about SDK types becomes `any`, and no tool argument is one);
 * - ambient `types` packages are not loaded (a type from them, `Buffer` or `NodeJS.*`, is not JSON data anyway).
 * The user's own imports, of zod or anything else, resolve as in their build. The standard library is read as one
 * file (standard-library.ts) and no file gets JSDoc nodes (doc-comments.ts reads the comments schemas need).
 *
 * Built on the compiler's own API rather than ts-morph's project, whose wrappers and file system cost more than
 * half of a cold extraction. Parsed files are kept across programs: after an edit, only the changed files are parsed
 * again, and the compiler reuses the rest of the previous program. A changed file is parsed from its previous
 * version (the compiler's incremental parser, as its language service does): only the part around the edit is
 * parsed anew, the nodes before and after it are taken over.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";
import { compiler } from "./compiler.js";
import {
  bundleLibraries,
  LIBRARY_BUNDLE,
  type LibraryBundle,
  missingLibraries,
  rootLibraries,
} from "./standard-library.js";

/** A declaration file of the runtime, installed (`node_modules/@mcpsmith/runtime`) or in this repository. */
const RUNTIME_DECLARATION = /[\\/](@mcpsmith[\\/]runtime|packages[\\/]runtime)[\\/]dist[\\/].*\.d\.[mc]?ts$/;

export class SchemaProject {
  #program: ts.Program;
  readonly #host: ts.CompilerHost;
  /** The tsconfig's options; with the standard library bundled (standard-library.ts), also `noLib`. */
  readonly #options: ts.CompilerOptions;
  readonly #roots: Set<string>;
  /** Undefined when the project itself says `noLib`. */
  #library: LibraryBundle | undefined;
  readonly #files = new Map<string, ts.SourceFile>();
  /** The versions of the changed files that the program being made replaces, to parse the new ones from. */
  readonly #previous = new Map<string, ts.SourceFile>();
  readonly #resolutions: ts.ModuleResolutionCache;

  /**
   * `tsconfig`: a tsconfig's path, or the options of a project that has none. `roots`: the program's root files
   * instead of the tsconfig's (`generate ts` starts from its inputs only).
   */
  constructor(tsconfig: string | ts.CompilerOptions, roots?: readonly string[]) {
    const config = typeof tsconfig === "string" ? readConfig(resolve(tsconfig)) : { options: tsconfig, fileNames: [] };
    this.#library = config.options.noLib ? undefined : bundleLibraries(rootLibraries(config.options));
    this.#options = this.#library === undefined ? config.options : withoutLib(config.options);
    this.#roots = new Set(roots ?? config.fileNames);
    this.#resolutions = compiler.createModuleResolutionCache(
      compiler.sys.getCurrentDirectory(),
      (name) => name,
      this.#options,
    );
    this.#host = this.#createHost();
    this.#program = this.#createProgram();
  }

  get program(): ts.Program {
    return this.#program;
  }

  /**
   * The program's type checker. Creating it binds every file, which also links each node to its parent: files are
   * parsed without those links (binding makes them anyway), so nodes are read only once the checker exists.
   */
  get checker(): ts.TypeChecker {
    return this.#program.getTypeChecker();
  }

  /** Resolves an import as the program does (for the import graph). */
  resolveImport(specifier: ts.StringLiteralLike, file: ts.SourceFile): string | undefined {
    return this.#resolve(specifier, file.fileName, undefined, file).resolvedModule?.resolvedFileName;
  }

  /**
   * Brings the program in line with the disk for changed, added or deleted files (absolute paths): they are read
   * again, added as roots when new, dropped when gone; every other file is reused as parsed and bound. `roots`,
   * when given, replaces the root files instead (a changed file outside them is then only read again).
   */
  update(changed: readonly string[], roots?: readonly string[]): void {
    let layoutChanged = false;
    for (const path of changed) {
      const previous = this.#files.get(path);
      this.#files.delete(path);
      if (existsSync(path)) {
        if (previous !== undefined) this.#previous.set(path, previous);
        layoutChanged ||= !this.#roots.has(path) && this.#program.getSourceFile(path) === undefined;
        this.#roots.add(path);
      } else {
        layoutChanged = true;
        this.#roots.delete(path);
      }
    }
    if (roots !== undefined) {
      this.#roots.clear();
      for (const root of roots) this.#roots.add(root);
    }
    // An import may now resolve to a file that appeared, or no longer to one that went.
    if (layoutChanged) this.#resolutions.clear();
    try {
      this.#program = this.#createProgram(this.#program);
    } finally {
      this.#previous.clear();
    }
  }

  #createProgram(oldProgram?: ts.Program): ts.Program {
    const program = compiler.createProgram({
      rootNames: [...(this.#library === undefined ? [] : [LIBRARY_BUNDLE, ...this.#library.modules]), ...this.#roots],
      options: this.#options,
      host: this.#host,
      ...(oldProgram !== undefined && { oldProgram }),
    });
    if (this.#library === undefined) return program;
    // A file asking for a library the bundle lacks (`/// <reference lib="dom" />`, which `noLib` ignores): the
    // bundle grows by it, as the compiler's library would.
    const missing = missingLibraries(this.#library, program);
    if (missing.length === 0) return program;
    this.#library = bundleLibraries([...this.#library.files, ...missing]);
    this.#files.delete(LIBRARY_BUNDLE);
    return this.#createProgram(program);
  }

  #createHost(): ts.CompilerHost {
    const host = compiler.createCompilerHost(this.#options, true);
    const readFile = host.readFile.bind(host);
    return {
      ...host,
      // No JSDoc nodes (tsc's choice for TypeScript files too): the few comments schemas read are read from the
      // text (doc-comments.ts).
      jsDocParsingMode: compiler.JSDocParsingMode.ParseNone,
      // Also the program's cache of package.json lookups: without it, every program (each update too) walks up
      // from every file reading package.json files again to tell ES modules from CommonJS ones.
      getModuleResolutionCache: () => this.#resolutions,
      getSourceFile: (path, options, onError) => {
        const known = this.#files.get(path);
        if (known !== undefined) return known;
        const text = path === LIBRARY_BUNDLE ? this.#library?.text : readFile(path);
        if (text === undefined) {
          onError?.(`Cannot read ${path}.`);
          return undefined;
        }
        const file = this.#parse(path, text, options);
        this.#files.set(path, file);
        return file;
      },
      resolveModuleNameLiterals: (literals, containingFile, redirected, options, containingSourceFile) => {
        const runtime = RUNTIME_DECLARATION.test(containingFile);
        return literals.map((literal) =>
          runtime && !literal.text.startsWith(".")
            ? { resolvedModule: undefined }
            : this.#resolve(literal, containingFile, redirected, containingSourceFile, options),
        );
      },
    };
  }

  /** Parses a file, from its previous version when there is one parsed the same way. */
  #parse(path: string, text: string, options: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile {
    const previous = this.#previous.get(path);
    if (
      previous === undefined ||
      typeof options !== "object" ||
      previous.languageVersion !== options.languageVersion ||
      previous.impliedNodeFormat !== options.impliedNodeFormat
    ) {
      return compiler.createSourceFile(path, text, options);
    }
    return compiler.updateSourceFile(previous, text, changeBetween(previous.text, text));
  }

  #resolve(
    literal: ts.StringLiteralLike,
    containingFile: string,
    redirected: ts.ResolvedProjectReference | undefined,
    containingSourceFile: ts.SourceFile,
    options = this.#options,
  ): ts.ResolvedModuleWithFailedLookupLocations {
    const mode = compiler.getModeForUsageLocation(containingSourceFile, literal, options);
    return compiler.resolveModuleName(
      literal.text,
      containingFile,
      options,
      this.#host,
      this.#resolutions,
      redirected,
      mode,
    );
  }
}

/** The options with the library bundled: no library of the compiler's own (and so no `lib` list, which it forbids). */
function withoutLib(options: ts.CompilerOptions): ts.CompilerOptions {
  const { lib: _lib, ...rest } = options;
  return { ...rest, noLib: true };
}

/** The one span of `before` that `after` replaces: everything between their common start and common end. */
function changeBetween(before: string, after: string): ts.TextChangeRange {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end += 1;
  }
  return { span: { start, length: before.length - start - end }, newLength: after.length - start - end };
}

/** The tsconfig's options and files, without ambient `types` packages (see above). */
function readConfig(tsconfig: string): ts.ParsedCommandLine {
  let problem: string | undefined;
  const host: ts.ParseConfigFileHost = {
    ...compiler.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      problem = compiler.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    },
  };
  const config = compiler.getParsedCommandLineOfConfigFile(tsconfig, { types: [] }, host);
  if (config === undefined) {
    throw new CodegenError("E_INPUT_MISSING", `Cannot read ${tsconfig}: ${problem ?? "unknown error"}.`);
  }
  return config;
}
