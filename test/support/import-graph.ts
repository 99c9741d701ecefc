import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The relative imports between the source files of one package (tests and test support left out), read with the
 * compiler's own pre-processor so that type-only imports, re-exports and dynamic `import()`s all count: each of
 * them is a dependency a reader has to follow.
 */
export interface ImportGraph {
  /** Files relative to the package's `src/`, with forward slashes. */
  readonly files: readonly string[];
  /** For each file, the files of the package it imports. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

const isSource = (name: string): boolean =>
  name.endsWith(".ts") && !name.endsWith(".d.ts") && !/\.test(-support)?\.ts$/.test(name);

export function readImportGraph(srcDir: string): ImportGraph {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("__")) walk(path);
      } else if (isSource(entry.name)) {
        files.push(relative(srcDir, path).split("\\").join("/"));
      }
    }
  };
  walk(srcDir);
  files.sort();
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), "utf8");
    const targets = new Set<string>();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const base = relative(srcDir, resolve(dirname(join(srcDir, file)), fileName))
        .split("\\")
        .join("/");
      const target = [base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}/index.ts`].find((c) => known.has(c));
      if (target !== undefined && target !== file) targets.add(target);
    }
    imports.set(file, [...targets].sort());
  }
  return { files, imports };
}

/**
 * The unit a file belongs to when folders are compared: its folder, or the file itself when it sits at the root of
 * `src/` (a package's `index.ts` sits above everything and its `errors.ts` below everything, so the root is no layer).
 */
export function unitOf(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash === -1 ? file : file.slice(0, slash);
}

/** The strongly connected components of more than one node (Tarjan), each sorted, in a stable order. */
export function cycles(nodes: readonly string[], edges: (node: string) => readonly string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every import that crosses from one unit to another, as `from -> to (file -> file)`, for messages. */
export function crossings(graph: ImportGraph): Map<string, string[]> {
  const byUnits = new Map<string, string[]>();
  for (const [file, targets] of graph.imports) {
    for (const target of targets) {
      const from = unitOf(file);
      const to = unitOf(target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      byUnits.set(key, [...(byUnits.get(key) ?? []), `${file} -> ${target}`]);
    }
  }
  return byUnits;
}

/** The folder-level graph: unit -> the units it imports. */
export function unitGraph(graph: ImportGraph): Map<string, string[]> {
  const units = new Map<string, Set<string>>();
  for (const file of graph.files) units.set(unitOf(file), units.get(unitOf(file)) ?? new Set());
  for (const [file, targets] of graph.imports) {
    for (const target of targets) if (unitOf(target) !== unitOf(file)) units.get(unitOf(file))!.add(unitOf(target));
  }
  return new Map([...units].map(([unit, targets]) => [unit, [...targets].sort()]));
}
