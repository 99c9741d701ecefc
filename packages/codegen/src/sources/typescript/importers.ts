/**
 * Which project modules import which, read from the syntax and resolved as the compiler resolves them. ts-morph
 * tracks references too, but not for a module removed and added again (how the extractor reads a changed file),
 * so the extractor keeps its own view: each module's imports are resolved once per version of its text.
 */
import { type Project, type SourceFile, ts } from "ts-morph";

export class ImportGraph {
  readonly #project: Project;
  readonly #resolved = new WeakMap<ts.SourceFile, string[]>();
  readonly #cache: ts.ModuleResolutionCache;

  constructor(project: Project) {
    this.#project = project;
    this.#cache = ts.createModuleResolutionCache(
      ts.sys.getCurrentDirectory(),
      (name) => name,
      project.getCompilerOptions(),
    );
  }

  /** The modules among `files` plus every project module importing one of them, directly or through others. */
  withImporters(files: readonly SourceFile[], isModule: (file: SourceFile) => boolean): SourceFile[] {
    const found = new Set(files.map((file) => file.getFilePath() as string));
    const modules = this.#project.getSourceFiles().filter(isModule);
    for (let grew = true; grew; ) {
      grew = false;
      for (const module of modules) {
        const path = module.getFilePath() as string;
        if (found.has(path) || !this.#importsOf(module).some((target) => found.has(target))) continue;
        found.add(path);
        grew = true;
      }
    }
    return modules.filter((module) => found.has(module.getFilePath())).concat(files.filter((file) => !isModule(file)));
  }

  #importsOf(file: SourceFile): string[] {
    const node = file.compilerNode;
    const known = this.#resolved.get(node);
    if (known !== undefined) return known;
    const options = this.#project.getCompilerOptions();
    const targets: string[] = [];
    for (const statement of node.statements) {
      const specifier =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
      const mode = ts.getModeForUsageLocation(node, specifier, options);
      const resolved = ts.resolveModuleName(
        specifier.text,
        node.fileName,
        options,
        ts.sys,
        this.#cache,
        undefined,
        mode,
      );
      const target = resolved.resolvedModule?.resolvedFileName;
      if (target !== undefined) targets.push(target);
    }
    this.#resolved.set(node, targets);
    return targets;
  }
}
