/**
 * Database drivers (pg, mysql2, better-sqlite3, PGlite) are optional peer dependencies, loaded only
 * when a database is used. One loader for the runtime and codegen (`@mcpsmith/runtime/internal`), so a missing driver
 * is said one way everywhere: which package to install.
 */
import { McpsmithError } from "../../errors.js";

/** The driver a database needs is not installed; `packageName` is what to install, the message says how. */
export class DriverMissingError extends McpsmithError {
  constructor(
    readonly packageName: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super("E_DRIVER_MISSING", message, options);
    this.name = "DriverMissingError";
  }
}

/**
 * Imports an optional package by a specifier no bundler can read: esbuild (and so wrangler), Rollup, Vite and webpack
 * follow `import("ioredis")` into a bundle and fail where the package is not installed, which a Worker importing
 * `toFetchHandler` never needs. Node resolves it from the runtime's own folder, as it would the literal. Only for
 * this package's own peers: from another package, the specifier would resolve from here, not from there.
 */
export function importOptional<T>(specifier: string): Promise<T> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier) as Promise<T>;
}

/** Loads an optional driver, or throws {@link DriverMissingError}; `install` may pin a version (`name@x.y.z`). */
export async function loadDriver<T>(name: string, load: () => Promise<T>, install: string = name): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error)) {
      throw new DriverMissingError(name, `This database needs the ${name} package: npm install ${install}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Node says a module is missing by a code (ESM and CommonJS spell it differently); bundlers only by the message. */
export function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return true;
  return error instanceof Error && /Cannot find (module|package)/.test(error.message);
}
