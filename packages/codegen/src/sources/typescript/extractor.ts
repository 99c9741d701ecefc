/**
 * Derives the schemas of a project's decorated methods with one program for the whole run, and again after files
 * change (`mcpsmith dev`): only the changed modules and the modules importing them, directly or not, are read
 * again; the rest keep their schemas, and the schemas of interfaces declared in the modules left alone are reused
 * by those read again (`LastingSchemas`). A change that reaches past the importers (global declarations, module
 * augmentations) reads every module again.
 */
import { resolve } from "node:path";
import type { DatePlan } from "@mcpsmith/runtime";
import type { ts } from "ts-morph";
import type { ObjectSchema } from "../../ir/types.js";
import { saveCodeCache } from "./code-cache.js";
import { compiler } from "./compiler.js";
import { DeclarationKeys } from "./declaration-keys.js";
import { type DecoratedMethod, decoratedMethods, type MemberKind } from "./decorated.js";
import { argumentDatesOf, descriptionOf, inputSchemaOf, outputSchemaOf } from "./describe-callable.js";
import { ImportGraph } from "./importers.js";
import { createSchemaContext, LastingSchemas, type SchemaContext } from "./schema-context.js";
import { SchemaProject } from "./schema-project.js";
import { positionOf, type TypeSchemaProblem } from "./type-schema-error.js";
import { isInNodeModules } from "./types.js";
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
  /** Tools: where the derived arguments hold `Date`s, when they do. */
  dates?: DatePlan;
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
  /** Reads every module of the project (the first call is the cold run). */
  extract(): Extraction;
  /** After files changed, added or deleted on disk: reads them and the modules depending on them again. */
  update(changed: string | readonly string[]): Extraction;
}

interface ModuleResult {
  members: DerivedMember[];
  problems: TypeSchemaProblem[];
}

/** What a method's text and types give, found again after an edit by the method's key (`methodKeyOf`). */
type MethodSchemas = Pick<DerivedMember, "description" | "input" | "output">;

/** The schemas of the methods a change reaches, by key, for the modules read again to take over. */
interface Retired {
  keys: DeclarationKeys;
  methods: ReadonlyMap<string, MethodSchemas>;
}

/** Opens the project of a tsconfig; nothing is type-checked until a decorated method's types are asked for. */
export function createSchemaExtractor(tsconfig: string): SchemaExtractor {
  const project = new SchemaProject(tsconfig);
  const results = new Map<string, ModuleResult>();
  const graph = new ImportGraph(project);
  const lasting = new LastingSchemas();

  const readModules = (files: Iterable<ts.SourceFile>, checker: ts.TypeChecker, retired?: Retired) => {
    // Type ids belong to one program: a fresh cache for each run after a change.
    const context = createSchemaContext(checker, lasting);
    for (const file of files) results.set(file.fileName, readModule(file, context, retired));
  };

  /**
   * Before a change, in the program it changes: retires the schemas of the interfaces and methods of the modules at
   * `paths`, reading the `changed` ones' declarations before they are parsed again. What is kept holds that
   * program's files, not the program, which the next one replaces.
   */
  const retire = (paths: readonly string[], changed: readonly string[]): Map<string, MethodSchemas> => {
    const keys = new DeclarationKeys(project.program, project);
    for (const path of changed) {
      const file = project.program.getSourceFile(path);
      if (file !== undefined) keys.read(file);
    }
    lasting.retire(new Set(paths), keys);
    return retireMethods(paths, project.program, results, keys);
  };

  return {
    extract() {
      results.clear();
      lasting.clear();
      const checker = project.checker;
      readModules(projectModules(project.program), checker);
      saveCodeCache();
      return collect(results);
    },
    update(changed) {
      const paths = (typeof changed === "string" ? [changed] : changed).map((path) => resolve(path));
      const before = paths.map((path) => project.program.getSourceFile(path));
      const filesBefore = new Set(project.program.getSourceFiles().map((file) => file.fileName));
      const reachedPastBefore = before.some(reachesPastImporters);
      // The modules the change reaches, found in the program that still has every one of them (a deleted module's
      // importers included): their interfaces' schemas are retired before that program's files are parsed again.
      const reached = graph.withImporters(paths, projectModules(project.program)).map((file) => file.fileName);
      const retiredMethods = retire(reached, paths);
      project.update(paths);
      const checker = project.checker;
      for (const path of paths) if (project.program.getSourceFile(path) === undefined) results.delete(path);
      const modules = projectModules(project.program);
      const after = paths.map((path) => project.program.getSourceFile(path));
      const stale = graph.withImporters([...paths, ...reached], modules);
      const comeOrGone = paths.filter((_, i) => (before[i] === undefined) !== (after[i] === undefined)).length;
      // Beyond the importers: a module changing the global scope, or files other than the changed ones coming or
      // going (an import now reaching a package whose declarations add globals).
      if (
        reachedPastBefore ||
        [...after, ...stale].some(reachesPastImporters) ||
        othersCameOrWent(filesBefore, paths, project.program)
      ) {
        lasting.clear();
        readModules(modules, checker);
        return collect(results);
      }
      // Files coming or going can change where any import resolves.
      if (comeOrGone > 0) {
        lasting.clear();
        readModules(stale, checker);
        return collect(results);
      }
      const keys = new DeclarationKeys(project.program, project);
      lasting.useKeys(keys);
      readModules(stale, checker, { keys, methods: retiredMethods });
      return collect(results);
    },
  };
}

/** Whether the program gained or lost files besides `changed`, since it had `filesBefore`. */
function othersCameOrWent(filesBefore: ReadonlySet<string>, changed: readonly string[], program: ts.Program): boolean {
  const now = new Set(program.getSourceFiles().map((file) => file.fileName));
  const differ = (from: ReadonlySet<string>, to: ReadonlySet<string>) =>
    [...from].some((file) => !to.has(file) && !changed.includes(file));
  return differ(now, filesBefore) || differ(filesBefore, now);
}

/**
 * Whether a version of a changed file, or of a module importing one, can change types beyond the modules importing
 * it: a script (its declarations are global), a module declaring globals or augmenting another module (`declare
 * global`, `declare module "..."`), or a declaration file or installed package (their importers are not tracked).
 */
function reachesPastImporters(file: ts.SourceFile | undefined): boolean {
  if (file === undefined) return false;
  if (file.isDeclarationFile || isInNodeModules(file) || !compiler.isExternalModule(file)) return true;
  return file.statements.some((statement) => compiler.isModuleDeclaration(statement));
}

/** Source modules of the program, not declaration files or installed packages. */
function projectModules(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => !file.isDeclarationFile && !isInNodeModules(file));
}

/**
 * Before a change, in the program it changes: the schemas of the decorated methods of the modules at `paths`, by
 * key. A module with a problem is left out (its problems' positions move with an edit).
 */
function retireMethods(
  paths: readonly string[],
  program: ts.Program,
  results: ReadonlyMap<string, ModuleResult>,
  keys: DeclarationKeys,
): Map<string, MethodSchemas> {
  const retired = new Map<string, MethodSchemas>();
  for (const path of paths) {
    const result = results.get(path);
    const file = program.getSourceFile(path);
    if (result === undefined || file === undefined || result.problems.length > 0) continue;
    // The same file read the same way: its decorated methods in the order of its members.
    decoratedMethods(file).forEach(({ method }, i) => {
      const key = keys.methodKeyOf(method);
      const member = result.members[i];
      if (key !== undefined && member !== undefined) retired.set(key, schemasOf(member));
    });
  }
  return retired;
}

function schemasOf(member: DerivedMember): MethodSchemas {
  const { description, input, output } = member;
  return {
    ...(description !== undefined && { description }),
    ...(input !== undefined && { input }),
    ...(output !== undefined && { output }),
  };
}

function readModule(file: ts.SourceFile, context: SchemaContext, retired?: Retired): ModuleResult {
  const before = context.problems.length;
  const members: DerivedMember[] = [];
  for (const decorated of decoratedMethods(file)) {
    const { method, kind } = decorated;
    const { line, column } = positionOf(method.name);
    const member: DerivedMember = {
      kind,
      className: decorated.className,
      method: method.name.getText(file),
      line,
      column,
    };
    const key = retired?.keys.methodKeyOf(method);
    const kept = key === undefined ? undefined : retired?.methods.get(key);
    members.push(kept === undefined ? derive(member, decorated, context) : { ...member, ...kept });
  }
  return { members, problems: context.problems.slice(before) };
}

function derive(member: DerivedMember, decorated: DecoratedMethod, context: SchemaContext): DerivedMember {
  const { method, kind } = decorated;
  const description = descriptionOf(method);
  if (description !== undefined) member.description = description;
  const parameter = method.parameters[0];
  if (kind !== "resource" && !decorated.explicitInput && parameter !== undefined) {
    member.input = inputSchemaOf(method, parameter, context);
    const dates = kind === "tool" ? argumentDatesOf(parameter, context) : undefined;
    if (dates !== undefined) member.dates = dates;
  }
  if (kind === "tool" && !decorated.explicitOutput) {
    const output = outputSchemaOf(method, context);
    if (output !== undefined) member.output = output;
  }
  return member;
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
