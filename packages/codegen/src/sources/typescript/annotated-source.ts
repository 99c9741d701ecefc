import { statSync } from "node:fs";
import { relative, sep } from "node:path";
import type { Source } from "../../ir/source.js";
import type { TypeScriptIR } from "../../ir/typescript.js";
import { createDescriber } from "./annotated-describe.js";
import { discoverAnnotated } from "./annotated-discover.js";
import { lowerAnnotated } from "./annotated-lower.js";
import { type AnnotatedInputOptions, AnnotatedProject } from "./annotated-project.js";
import { saveCodeCache } from "./code-cache.js";

export interface AnnotatedSourceOptions extends AnnotatedInputOptions {
  /** Longest tool name (default 64). */
  maxNameLength?: number;
}

/** Annotated modules read again after edits, each time giving what a fresh `loadAnnotated` would. */
export interface AnnotatedReader {
  /** The IR of the inputs as they are now; `changed` names the files (absolute) edited, added or deleted since. */
  load(changed?: readonly string[]): TypeScriptIR;
}

/**
 * Annotated modules (files, folders or globs) -> the IR: discovery of the tagged exports, their schemas from the
 * type converter, safe unique names. Every problem is a `CodegenError` naming `file:line:column`.
 */
export function loadAnnotated(inputs: readonly string[], options: AnnotatedSourceOptions): TypeScriptIR {
  const ir = openAnnotated(inputs, options).load();
  saveCodeCache();
  return ir;
}

/** {@link loadAnnotated}, with every file the program read (what the IR depends on). */
export function loadAnnotatedWithFiles(
  inputs: readonly string[],
  options: AnnotatedSourceOptions,
): { ir: TypeScriptIR; files: string[] } {
  const project = new AnnotatedProject(inputs, options);
  const ir = describeProject(project, options);
  saveCodeCache();
  return { ir, files: project.readFiles };
}

/**
 * Opens the inputs once for many reads (`mcpsmith dev`): the program stays, so a read after an edit parses only
 * the changed files. A changed tsconfig opens the project afresh.
 */
export function openAnnotated(inputs: readonly string[], options: AnnotatedSourceOptions): AnnotatedReader {
  let project: AnnotatedProject | undefined;
  let tsconfigVersion: number | undefined;
  // Files changed since the program was last brought up to date (kept when a read fails before that).
  const pending = new Set<string>();
  return {
    load(changed = []) {
      for (const path of changed) pending.add(path);
      if (project === undefined || versionOf(project.tsconfig) !== tsconfigVersion) {
        project = new AnnotatedProject(inputs, options);
        tsconfigVersion = versionOf(project.tsconfig);
      } else {
        project.update([...pending]);
      }
      pending.clear();
      return describeProject(project, options);
    },
  };
}

function describeProject(project: AnnotatedProject, options: AnnotatedSourceOptions): TypeScriptIR {
  // The checker first: nodes are read only once binding has linked them (schema-project.ts).
  const checker = project.checker;
  const declarations = discoverAnnotated(project.files, checker, options.cwd);
  const describer = createDescriber(options.cwd, checker);
  const ir = lowerAnnotated(declarations, describer.describe, {
    ...(options.maxNameLength !== undefined && { maxLength: options.maxNameLength }),
    // Relative, like every path the IR carries: output never depends on where the project sits.
    ...(project.tsconfig !== undefined && { tsconfig: relative(options.cwd, project.tsconfig).split(sep).join("/") }),
  });
  describer.finish();
  return ir;
}

/** When a tsconfig was last written (undefined without one, or when it is gone). */
function versionOf(tsconfig: string | undefined): number | undefined {
  return tsconfig === undefined ? undefined : statSync(tsconfig, { throwIfNoEntry: false })?.mtimeMs;
}

/** The source adapter (`Source`, as every kind has one): one input, relative to `options.cwd` or the process's. */
export const annotatedSource: Source<Partial<AnnotatedSourceOptions>, TypeScriptIR> = {
  name: "ts",
  async load(input, options = {}) {
    return loadAnnotated([input], { ...options, cwd: options.cwd ?? process.cwd() });
  },
};
