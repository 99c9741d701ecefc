import { stripVTControlCharacters } from "node:util";

/** One compile of `tsc --watch`: how many errors it found and the lines that describe them. */
export interface CompileResult {
  errors: number;
  diagnostics: string[];
}

/**
 * Reads `tsc --watch --preserveWatchOutput` line by line (coloured or not) and hands back each compile's result
 * when its summary line ("Found 2 errors.") arrives. The lines tsc prints between compiles are left out.
 */
export class TscOutput {
  #diagnostics: string[] = [];

  read(line: string): CompileResult | undefined {
    const plain = stripVTControlCharacters(line).trim();
    const found = /Found (\d+) errors?\b/.exec(plain);
    if (found) {
      const diagnostics = this.#diagnostics;
      this.#diagnostics = [];
      return { errors: Number(found[1]), diagnostics };
    }
    if (plain && !/Starting compilation|File change detected/.test(plain)) this.#diagnostics.push(line);
    return undefined;
  }

  /** What a compile that never finished printed (tsc stopped part-way). */
  get unfinished(): readonly string[] {
    return this.#diagnostics;
  }
}
