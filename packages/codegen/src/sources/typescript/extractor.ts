/**
 * Derives the schemas of a project's decorated methods with one ts-morph project for the whole run, and again after
 * files change (`mcpsmith dev`): only the changed modules and the modules importing them, directly or not, are
 * read again; the rest keep their schemas.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Project, SourceFile } from "ts-morph";
import type { ObjectSchema } from "../../ir/types.js";
import { decoratedMethods, type MemberKind } from "./decorated.js";
import { descriptionOf, inputSchemaOf, outputSchemaOf } from "./describe-callable.js";
import { ImportGraph } from "./importers.js";
import { createSchemaContext, type SchemaContext } from "./schema-context.js";
import { openSchemaProject } from "./schema-project.js";
import type { TypeSchemaProblem } from "./type-schema-error.js";

/** What the build derived for one decorated method. */
export interface DerivedMember {
  kind: MemberKind;
  className: string;
  method: string;
  line: number;
  column: number;
  /** The method's JSDoc summary. */
  description?: string;
  /** Tools: the arguments' schema; prompts: the arguments' schema. Absent when written in the decorator or not taken. */
  input?: ObjectSchema;
  /** Tools: the awaited return type's schema, when it is an object. */
  output?: ObjectSchema;
}

export interface Extraction {
  /** Absolute source path -> its decorated methods, for every module that has some, in path order. */
  modules: Map<string, DerivedMember[]>;
  /** Every type that cannot become a schema, once each. */
  problems: TypeSchemaProblem[];
  /** Every module read (with or without decorated methods), in path order. */
  sources: string[];
}

export interface SchemaExtractor {
  readonly project: Project;
  /** Reads every module of the project (the first call is the cold run). */
  extract(): Extraction;
  /** After files changed, added or deleted on disk: reads them and the modules depending on them again. */
  update(changed: string | readonly string[]): Extraction;
}

interface ModuleResult {
  members: DerivedMember[];
  problems: TypeSchemaProblem[];
}

/** Opens the project of a tsconfig; nothing is type-checked until a decorated method's types are asked for. */
export function createSchemaExtractor(tsconfig: string): SchemaExtractor {
  const project = openSchemaProject(tsconfig);
  const results = new Map<string, ModuleResult>();
  const graph = new ImportGraph(project);

  const readModules = (files: Iterable<SourceFile>) => {
    // Type ids belong to one program: a fresh cache for each run after a change.
    const context = createSchemaContext();
    for (const file of files) {
      if (isProjectModule(file)) results.set(file.getFilePath(), readModule(file, context));
    }
  };

  return {
    project,
    extract() {
      results.clear();
      readModules(project.getSourceFiles());
      return collect(results);
    },
    update(changed) {
      const touched = refresh(project, graph, typeof changed === "string" ? [changed] : changed, results);
      readModules(graph.withImporters(touched, isProjectModule));
      return collect(results);
    },
  };
}

/** Source modules of the project, not declaration files or installed packages. */
function isProjectModule(file: SourceFile): boolean {
  return !file.isDeclarationFile() && !file.isInNodeModules();
}

function readModule(file: SourceFile, context: SchemaContext): ModuleResult {
  const before = context.problems.length;
  const members: DerivedMember[] = [];
  for (const decorated of decoratedMethods(file)) {
    const { method, kind } = decorated;
    const { line, column } = file.getLineAndColumnAtPos(method.getNameNode().getStart());
    const member: DerivedMember = { kind, className: decorated.className, method: method.getName(), line, column };
    const description = descriptionOf(method);
    if (description !== undefined) member.description = description;
    const parameter = method.getParameters()[0];
    if (kind !== "resource" && !decorated.explicitInput && parameter !== undefined) {
      member.input = inputSchemaOf(method, parameter, context);
    }
    if (kind === "tool" && !decorated.explicitOutput) {
      const output = outputSchemaOf(method, context);
      if (output !== undefined) member.output = output;
    }
    members.push(member);
  }
  return { members, problems: context.problems.slice(before) };
}

/** Brings the project in line with the disk for the changed paths; returns the files still present. */
function refresh(
  project: Project,
  graph: ImportGraph,
  changed: readonly string[],
  results: Map<string, ModuleResult>,
): SourceFile[] {
  const present: SourceFile[] = [];
  for (const path of changed.map((file) => resolve(file))) {
    const existing = project.getSourceFile(path);
    if (!existsSync(path)) {
      if (existing !== undefined) {
        // Its importers must be read again against the program without it.
        present.push(...graph.withImporters([existing], isProjectModule).filter((file) => file !== existing));
        project.removeSourceFile(existing);
      }
      results.delete(path);
      continue;
    }
    // Read afresh rather than `refreshFromFileSystemSync()`, which diffs the text to keep wrapped nodes alive:
    // nothing here holds nodes across runs, and the diff was a fifth of an update's time.
    if (existing !== undefined) project.removeSourceFile(existing);
    present.push(project.addSourceFileAtPath(path));
  }
  return present;
}

function collect(results: Map<string, ModuleResult>): Extraction {
  const modules = new Map<string, DerivedMember[]>();
  const problems = new Map<string, TypeSchemaProblem>();
  const sources = [...results.keys()].sort();
  for (const path of sources) {
    const result = results.get(path) as ModuleResult;
    if (result.members.length > 0) modules.set(path, result.members);
    for (const problem of result.problems) {
      problems.set(`${problem.file}:${problem.line}:${problem.column}:${problem.message}`, problem);
    }
  }
  return { modules, problems: [...problems.values()], sources };
}
