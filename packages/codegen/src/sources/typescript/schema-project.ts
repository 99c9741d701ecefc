/**
 * The ts-morph project schemas are derived in: the user's tsconfig, minus what schemas never need and parsing
 * would cost most of a run. Measured on bench/typescript's 100-tool project, the runtime's own declarations pull in
 * the MCP SDK's and zod's (~900 KB, eight times the project's code) and `types: ["node"]` adds @types/node:
 * - imports made by @mcpsmith/runtime's declaration files to packages are left unresolved (the runtime's own types,
 *   `Int` and `Context` included, stay; what they say about SDK types becomes `any`, and no tool argument is one);
 * - ambient `types` packages are not loaded (a type from them, `Buffer` or `NodeJS.*`, is not JSON data anyway).
 * The user's own imports, of zod or anything else, resolve as in their build.
 */
import { resolve } from "node:path";
import { Project, ts } from "ts-morph";

/** A declaration file of the runtime, installed (`node_modules/@mcpsmith/runtime`) or in this repository. */
const RUNTIME_DECLARATION = /[\\/](@mcpsmith[\\/]runtime|packages[\\/]runtime)[\\/]dist[\\/].*\.d\.[mc]?ts$/;

export function openSchemaProject(tsconfig: string): Project {
  return new Project({
    tsConfigFilePath: resolve(tsconfig),
    // The program resolves what the files import when it is built; ts-morph's own pass beforehand would build one
    // program more.
    skipFileDependencyResolution: true,
    compilerOptions: { types: [] },
    resolutionHost: (host, compilerOptions) => {
      const cache = ts.createModuleResolutionCache(ts.sys.getCurrentDirectory(), (name) => name, compilerOptions());
      return {
        resolveModuleNames(names, containingFile, _reused, redirected, options, containingSourceFile) {
          const runtime = RUNTIME_DECLARATION.test(containingFile);
          const mode = containingSourceFile?.impliedNodeFormat;
          return names.map((name) => {
            if (runtime && !name.startsWith(".")) return undefined;
            return ts.resolveModuleName(name, containingFile, options, host, cache, redirected, mode).resolvedModule;
          });
        },
      };
    },
  });
}
