import { relative } from "node:path";
import type { ts } from "ts-morph";
import { CodegenError } from "../../errors.js";

/** One type that cannot become a JSON Schema, located where it is written. */
export interface TypeSchemaProblem {
  /** Absolute path of the file the offending type is written in. */
  file: string;
  line: number;
  column: number;
  /** Where in the schema: `args.filter.onMatch`, `result.items[]`. */
  path: string;
  /** What is wrong and what to write instead. */
  message: string;
}

/** Locates a problem at a node: the line and column a person would look at in an editor (both 1-based). */
export function problemAt(node: ts.Node, path: string, message: string): TypeSchemaProblem {
  const file = node.getSourceFile();
  return problemAtOffset(file, node.getStart(file), path, message);
}

/** Locates a problem at an offset of a file (a doc comment's tag). */
export function problemAtOffset(file: ts.SourceFile, offset: number, path: string, message: string): TypeSchemaProblem {
  const { line, column } = lineAndColumnOf(file, offset);
  return { file: file.fileName, line, column, path, message };
}

/** Where a node starts (its first token, past comments), 1-based. */
export function positionOf(node: ts.Node): { line: number; column: number } {
  const file = node.getSourceFile();
  return lineAndColumnOf(file, node.getStart(file));
}

function lineAndColumnOf(file: ts.SourceFile, offset: number): { line: number; column: number } {
  const { line, character } = file.getLineAndCharacterOfPosition(offset);
  return { line: line + 1, column: character + 1 };
}
/** `src/tools.ts:12:5: args.onDone is a function; ...`, the path relative to `cwd` when one is given. */
export function formatProblem(problem: TypeSchemaProblem, cwd?: string): string {
  const file = cwd === undefined ? problem.file : relative(cwd, problem.file);
  return `${file}:${problem.line}:${problem.column}: ${problem.message}`;
}

/**
 * Every type of a build that cannot become a schema, reported at once (fixing them one run at a time is slow).
 * `problems` keeps the codegen shape (`pointer` is `line:column`); `locations` the structured form.
 */
export class TypeSchemaError extends CodegenError {
  readonly locations: readonly TypeSchemaProblem[];
  constructor(locations: readonly TypeSchemaProblem[], cwd?: string) {
    const count = locations.length;
    super(
      "E_TYPE_UNSUPPORTED",
      `${count} type${count === 1 ? "" : "s"} cannot become a JSON Schema:\n${locations.map((p) => `  ${formatProblem(p, cwd)}`).join("\n")}`,
      {
        problems: locations.map((p) => ({ file: p.file, pointer: `${p.line}:${p.column}`, message: p.message })),
      },
    );
    this.name = "TypeSchemaError";
    this.locations = locations;
  }
}
