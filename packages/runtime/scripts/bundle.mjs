// Bundles the runtime's JavaScript entry points (tsc emits only the declarations). A stdio server's start-up is
// mostly module loading, and many small modules cost more to load than one bundle (figures in bench/README.md); the
// SDK ships bundled too. Dependencies stay external; `serve()`'s HTTP stack stays a lazily loaded chunk.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { metaValidatorsSource, target } from "./meta-validators.mjs";

const root = new URL("..", import.meta.url).pathname;
const require = createRequire(import.meta.url);

// tsc writes only declarations here: every .js (and its map) is the bundle's, and chunks of an earlier bundle named by
// other hashes would otherwise be left behind, and packed.
for (const file of readdirSync(join(root, "dist"), { recursive: true, encoding: "utf8" })) {
  if (/\.js(\.map)?$/.test(file)) rmSync(join(root, "dist", file));
}

// The meta-schemas compiled ahead of time (scripts/meta-validators.mjs), rewritten from the installed Ajv and
// copied (after the build) beside json-validator.js, which requires them when it needs them.
writeFileSync(target, metaValidatorsSource());

/**
 * The entries that import no SDK module (nor zod): the lean one, and those a server on it imports as well (code mode,
 * discovery, and the helpers `mcpsmith serve` shares with the runtime). Their modules use the SDK's values only while a model is served, and whatever serves it binds them.
 */
const LAZY_SDK_ENTRIES = new Set([
  "src/lean.ts",
  "src/code-mode/index.ts",
  "src/discovery/index.ts",
  "src/internal.ts",
]);

/**
 * The entries that stand alone: the first module a server imports (compile-cache), a worker thread's, and the two
 * JSON Schema engines, which the core imports through `#json-validator`.
 */
const STANDALONE_ENTRIES = new Set([
  "src/lean.ts",
  "src/compile-cache.ts",
  "src/executors/sql/sqlite-worker.ts",
  "src/schema/json-validator.ts",
  "src/schema/json-validator-portable.ts",
]);

const entryPoints = [
  "src/index.ts",
  "src/lean.ts",
  "src/compile-cache.ts",
  "src/testing/index.ts",
  "src/executors/http/index.ts",
  "src/executors/sql/index.ts",
  "src/executors/sql/sqlite-worker.ts",
  "src/redis/index.ts",
  "src/discovery/index.ts",
  "src/code-mode/index.ts",
  "src/auth/index.ts",
  "src/compose/index.ts",
  "src/telemetry/index.ts",
  "src/internal.ts",
  "src/internal-http.ts",
  // The two JSON Schema engines, each its own file: package.json's `#json-validator` picks one per runtime.
  "src/schema/json-validator.ts",
  "src/schema/json-validator-portable.ts",
];
/**
 * The entries the servers mcpsmith writes or runs (`mcpsmith serve`) import beside the lean one, whatever their mode:
 * their plain modules are folded into the lean core (foldedModules).
 */
const BESIDE_LEAN_ENTRIES = ["src/code-mode/index.ts", "src/discovery/index.ts", "src/executors/http/index.ts"];

/** One build of every entry; the modules in `sharing` import the lean entry first, which imports `folded` (sharedCore). */
const bundle = (sharing, write, folded = []) =>
  build({
    absWorkingDir: root,
    entryPoints,
    outdir: "dist",
    outbase: "src",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    // Dependencies stay external, but for node-sql-parser's MySQL and MariaDB grammars: bundled, each a chunk loaded on
    // first use, so no one installs the package's every dialect (executors/sql/sql-parser.ts). With them the one
    // package they require, big-integer: a require() left in an ESM chunk cannot load.
    // And the OpenTelemetry API, which a server loads once a provider registers (telemetry/api.ts): its package is
    // some 40 CommonJS files, ~20 ms of a stdio server's start-up to load, against ~2 ms as part of a chunk. Copies of the API share the registered providers through a global, so the bundled one sees a provider
    // registered through any other copy of the same major version and at least its minor one (the API's own rule).
    plugins: [
      externalBut(/^(node-sql-parser\/build\/(mysql|mariadb)\.js|big-integer|@opentelemetry\/api)$/),
      sharedCore(sharing, folded),
    ],
    external: ["#json-validator"],
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
    write,
  });
// The first pass finds the modules loaded with import() (each of them an entry point to esbuild's chunking too),
// the second shares the lean entry's modules with them as well as with the other entries.
const sharedEntries = entryPoints.filter((entry) => !STANDALONE_ENTRIES.has(entry));
const { metafile: firstPass } = await bundle(new Set(sharedEntries), false);
const { metafile } = await bundle(
  new Set([...sharedEntries, ...lazyModules(firstPass)]),
  true,
  foldedModules(firstPass),
);
checkSdkBoundary(metafile, entryPoints);
copyFileSync(target, new URL("../dist/schema/meta-validators.generated.cjs", import.meta.url));

// The bundled grammars' licence (Apache-2.0), beside their chunks in dist/.
copyFileSync(
  join(dirname(require.resolve("node-sql-parser/package.json")), "LICENSE"),
  new URL("../dist/node-sql-parser.LICENSE", import.meta.url),
);

// Code mode's QuickJS engine, beside its entry, for runtimes that must import WebAssembly rather than compile it at
// run time (Cloudflare Workers: `import wasm from "@mcpsmith/runtime/code-mode/quickjs.wasm"`). Copied from the
// pinned package whose JavaScript drives it, so the two always match.
mkdirSync(new URL("../dist/code-mode/", import.meta.url), { recursive: true });
copyFileSync(
  require.resolve("@jitl/quickjs-ng-wasmfile-release-sync/wasm"),
  new URL("../dist/code-mode/quickjs.wasm", import.meta.url),
);

/**
 * The modules in `sharing` (every entry but the standalone ones, and every module loaded with import()) import the
 * lean entry's modules first. esbuild makes a chunk of each set of entry points reaching the same modules, and each
 * import() is an entry point to it: left alone, the lean entry's modules came in a score of chunks, each a
 * resolution, a read and a link at start-up. Shared this way they are one chunk, and a generated project loads 32
 * modules where it loaded 54 (docs/performance.md, "Start-up"). What the lean entry imports is left out (it would
 * import it back); the entries load nothing more than before but the lean core, which every server loads anyway.
 */
function sharedCore(sharing, folded) {
  const lean = join(root, "src/lean.ts");
  return {
    name: "shared-core",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path === lean && folded.length > 0) {
          const imports = folded.map((path) => `import ${JSON.stringify(join(root, path))};\n`).join("");
          return { contents: `${readFileSync(lean, "utf8")}\n${imports}`, loader: "ts", resolveDir: dirname(lean) };
        }
        if (!sharing.has(args.path.slice(root.length))) return undefined;
        const contents = `import ${JSON.stringify(lean)};\n${readFileSync(args.path, "utf8")}`;
        return { contents, loader: "ts", resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * The plain modules (no import(), no package) of the entries a generated server imports beside the lean one
 * (BESIDE_LEAN_ENTRIES), but the entries themselves and what the lean entry imports already. Left to esbuild they came
 * in eight chunks of 0.3 to 8 KB, each a resolution, a read and a link at start-up (about 1 ms each on Node 20 in a
 * generated project's opening); imported by the lean entry, they are part of its core, and each of those entries is
 * one file. Modules that load others lazily stay where they are, so that what they load stays lazy (code mode's
 * QuickJS sandbox above all, which a Worker bundle that does not use it must not take in).
 */
function foldedModules({ inputs }) {
  const lean = staticGraph(inputs, "src/lean.ts");
  const plain = (path) =>
    path.startsWith("src/") &&
    (inputs[path]?.imports ?? []).every(({ kind, external }) => kind !== "dynamic-import" && !external);
  // A module is folded with everything it imports, so all of that must be plain (or the lean entry's already).
  const foldable = (path) => [...staticGraph(inputs, path, lean)].every((module) => lean.has(module) || plain(module));
  const reached = new Set(BESIDE_LEAN_ENTRIES.flatMap((entry) => [...staticGraph(inputs, entry, lean)]));
  return [...reached].filter((path) => !lean.has(path) && !BESIDE_LEAN_ENTRIES.includes(path) && foldable(path));
}

/**
 * The runtime's own modules some module loads with import(), but those the lean entry imports (they would import it
 * back) and the standalone entries'.
 */
function lazyModules({ inputs }) {
  const lean = staticGraph(inputs, "src/lean.ts");
  const standalone = new Set([...STANDALONE_ENTRIES].flatMap((entry) => [...staticGraph(inputs, entry)]));
  return Object.values(inputs)
    .flatMap(({ imports }) => imports)
    .filter(({ kind, path, external }) => kind === "dynamic-import" && !external && path.startsWith("src/"))
    .map(({ path }) => path)
    .filter((path) => !lean.has(path) && !standalone.has(path));
}

/** The modules `entry` imports statically, itself included and each package as `name (from module)`; not past `stop`. */
function staticGraph(inputs, entry, stop = new Set()) {
  const seen = new Set(stop);
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { path, kind, external } of inputs[file]?.imports ?? []) {
      if (kind === "dynamic-import") continue;
      if (external) seen.add(`${path} (from ${file})`);
      else stack.push(path);
    }
  }
  return seen;
}

/** Leaves every package import to the runtime's dependencies, but those `bundled` matches. */
function externalBut(bundled) {
  return {
    name: "external-but",
    setup(build) {
      build.onResolve({ filter: /^[^./#]/ }, (args) => (bundled.test(args.path) ? undefined : { external: true }));
    },
  };
}

/**
 * The lazy boundary of src/sdk.ts, checked on what was bundled: the lazy entries import no SDK module before
 * `serve()` loads it, and every other entry whose modules take the SDK's values from sdk.ts binds them first
 * (sdk-eager.ts). A module that imported the SDK directly into the lean entry's graph, or an entry that forgot
 * sdk-eager.ts, fails the build here rather than a server at its first request.
 */
function checkSdkBoundary({ inputs }, entryPoints) {
  const problems = [];
  for (const entryPoint of entryPoints) {
    // The other entries' import of the lean entry (sharedCore) is checked as the lean entry.
    const graph = staticGraph(inputs, entryPoint, new Set(entryPoint === "src/lean.ts" ? [] : ["src/lean.ts"]));
    if (LAZY_SDK_ENTRIES.has(entryPoint)) {
      // The OpenTelemetry API too (bundled): telemetry/api.ts loads it once something is registered with it.
      const lazy = [...graph].filter((path) => /^(@modelcontextprotocol\/|zod[ /])|@opentelemetry[+/]api/.test(path));
      if (lazy.length > 0) problems.push(`${entryPoint} imports ${lazy.join(", ")} statically`);
    } else if (graph.has("src/sdk.ts") && !graph.has("src/sdk-eager.ts")) {
      problems.push(`${entryPoint} uses src/sdk.ts but does not import src/sdk-eager.ts`);
    }
  }
  if (problems.length > 0) throw new Error(`the SDK's lazy boundary (src/sdk.ts):\n${problems.join("\n")}`);
}
