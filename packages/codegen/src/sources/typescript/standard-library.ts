/**
 * The standard library as one declaration file. Read as the compiler reads it, a project's `lib` is dozens of files
 * (62 for ES2023 with decorators), and every program pays per file, each edit's too: its file name looked up and
 * its module format worked out again. Every new type checker then merges the global declarations of those files,
 * cloning each interface declared in several of them (`Array` in eleven). Concatenated in the compiler's own order,
 * the declarations merge once, when the file is bound; the program is told `noLib`. A library file that is a
 * module (`export {}` with `declare global`: the build lists them) stays a file of its own, after the bundle, as
 * its global augmentations come after the global declarations in the compiler's merge too. The first edit after
 * start is the one it speeds up most (bench/README.md).
 */
import { existsSync, readFileSync } from "node:fs";
import type { ts } from "ts-morph";
import { compiler, LIB_FOLDER, readLibManifest } from "./compiler.js";

/** Where the program finds the concatenation (a name the library's own files would have). */
export const LIBRARY_BUNDLE = `${LIB_FOLDER}/lib.bundle.d.ts`;

/** The compiler's tables of library names, which its API does not export by type. */
const { libs: LIB_NAMES, libMap: LIB_FILES } = compiler as typeof compiler & {
  /** Every library name, in the order the compiler sorts its library files by. */
  libs: readonly string[];
  /** Library name (`es2015.core`, `esnext.decorators`) -> file name (`lib.es2015.core.d.ts`). */
  libMap: ReadonlyMap<string, string>;
};

export interface LibraryBundle {
  /** Every library file (`lib.es5.d.ts`...), in the order the compiler would load them. */
  files: readonly string[];
  /** The concatenation of those that are scripts. */
  text: string;
  /** Paths of those that are modules: read as files of their own, after the bundle. */
  modules: readonly string[];
}

/** The library files a program with `options` starts from: its `lib`, or the default library of its target. */
export function rootLibraries(options: ts.CompilerOptions): string[] {
  return options.lib ?? [compiler.getDefaultLibFileName(options)];
}

/** The library files that files of `program` other than the library ask for (`/// <reference lib="..." />`). */
export function missingLibraries(bundle: LibraryBundle, program: ts.Program): string[] {
  const library = new Set([LIBRARY_BUNDLE, ...bundle.modules]);
  const bundled = new Set(bundle.files);
  return program
    .getSourceFiles()
    .filter((file) => !library.has(file.fileName))
    .flatMap((file) => file.libReferenceDirectives.map((directive) => libraryFile(directive.fileName)))
    .filter((file) => !bundled.has(file));
}

/**
 * `roots` and the libraries they reference, one after the other: in the compiler's order (each file after those it
 * references, then sorted by the compiler's list of names), their own references left out.
 */
export function bundleLibraries(roots: Iterable<string>): LibraryBundle {
  const texts = new Map<string, string>();
  const visit = (file: string): void => {
    if (texts.has(file)) return;
    texts.set(file, "");
    // A name the compiler does not know (`/// <reference lib="es2099" />`) adds nothing; tsc would report it.
    const path = `${LIB_FOLDER}/${file}`;
    const text = existsSync(path) ? readFileSync(path, "utf8") : "";
    for (const [, name] of text.matchAll(REFERENCE_LIB)) visit(libraryFile(name as string));
    // Re-inserted after its references: the map keeps the order the compiler processes files in.
    texts.delete(file);
    texts.set(file, text.replace(REFERENCE_LIB, ""));
  };
  for (const root of roots) visit(root);
  const ranked = [...texts.keys()].map((file, order) => ({ file, order, priority: priorityOf(file) }));
  ranked.sort((a, b) => a.priority - b.priority || a.order - b.order);
  const files = ranked.map(({ file }) => file);
  const modules = new Set(readLibManifest().modules);
  return {
    files,
    text: files
      .filter((file) => !modules.has(file))
      .map((file) => texts.get(file))
      .join("\n"),
    modules: files.filter((file) => modules.has(file)).map((file) => `${LIB_FOLDER}/${file}`),
  };
}

const REFERENCE_LIB = /^\/\/\/\s*<reference\s+lib\s*=\s*["']([^"']+)["']\s*\/>/gm;

function libraryFile(name: string): string {
  const lowered = name.toLowerCase();
  return LIB_FILES.get(lowered) ?? `lib.${lowered}.d.ts`;
}

/** The compiler's rank for a library file: `lib.d.ts` first, then by its list of names, then the rest. */
function priorityOf(file: string): number {
  if (file === "lib.d.ts" || file === "lib.es6.d.ts") return 0;
  const index = LIB_NAMES.indexOf(file.slice("lib.".length, -".d.ts".length));
  return index === -1 ? LIB_NAMES.length + 2 : index + 1;
}
