/**
 * The IR of a config's annotated TypeScript, kept between runs in the config's `.mcpsmith/compose/` folder: deriving
 * it runs the type checker (seconds), and a server that hosts start again and again should not pay that each
 * time. An entry is used only when the compiler, the options, the list of input modules and every file the program
 * read (size and modification time) are as they were; anything else derives the IR again and replaces the entry.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { TypeScriptIR } from "../../ir/typescript.js";
import { listAnnotatedInputs } from "../../sources/typescript/annotated-inputs.js";
import type { AnnotatedSourceOptions } from "../../sources/typescript/annotated-source.js";

interface Entry {
  /** The compiler's version and the options: a change to either is a different IR. */
  key: string;
  inputs: string[];
  stamps: Record<string, string>;
  ir: TypeScriptIR;
}

const FORMAT = 1;

/** ts-morph's version pins the compiler's: known without loading the compiler, which a hit never needs. */
const TS_MORPH = (createRequire(import.meta.url)("ts-morph/package.json") as { version: string }).version;

export async function cachedAnnotated(
  inputs: readonly string[],
  options: AnnotatedSourceOptions,
  cacheFile: string,
): Promise<TypeScriptIR> {
  const key = JSON.stringify([FORMAT, TS_MORPH, inputs, options.tsconfig ?? null, options.maxNameLength ?? null]);
  const listed = listAnnotatedInputs(inputs, options.cwd);
  const entry = read(cacheFile);
  if (
    entry?.key === key &&
    same(entry.inputs, listed) &&
    Object.entries(entry.stamps).every(([path, stamp]) => stampOf(path) === stamp)
  ) {
    return entry.ir;
  }
  const { loadAnnotatedWithFiles } = await import("../../sources/typescript/annotated-source.js");
  const { ir, files } = loadAnnotatedWithFiles(inputs, options);
  write(cacheFile, { key, inputs: listed, stamps: Object.fromEntries(files.map((path) => [path, stampOf(path)])), ir });
  return ir;
}

function stampOf(path: string): string {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat === undefined ? "gone" : `${stat.size}:${stat.mtimeMs}`;
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function read(file: string): Entry | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Entry;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (a folder that cannot be written only costs the next start its speed). */
function write(file: string, entry: Entry): void {
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(entry));
    renameSync(temporary, file);
  } catch {
    // Read-only project folder: derive again next time.
  }
}
