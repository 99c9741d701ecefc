// The import rules of every package, read from the source: no file imports itself through others, no folder does,
// and where a package is layered, each layer imports only the layers below it. A new cycle or a layer imported
// upward fails here with the files that make it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { crossings, cycles, type ImportGraph, readImportGraph, unitGraph, unitOf } from "./support/import-graph.js";
import { ROOT } from "./support/servers.js";

/**
 * Layers, lowest first. An entry names a folder (with everything under it) or a file at the root of `src/`. A unit
 * may import its own entry and the entries of lower layers; entries of one layer are siblings and import neither
 * each other nor anything above them.
 */
const LAYERS: Record<string, readonly (readonly string[])[]> = {
  // decorators -> model -> engine -> serve: the model is the pivot every way in produces and the engine compiles.
  // middleware/ holds the built-in middleware (request log, rate limit), which need only the model's types; auth/ the
  // credential verifiers (`@mcpsmith/runtime/auth`), which serve/auth.ts runs in the endpoint.
  // executors/ (what generated servers call at run time, `@mcpsmith/runtime/http`) needs only results/. `internal.ts`
  // is an entry point like `index.ts` (`@mcpsmith/runtime/internal`, for our own packages; it loads no SDK, and
  // `internal-http.ts` holds the HTTP guards, which do). redis/ (the Redis bus and
  // task store, `@mcpsmith/runtime/redis`) implements the engine's interfaces; serve() loads it for MCPSMITH_REDIS_URL.
  // compose/ (`@mcpsmith/runtime/compose`) joins the models of many sources into one, with discovery as a mode.
  // code-mode/ (`@mcpsmith/runtime/code-mode`) turns any model into search_api and execute, each api call run by the
  // engine's own tool path. telemetry/ (spans and metrics by the OpenTelemetry conventions, and
  // `@mcpsmith/runtime/otel`) sits low: the engine opens server spans, the executors and redis/ child spans.
  // compile-cache.ts (`@mcpsmith/runtime/compile-cache`) is an entry that imports nothing of the runtime: an entry
  // loads it before everything else. sdk.ts binds the SDK's values when it is loaded, meta-keys.ts names its `_meta`
  // keys; sdk-eager.ts binds them at once, for every entry but lean.ts (`@mcpsmith/runtime/lean`), which index.ts
  // re-exports with the SDK's own values.
  runtime: [
    ["compile-cache.ts", "errors.ts", "polyfill.ts", "text.ts", "sdk.ts", "meta-keys.ts"],
    ["wire-errors.ts", "sdk-eager.ts"],
    ["schema", "telemetry"],
    ["results"],
    ["model", "executors"],
    ["decorators"],
    ["discovery", "middleware", "auth"],
    ["compose"],
    ["engine"],
    ["redis", "code-mode"],
    ["serve"],
    ["testing"],
    ["lean.ts", "internal.ts", "internal-http.ts"],
    ["index.ts"],
  ],
  // sources -> IR -> emit | serve: a source reads its input into the IR, and the two back ends read only the IR; one
  // pipeline file per generator joins them, so none of the three imports another. compose/ reads mcpsmith.config.*
  // and joins many sources into one server through them (docs/compose.md).
  codegen: [
    ["errors.ts"],
    ["names", "budget"],
    ["ir"],
    ["sources", "emit", "serve"],
    ["pipelines"],
    ["compose"],
    ["index.ts"],
  ],
};

const PACKAGES = ["runtime", "codegen", "cli", "create-mcpsmith"];

const graphs = new Map<string, ImportGraph>(
  PACKAGES.map((name) => [name, readImportGraph(join(ROOT, "packages", name, "src"))]),
);

function describeCycle(graph: ImportGraph, members: readonly string[], unitLevel: boolean): string {
  const inCycle = new Set(members);
  const edges = unitLevel
    ? [...crossings(graph)].filter(([key]) => key.split(" -> ").every((u) => inCycle.has(u))).flatMap(([, e]) => e)
    : members.flatMap((file) =>
        graph.imports
          .get(file)!
          .filter((t) => inCycle.has(t))
          .map((t) => `${file} -> ${t}`),
      );
  return `${members.join(" <-> ")}\n    ${edges.join("\n    ")}`;
}

function entryOf(layers: readonly (readonly string[])[], unit: string): { layer: number; entry: string } | undefined {
  for (const [layer, entries] of layers.entries()) {
    for (const entry of entries) if (unit === entry || unit.startsWith(`${entry}/`)) return { layer, entry };
  }
  return undefined;
}

describe.each(PACKAGES)("packages/%s/src", (name) => {
  const graph = graphs.get(name)!;

  it("has source files to check", () => {
    expect(existsSync(join(ROOT, "packages", name, "src"))).toBe(true);
    expect(graph.files.length).toBeGreaterThan(0);
  });

  it("has no import cycle between files", () => {
    const found = cycles(graph.files, (file) => graph.imports.get(file)!);
    expect(found.map((members) => describeCycle(graph, members, false))).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    const units = unitGraph(graph);
    const found = cycles([...units.keys()], (unit) => units.get(unit)!);
    expect(found.map((members) => describeCycle(graph, members, true))).toEqual([]);
  });

  const layers = LAYERS[name];
  if (layers === undefined) return;

  it("places every folder in a layer", () => {
    const units = [...new Set(graph.files.map(unitOf))];
    expect(units.filter((unit) => entryOf(layers, unit) === undefined)).toEqual([]);
  });

  it("imports only its own layer entry and the layers below", () => {
    const upward: string[] = [];
    for (const [key, edges] of crossings(graph)) {
      const [from, to] = key.split(" -> ") as [string, string];
      const source = entryOf(layers, from);
      const target = entryOf(layers, to);
      if (source === undefined || target === undefined) continue;
      const allowed = target.layer < source.layer || target.entry === source.entry;
      if (!allowed) upward.push(`${source.entry} may not import ${target.entry}: ${edges.join(", ")}`);
    }
    expect(upward).toEqual([]);
  });
});

describe("the import graph reader", () => {
  it("finds the runtime's entry importing its decorators, type-only and dynamic imports included", () => {
    const runtime = graphs.get("runtime")!;
    expect(runtime.imports.get("lean.ts")).toContain("decorators/decorators.ts");
    const cli = graphs.get("cli")!;
    // registry.ts loads each command with a dynamic import().
    expect(cli.imports.get("commands/registry.ts")).toContain("commands/new.ts");
  });

  it("finds cycles and leaves a chain alone", () => {
    const edges: Record<string, string[]> = { a: ["b"], b: ["c"], c: ["a"], d: ["a"] };
    expect(cycles(Object.keys(edges), (n) => edges[n]!)).toEqual([["a", "b", "c"]]);
    expect(cycles(["a", "b"], (n) => (n === "a" ? ["b"] : []))).toEqual([]);
  });
});
