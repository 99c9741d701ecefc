/**
 * Module hooks (`module.register`, run by Node on its loader thread) that let `mcpsmith serve` import a config and
 * the modules of a config's sources written in TypeScript, with no build step: each `.ts` file is compiled alone by
 * the TypeScript compiler (types erased, standard decorators lowered for Node, imports left as they are), and an
 * import written `./x.js` from a `.ts` file finds `./x.ts` when there is no `./x.js`, as `tsc` resolves it.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compiler as ts } from "../sources/typescript/compiler.js";

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
  const output = ts.transpileModule(await readFile(path, "utf8"), {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: url.endsWith(".cts") ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext,
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
  return { format: url.endsWith(".cts") ? "commonjs" : "module", source: output.outputText, shortCircuit: true };
}
