/**
 * Type-checking a generated project without installing anything: its `node_modules` is made of symlinks to the
 * copies of its dependencies already in this workspace (pnpm's store under node_modules/.pnpm, and the workspace
 * packages). For each dependency the highest installed version with the major version the project asks for is
 * linked; when none has it, the nearest stand-in, said in the notes. The one stand-in built here: a project asking
 * for zod 3 gets zod 4's own zod 3 API (`zod/v3`, shipped in the zod 4 package) under the name `zod`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { REPO } from "./generators.js";

export interface LinkedDependency {
  name: string;
  wanted: string;
  /** The version linked, or undefined when the workspace has no copy at all. */
  version?: string;
  /** Why what is linked is not what was asked for. */
  note?: string;
}

export interface LinkResult {
  dependencies: LinkedDependency[];
  /** The TypeScript compiler to check the project with: the `typescript` it asks for, else the workspace's. */
  tsc: { script: string; version: string };
}

interface Installed {
  dir: string;
  version: string;
}

/** Every installed copy of a package in the workspace, by real path. */
function installedCopies(name: string): Installed[] {
  const dirs = new Set<string>();
  const consider = (dir: string) => {
    if (existsSync(join(dir, "package.json"))) dirs.add(realpathSync(dir));
  };
  const store = join(REPO, "node_modules/.pnpm");
  const prefix = `${name.replace("/", "+")}@`;
  for (const entry of existsSync(store) ? readdirSync(store) : []) {
    if (entry.startsWith(prefix)) consider(join(store, entry, "node_modules", name));
  }
  // Workspace packages (@mcpsmith/*) are linked into the importers' node_modules, not the store.
  for (const importer of ["", "bench", ...listDirs("packages"), ...listDirs("examples")]) {
    consider(join(REPO, importer, "node_modules", name));
  }
  return [...dirs].map((dir) => ({ dir, version: versionOf(dir) }));
}

function listDirs(folder: string): string[] {
  const path = join(REPO, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`);
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

const numbers = (version: string) => version.split(/[.-]/, 3).map((part) => Number.parseInt(part, 10) || 0);

function newer(a: Installed, b: Installed): number {
  const [x, y] = [numbers(a.version), numbers(b.version)];
  return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!;
}

/** The major version a range asks for (`^3.24.3`, `~5.8`, `3.x`, `>=2`), or undefined for `*`, `workspace:*` .... */
function wantedMajor(range: string): number | undefined {
  const match = /^(?:workspace:)?[\^~>=v ]*(\d+)/.exec(range);
  return match ? Number(match[1]) : undefined;
}

function choose(name: string, range: string): { copy?: Installed; note?: string } {
  const copies = installedCopies(name).sort(newer);
  if (copies.length === 0) return { note: "not in this workspace: left unresolved" };
  const major = wantedMajor(range);
  const fitting = copies.find((copy) => major === undefined || numbers(copy.version)[0] === major);
  if (fitting) return { copy: fitting };
  return { copy: copies[0]!, note: `no ${major}.x in this workspace: linked ${copies[0]!.version}` };
}

function link(nodeModules: string, name: string, target: string): void {
  const path = join(nodeModules, name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, "dir");
}

/** zod 4 carries the zod 3 API as `zod/v3`; a package named zod re-exporting it stands in for zod 3. */
function linkZod3From(nodeModules: string, zod4: Installed): void {
  const dir = join(nodeModules, "zod");
  mkdirSync(dir, { recursive: true });
  const v3 = relative(dir, join(zod4.dir, "v3/index.js"));
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "zod", version: "3.0.0-from-zod-4", type: "module", types: "./index.d.ts", main: "./index.js" }, null, 2)}\n`,
  );
  const body = `export * from "${v3}";\nexport { default } from "${v3}";\n`;
  writeFileSync(join(dir, "index.d.ts"), body);
  writeFileSync(join(dir, "index.js"), body);
}

/** Links every dependency of the project at `dir` (dependencies and devDependencies) into `dir/node_modules`. */
export function linkDependencies(dir: string): LinkResult {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<
    string,
    Record<string, string> | undefined
  >;
  const wanted = { ...manifest.devDependencies, ...manifest.dependencies };
  const nodeModules = join(dir, "node_modules");
  mkdirSync(nodeModules, { recursive: true });
  const dependencies: LinkedDependency[] = [];
  for (const [name, range] of Object.entries(wanted)) {
    const { copy, note } = choose(name, range);
    if (copy && name === "zod" && wantedMajor(range) === 3 && numbers(copy.version)[0] === 4) {
      linkZod3From(nodeModules, copy);
      dependencies.push({ name, wanted: range, version: copy.version, note: `zod ${copy.version}'s zod/v3 API` });
      continue;
    }
    if (copy) link(nodeModules, name, copy.dir);
    dependencies.push({ name, wanted: range, ...(copy && { version: copy.version }), ...(note && { note }) });
  }
  const typescript = choose("typescript", wanted.typescript ?? "*").copy;
  if (!typescript) throw new Error("no typescript in this workspace: run pnpm install");
  return { dependencies, tsc: { script: join(typescript.dir, "bin/tsc"), version: typescript.version } };
}
