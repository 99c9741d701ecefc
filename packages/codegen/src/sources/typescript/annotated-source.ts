import { relative, sep } from "node:path";
import type { Source } from "../../ir/source.js";
import type { TypeScriptIR } from "../../ir/typescript.js";
import { createDescriber } from "./annotated-describe.js";
import { discoverAnnotated } from "./annotated-discover.js";
import { lowerAnnotated } from "./annotated-lower.js";
import { type AnnotatedInputOptions, loadAnnotatedProject } from "./annotated-project.js";

export interface AnnotatedSourceOptions extends AnnotatedInputOptions {
  /** Longest tool name (default 64). */
  maxNameLength?: number;
}

/**
 * Annotated modules (files, folders or globs) -> the IR: discovery of the tagged exports, their schemas from the
 * type converter, safe unique names. Every problem is a `CodegenError` naming `file:line:column`.
 */
export function loadAnnotated(inputs: readonly string[], options: AnnotatedSourceOptions): TypeScriptIR {
  const loaded = loadAnnotatedProject(inputs, options);
  const declarations = discoverAnnotated(loaded.files, options.cwd);
  const describer = createDescriber(options.cwd, loaded.project.getTypeChecker());
  const ir = lowerAnnotated(declarations, describer.describe, {
    ...(options.maxNameLength !== undefined && { maxLength: options.maxNameLength }),
    // Relative, like every path the IR carries: output never depends on where the project sits.
    ...(loaded.tsconfig !== undefined && { tsconfig: relative(options.cwd, loaded.tsconfig).split(sep).join("/") }),
  });
  describer.finish();
  return ir;
}

/** The source adapter (`Source`, as every kind has one): one input, relative to `options.cwd` or the process's. */
export const annotatedSource: Source<Partial<AnnotatedSourceOptions>, TypeScriptIR> = {
  name: "ts",
  async load(input, options = {}) {
    return loadAnnotated([input], { ...options, cwd: options.cwd ?? process.cwd() });
  },
};
