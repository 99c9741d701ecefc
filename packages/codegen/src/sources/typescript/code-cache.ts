/**
 * Loads a large CommonJS module (the TypeScript compiler) with V8's code cache kept on disk, as Node 22's
 * `module.enableCompileCache()` does and as `tsc` itself enables it: the next process starts from the bytecode of
 * every function the last run compiled, instead of parsing and compiling them again (a large part of a small
 * project's extraction). Node 20 has no such switch, so the module is compiled through `vm.Script`, whose
 * `cachedData` is the same mechanism; V8 checks the cache against its own version and flags and ignores one that
 * does not fit. `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as it does Node's.
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

const require = createRequire(import.meta.url);

/** Where caches live, beside Node's own default (`<tmp>/node-compile-cache`). */
const CACHE_FOLDER = join(tmpdir(), "mcpsmith-compile-cache");

interface Pending {
  script: Script;
  file: string;
}

/** Modules loaded without a usable cache: their caches are written once the work they were loaded for is done. */
const pending: Pending[] = [];

/**
 * Requires `path` through the code cache and registers it in `require.cache`, so every later `require` of it shares
 * this instance; returns its exports. A module already loaded, or caching turned off, is simply required.
 */
export function requireWithCodeCache(path: string): unknown {
  if (require.cache[path] !== undefined || process.env.NODE_DISABLE_COMPILE_CACHE) return require(path);
  const file = cacheFileOf(path);
  const cachedData = readIfPresent(file);
  const script = new Script(Module.wrap(sourceOf(path)), {
    filename: path,
    ...(cachedData !== undefined && { cachedData }),
  });
  const module = new Module(path);
  module.filename = path;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  // The module's own `require` calls resolve from its folder, as under Node's loader.
  wrapper.call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  module.loaded = true;
  require.cache[path] = module;
  if (cachedData === undefined || script.cachedDataRejected === true) pending.push({ script, file });
  return module.exports;
}

/**
 * A module's source. The compiler's is plain ASCII, which reads as Latin-1 many times faster than Node 20 decodes it
 * as UTF-8 (the two give the same string for ASCII).
 */
function sourceOf(path: string): string {
  const bytes = readFileSync(path);
  return bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
}

/**
 * Writes the caches of the modules loaded without one, with every function compiled since (call it after a run's
 * work). Best effort: a folder that cannot be written only means the next run compiles again.
 */
export function saveCodeCache(): void {
  for (const { script, file } of pending.splice(0)) write(file, script);
}

function write(file: string, script: Script): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    // Written whole, then renamed: a process starting meanwhile never reads half a cache.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, file);
  } catch {
    // Caching is an optimisation; the run itself succeeded.
  }
}

/** One cache file per module version and Node build: path, size and modification time name the module's text. */
function cacheFileOf(path: string): string {
  const { size, mtimeMs } = statSync(path);
  const key = [path, size, mtimeMs, process.version, process.arch].join("\0");
  return join(CACHE_FOLDER, `${createHash("sha256").update(key).digest("hex").slice(0, 32)}.bin`);
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
