/**
 * What the source found wrong with a document. Problems make the document unusable and are all reported together
 * in one error; warnings say what was skipped or changed and why, and travel with the IR.
 */
import { CodegenError, type CodegenProblem, type ErrorCode } from "../../errors.js";
import type { SourceWarning } from "../../ir/types.js";

/** `pointer` is a JSON pointer into the document (`""` for the whole file), or `line:column` for syntax errors. */
export type SpecProblem = CodegenProblem;

export class Diagnostics {
  readonly problems: SpecProblem[] = [];
  readonly warnings: SourceWarning[] = [];

  constructor(readonly file: string) {}

  problem(pointer: string, message: string): void {
    this.problems.push({ file: this.file, pointer, message });
  }

  warn(pointer: string, message: string): void {
    this.warnings.push({ file: this.file, pointer, message });
  }

  /** A warning about something read once per tool (a document-wide `security`, say): said the first time only. */
  warnOnce(pointer: string, message: string): void {
    const key = `${pointer}\n${message}`;
    if (this.#said.has(key)) return;
    this.#said.add(key);
    this.warn(pointer, message);
  }

  readonly #said = new Set<string>();

  /** Throws every problem found so far in one error; does nothing when there is none. */
  throwIfProblems(code: ErrorCode = "E_SPEC_INVALID"): void {
    if (this.problems.length > 0) throw specError(code, this.problems);
  }
}

const SHOWN_PROBLEMS = 50;

/** One error for a list of problems: the message lists them (the first 50), `problems` holds all of them. */
export function specError(code: ErrorCode, problems: SpecProblem[], cause?: unknown): CodegenError {
  const file = problems[0]?.file ?? "";
  const lines = problems.slice(0, SHOWN_PROBLEMS).map((p) => `  ${p.pointer || "(document)"}: ${p.message}`);
  if (problems.length > SHOWN_PROBLEMS) lines.push(`  ... and ${problems.length - SHOWN_PROBLEMS} more`);
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return new CodegenError(code, `${file}: ${count}\n${lines.join("\n")}`, { cause, problems });
}
