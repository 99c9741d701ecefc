/**
 * Module hooks (`module.register`, run by Node on its loader thread) that let `mcpsmith serve` import a config and
 * the modules of a config's sources written in TypeScript, with no build step: each `.ts` file is compiled alone by
 * the TypeScript compiler (types erased, standard decorators lowered for Node, imports left as they are), and an
 * import written `./x.js` from a `.ts` file finds `./x.ts` when there is no `./x.js`, as `tsc` resolves it.
 * What a file compiles to is kept in a folder of the user's own under the temporary folder (made private, and used
 * only while it is), by the file's path, size and time: a server started again loads no compiler until a file
 * changes, and no other user of the machine can put code there for it to run.
 */
import { createHash } from "node:crypto";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

type Compiler = typeof import("../../sources/typescript/compiler.js")["compiler"];

const CACHE = join(tmpdir(), `mcpsmith-ts-cache-${process.getuid?.() ?? "user"}`);
/** Part of each cache key: a new compiler, or new compile options below, compile afresh. */
const OPTIONS_VERSION = "1";
let loaded: Compiler | undefined;

type Next<A extends unknown[], R> = (...args: A) => Promise<R>;
interface Resolved {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
interface Loaded {
  format: string;
  source?: string | ArrayBuffer | Uint8Array;
  shortCircuit?: boolean;
}

const TYPESCRIPT = /\.[cm]?ts$/;

export async function resolve(
  specifier: string,
  context: { parentURL?: string },
  next: Next<[string, { parentURL?: string }], Resolved>,
): Promise<Resolved> {
  try {
    return await next(specifier, context);
  } catch (error) {
    const fromTypeScript = context.parentURL !== undefined && TYPESCRIPT.test(new URL(context.parentURL).pathname);
    const relative = specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/");
    if (!fromTypeScript || !relative || !/\.[cm]?js$/.test(specifier)) throw error;
    return await next(specifier.replace(/js$/, "ts"), context);
  }
}

export async function load(
  url: string,
  context: { format?: string | null },
  next: Next<[string, { format?: string | null }], Loaded>,
): Promise<Loaded> {
  if (!url.startsWith("file:") || !TYPESCRIPT.test(new URL(url).pathname) || url.includes("/node_modules/")) {
    return await next(url, context);
  }
  const path = fileURLToPath(url);
  const format = url.endsWith(".cts") ? "commonjs" : "module";
  const { size, mtimeMs } = await stat(path);
  const key = createHash("sha256").update(`${OPTIONS_VERSION}\0${path}\0${size}\0${mtimeMs}`).digest("hex");
  const cached = join(CACHE, `${key}.js`);
  const trusted = privateCache();
  const hit = trusted ? await readFile(cached, "utf8").catch(() => undefined) : undefined;
  if (hit !== undefined) return { format, source: hit, shortCircuit: true };
  const source = await compile(path, await readFile(path, "utf8"), format);
  if (trusted) {
    try {
      writeFileSync(cached, source, { mode: 0o600 });
    } catch {
      // Compiled again next time.
    }
  }
  return { format, source, shortCircuit: true };
}

/** The cache folder, made if missing; usable only if it is this user's and nobody else may write in it. */
function privateCache(): boolean {
  try {
    mkdirSync(CACHE, { recursive: true, mode: 0o700 });
    const { uid, mode } = statSync(CACHE);
    return (process.getuid === undefined || uid === process.getuid()) && (mode & 0o022) === 0;
  } catch {
    return false;
  }
}

async function compile(path: string, text: string, format: string): Promise<string> {
  loaded ??= (await import("../../sources/typescript/compiler.js")).compiler;
  const ts = loaded;
  const output = ts.transpileModule(text, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: format === "commonjs" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
      inlineSourceMap: true,
    },
  });
  const problem = output.diagnostics?.find((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (problem !== undefined) {
    const where =
      problem.file && problem.start !== undefined
        ? problem.file.getLineAndCharacterOfPosition(problem.start)
        : undefined;
    const at = where === undefined ? path : `${path}:${where.line + 1}:${where.character + 1}`;
    throw new SyntaxError(`${at}: ${ts.flattenDiagnosticMessageText(problem.messageText, "\n")}`);
  }
  return output.outputText;
}
