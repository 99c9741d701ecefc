interface CallSite {
  getFileName(): string | null | undefined;
}

/** Frames that are never the user's module: Node's internals and tslib's decorator helpers (`importHelpers`). */
const NOT_USER = /^node:|[\\/]node_modules[\\/]tslib[\\/]/;

/**
 * The file of the module that applied a decorator: the first stack frame below `decorator` that is not a helper.
 * Compilers call decorators from the class's own module (TypeScript's `__esDecorate`, esbuild's inline helpers),
 * so this is the module the build wrote schemas beside. Undefined where stack frames are not available.
 */
export function callerModule(decorator: (...args: never[]) => unknown): string | undefined {
  if (typeof Error.captureStackTrace !== "function") return undefined;
  const prepare = Error.prepareStackTrace;
  const limit = Error.stackTraceLimit;
  const holder: { stack?: unknown } = {};
  let sites: unknown;
  try {
    Error.stackTraceLimit = 10;
    Error.prepareStackTrace = (_error, callSites) => callSites;
    Error.captureStackTrace(holder, decorator);
    sites = holder.stack;
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
  if (!Array.isArray(sites)) return undefined;
  for (const site of sites as CallSite[]) {
    const name = site.getFileName();
    if (name && !NOT_USER.test(name)) return toPath(name);
  }
  return undefined;
}

function toPath(name: string): string {
  if (!name.startsWith("file:")) return name;
  const url = globalThis.process?.getBuiltinModule?.("node:url");
  return url ? url.fileURLToPath(name) : decodeURIComponent(new URL(name).pathname);
}
