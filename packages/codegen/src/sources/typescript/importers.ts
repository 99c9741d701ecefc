/**
 * Which project modules import which, read from the syntax and resolved as the program resolves them: each
 * module's imports are resolved once per version of its text (a changed file is a new `SourceFile`).
 */
import type { ts } from "ts-morph";
import type { SchemaProject } from "./schema-project.js";

export class ImportGraph {
  readonly #project: SchemaProject;
  readonly #resolved = new WeakMap<ts.SourceFile, string[]>();

  constructor(project: SchemaProject) {
    this.#project = project;
  }

  /** The modules among `paths` plus every project module importing one of them, directly or through others. */
  withImporters(paths: readonly string[], modules: readonly ts.SourceFile[]): ts.SourceFile[] {
    const found = new Set(paths);
    for (let grew = true; grew; ) {
      grew = false;
      for (const module of modules) {
        if (found.has(module.fileName) || !this.#importsOf(module).some((target) => found.has(target))) continue;
        found.add(module.fileName);
        grew = true;
      }
    }
    return modules.filter((module) => found.has(module.fileName));
  }

  #importsOf(file: ts.SourceFile): string[] {
    const known = this.#resolved.get(file);
    if (known !== undefined) return known;
    const targets: string[] = [];
    // Every module specifier the program collected from the file: imports and re-exports, and also `import x =
    // require()` and import types (`import("./money.js").Money`), which statements alone would miss.
    for (const specifier of (file as ts.SourceFile & { imports?: readonly ts.StringLiteralLike[] }).imports ?? []) {
      const target = this.#project.resolveImport(specifier, file);
      if (target !== undefined) targets.push(target);
    }
    this.#resolved.set(file, targets);
    return targets;
  }
}
