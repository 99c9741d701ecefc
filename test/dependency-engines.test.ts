// `npm create mcpsmith` must install and run on the oldest Node our packages accept: every package in their
// production dependency closure (as installed here) must accept that version in its `engines.node`. A dependency
// that moved to Node 22 (as swagger-parser 13.1 did) fails here, naming the chain that brings it in.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/servers.js";

const PUBLISHED = ["cli", "codegen", "runtime", "create-mcpsmith"];

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

type Version = [number, number, number];

const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** The oldest Node the packages accept, from the CLI's own `engines` (">=20.19" -> 20.19.0). */
function oldestNode(): Version {
  const range = manifestOf(join(ROOT, "packages/cli")).engines?.node ?? "";
  const floor = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range);
  if (!floor) throw new Error(`packages/cli's engines.node is not ">=version": "${range}"`);
  return [Number(floor[1]), Number(floor[2] ?? 0), Number(floor[3] ?? 0)];
}

/** Node's module resolution from a package's folder: the nearest node_modules that has the dependency. */
function resolvePackage(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every installed package the published ones need at run time, with the chain that brings it in. */
function productionClosure(): Map<string, { manifest: Manifest; chain: string }> {
  const found = new Map<string, { manifest: Manifest; chain: string }>();
  const visit = (dir: string, chain: string): void => {
    if (found.has(dir)) return;
    const manifest = manifestOf(dir);
    found.set(dir, { manifest, chain });
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const dependency = resolvePackage(dir, name);
      if (dependency !== undefined) visit(dependency, `${chain} > ${name}`);
    }
  };
  for (const name of PUBLISHED)
    visit(realpathSync(join(ROOT, "packages", name)), manifestOf(join(ROOT, "packages", name)).name);
  return found;
}

/**
 * Whether an `engines.node` range accepts a version. Only the forms packages use there are read (`||`, `>=`,
 * `>`, `<=`, `<`, `^`, `~`, exact and partial versions such as `20` or `20.x`, `*`); anything else throws, so that a new form is
 * looked at rather than passed.
 */
function accepts(range: string, version: Version): boolean {
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .every((comparator) => comparatorHolds(version, comparator, range)),
  );
}

function comparatorHolds(version: Version, comparator: string, range: string): boolean {
  // `*` and `x` accept every version; `20.x` and `20.*` are the partial version `20`.
  if (/^[*xX]$/.test(comparator)) return true;
  const match = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+|[*xX]))?(?:\.(\d+|[*xX]))?$/.exec(comparator);
  if (!match) throw new Error(`cannot read the engines range "${range}"`);
  const [, operator = "=", ...parts] = match;
  const given = parts.filter((part) => part !== undefined && /^\d+$/.test(part)).map(Number);
  const bound: Version = [given[0]!, given[1] ?? 0, given[2] ?? 0];
  const order = compare(version, bound);
  // A partial version is the range of its versions: `20` is 20.x.x, `<20` is below 20.0.0, `>20` from 21.0.0.
  const withinPartial = given.every((part, i) => version[i] === part);
  switch (operator) {
    case ">=":
      return order >= 0;
    case "<":
      return order < 0;
    case ">":
      return order > 0 && !withinPartial;
    case "<=":
      return order <= 0 || withinPartial;
    case "^":
      return order >= 0 && version[0] === bound[0];
    case "~":
      return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    default:
      return withinPartial;
  }
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

describe("the published packages' dependencies", () => {
  it("reads engines ranges as npm does, for the forms they use", () => {
    const node: Version = [20, 19, 0];
    expect(
      ["^20.19.0 || >=22.12.0", ">= 20.12.0", "20 || >=22", ">=14", "~20.19.0", "<=20", "20.x || 22.x", "*"].map(
        (range) => accepts(range, node),
      ),
    ).toEqual([true, true, true, true, true, true, true, true]);
    expect([">=22.19", "^22", "18 || >=22", ">20", "<20.19.0", "~20.20"].map((range) => accepts(range, node))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(accepts("22.x || 24.x", node)).toBe(false);
    expect(() => accepts("latest", node)).toThrow('cannot read the engines range "latest"');
  });

  it("all run on the oldest Node the packages accept", () => {
    const node = oldestNode();
    const closure = [...productionClosure().values()];
    const refusing = closure
      .filter(({ manifest }) => manifest.engines?.node !== undefined && !accepts(manifest.engines.node, node))
      .map(
        ({ manifest, chain }) =>
          `${manifest.name}@${manifest.version} (engines.node ${manifest.engines?.node}): ${chain}`,
      );
    expect(closure.length).toBeGreaterThan(PUBLISHED.length);
    expect(refusing).toEqual([]);
  });
});
