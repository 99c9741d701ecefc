// Every entry point of every package, and what it exports: read from the built package (`dist/`, what npm users get)
// and compared with a list checked in per package (test/__snapshots__/exports/<package>.txt). A name added or
// removed fails here until a person updates the list (`npx vitest run test/exports.test.ts -u`) and reviews the diff.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/servers.js";

interface EntryPoint {
  /** The specifier users import (`@mcpsmith/runtime/http`). */
  specifier: string;
  module: string;
  declarations: string;
}

interface PackageJson {
  name: string;
  exports?: Record<string, string | { types: string; default: string }>;
}

function entryPoints(dir: string): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
  return Object.entries(manifest.exports ?? {})
    .filter((entry): entry is [string, { types: string; default: string }] => typeof entry[1] === "object")
    .map(([subpath, target]) => ({
      specifier: subpath === "." ? manifest.name : `${manifest.name}${subpath.slice(1)}`,
      module: join(dir, target.default),
      declarations: join(dir, target.types),
    }));
}

const packages = readdirSync(join(ROOT, "packages")).sort();
const entries = new Map(packages.map((name) => [name, entryPoints(join(ROOT, "packages", name))]));

// One program over every declaration file: the compiler follows `export *` and re-exports, as a user's editor would.
const program = ts.createProgram(
  [...entries.values()].flat().map((entry) => entry.declarations),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true },
);
const checker = program.getTypeChecker();

function declaredNames(file: string): string[] {
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is missing: run \`pnpm build\` first`);
  const symbol = checker.getSymbolAtLocation(source);
  return symbol === undefined ? [] : checker.getExportsOfModule(symbol).map((s) => s.getName());
}

/** One line per name, sorted; a name with no value at run time (an interface, a type) is marked `type`. */
async function surface(entry: EntryPoint): Promise<string> {
  const values = new Set(Object.keys(await import(pathToFileURL(entry.module).href)));
  const names = new Set([...values, ...declaredNames(entry.declarations)]);
  const lines = [...names].sort().map((name) => (values.has(name) ? `  ${name}` : `  type ${name}`));
  return `${entry.specifier}\n${lines.join("\n")}\n`;
}

describe.each(packages)("packages/%s", (name) => {
  it("exports what its list says, from each entry point of its package.json", async () => {
    const text = (await Promise.all(entries.get(name)!.map(surface))).join("\n");
    await expect(text || "(no entry points)\n").toMatchFileSnapshot(
      join(ROOT, "test/__snapshots__/exports", `${name}.txt`),
    );
  });
});
