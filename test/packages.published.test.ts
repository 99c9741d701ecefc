// What each package's tarball holds, checked where users meet it: the `.tgz` `pnpm pack` makes for a release.
// publint and arethetypeswrong find nothing; the metadata an npm page shows is there; no test file ships; every
// source map stands alone (its sources inside, nothing it names left out); every package a file imports is declared
// (a dependency the workspace's root provides would work here and nowhere else). Prints the tarball sizes.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "./support/commands.js";
import { type PackedPackage, PUBLIC_PACKAGES, packPublicPackages } from "./support/packages.js";
import { ROOT } from "./support/servers.js";

const tmp = mkdtempSync(join(tmpdir(), "mcpsmith-packages-"));
let packed: PackedPackage[] = [];
const unpacked = new Map<string, string>();

beforeAll(() => {
  mkdirSync(join(tmp, "tarballs"));
  packed = packPublicPackages(join(tmp, "tarballs"));
  for (const pkg of packed) {
    const into = join(tmp, "unpacked", pkg.name);
    mkdirSync(into, { recursive: true });
    execFileSync("tar", ["xzf", pkg.tarball, "-C", into]);
    unpacked.set(pkg.name, join(into, "package"));
  }
}, 60_000);

afterAll(() => {
  const rows = packed.map((pkg) => {
    const files = filesIn(unpacked.get(pkg.name)!);
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
    return `${pkg.name.padEnd(20)} ${kb(pkg.bytes).padStart(9)} packed ${kb(bytes).padStart(9)} unpacked ${String(files.length).padStart(5)} files`;
  });
  console.log(`Tarball sizes:\n${rows.join("\n")}`);
  rmSync(tmp, { recursive: true, force: true });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const pkgOf = (name: string) => packed.find((pkg) => pkg.name === name)!;
const manifestOf = (name: string) => JSON.parse(readFileSync(join(unpacked.get(name)!, "package.json"), "utf8"));

const NAMES = PUBLIC_PACKAGES.map(
  (folder) => JSON.parse(readFileSync(join(ROOT, "packages", folder, "package.json"), "utf8")).name as string,
);

describe.each(NAMES)("%s", (name) => {
  it("passes publint, warnings and suggestions included", async () => {
    const tarball = readFileSync(pkgOf(name).tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      level: "suggestion",
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it("passes arethetypeswrong (ESM only: Node 20.19 requires ESM from CommonJS)", async () => {
    const attw = join(ROOT, "node_modules/.bin/attw");
    // Entry points that are no JavaScript (code mode's WebAssembly, imported as a module on Workers) have no types.
    const notJavaScript = Object.keys(manifestOf(name).exports ?? {}).filter((entry) => /\.wasm$/.test(entry));
    const exclude = notJavaScript.length > 0 ? ["--exclude-entrypoints", ...notJavaScript] : [];
    const checked = await runCommand(attw, [pkgOf(name).tarball, "--profile", "esm-only", "--no-color", ...exclude], {
      cwd: tmp,
      env: process.env,
    });
    expect(checked.code, checked.output).toBe(0);
  });

  it("has the metadata its npm page shows, and a README with a quick start", () => {
    const manifest = manifestOf(name);
    for (const field of ["description", "keywords", "homepage", "repository", "license", "engines", "bugs"]) {
      expect(manifest[field], field).toBeTruthy();
    }
    expect(manifest.engines.node).toBe(">=20.19");
    const readme = readFileSync(join(unpacked.get(name)!, "README.md"), "utf8");
    expect(readme).toMatch(/^# /);
    expect(readme).toMatch(/```(sh|ts)\n/);
    // Links must work on the npm page, where the repository's relative paths lead nowhere.
    expect(readme).not.toMatch(/\]\((?!https?:|#)[^)]+\)/);
  });

  it("ships no test file, and source maps that stand alone", () => {
    const dir = unpacked.get(name)!;
    const files = filesIn(dir).map((file) => relative(dir, file));
    // Templates of a generated project's own tests (*.test.ts.hbs) are not tests of ours.
    expect(
      files.filter(
        (file) => /\.test\.|test-support|__snapshots__|fixtures?\//.test(file) && !file.startsWith("templates/"),
      ),
    ).toEqual([]);
    const shipped = new Set(files);
    for (const file of files.filter((path) => /\.(js|cjs|mjs|d\.ts)$/.test(path))) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(dir, file), "utf8"))?.[1];
      if (url === undefined) continue;
      const map = join(dirname(file), url);
      expect(shipped.has(map), `${file} names ${map}`).toBe(true);
    }
    for (const file of files.filter((path) => path.endsWith(".map"))) {
      const map = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
        sources: string[];
        sourcesContent?: unknown[];
      };
      const standsAlone = map.sources.every(
        (source, i) => typeof map.sourcesContent?.[i] === "string" || shipped.has(join(dirname(file), source)),
      );
      expect(standsAlone, `${file}: a source neither inside the map nor shipped`).toBe(true);
    }
  });

  it("imports only packages it declares", () => {
    const dir = unpacked.get(name)!;
    const manifest = manifestOf(name);
    const declared = new Set([
      name,
      ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }),
    ]);
    const undeclared = new Set<string>();
    for (const file of filesIn(dir).filter((path) => /\.(js|mjs|cjs)$/.test(path))) {
      for (const specifier of importsOf(readFileSync(file, "utf8"))) {
        const pkg = packageName(specifier);
        if (pkg !== undefined && !declared.has(pkg)) undeclared.add(`${relative(dir, file)}: ${specifier}`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});

describe("the packages together", () => {
  it("depend on each other at the versions released with them, never workspace:", () => {
    for (const pkg of packed) {
      const manifest = manifestOf(pkg.name);
      for (const [dependency, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
        expect(range, `${pkg.name} -> ${dependency}`).not.toMatch(/^(workspace|link|file):/);
        const ours = packed.find((other) => other.name === dependency);
        if (ours) expect(range, `${pkg.name} -> ${dependency}`).toBe(ours.version);
      }
    }
  });
});

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => join(dir, file))
    .filter((file) => statSync(file).isFile());
}

/** The string specifiers of static imports, re-exports, `import("...")` and `require("...")`. */
function importsOf(code: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^;'"]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names; undefined for relative paths, `#imports` and Node's own modules. */
function packageName(specifier: string): string | undefined {
  if (/^(\.|\/|#|node:|data:)/.test(specifier) || BUILTINS.has(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
