import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROJECT_VERSIONS, projectPackageJson } from "./package-json.js";

const versions = { ...PROJECT_VERSIONS, runtime: "^0.1.0", cli: "^0.1.0" };

describe("a new project's package.json", () => {
  it("starts projects on the versions this workspace builds and tests with", () => {
    const root = JSON.parse(readFileSync(new URL("../../../../../package.json", import.meta.url), "utf8"));
    for (const [name, version] of Object.entries(PROJECT_VERSIONS)) {
      expect(root.devDependencies[name], name).toBe(version);
    }
  });

  it("builds, starts, tests and type-checks every project alike, with the project's own scripts after", () => {
    const manifest = projectPackageJson({
      name: "weather",
      description: "Weather",
      versions,
      scripts: { dev: "mcpsmith dev --http" },
      dependencies: { zod: PROJECT_VERSIONS.zod },
    });
    expect(manifest).toMatchObject({ type: "module", main: "dist/main.js", engines: { node: ">=20.19" } });
    expect(manifest.scripts).toEqual({
      build: "tsc -p tsconfig.build.json",
      start: "node dist/main.js",
      test: "vitest run",
      typecheck: "tsc --noEmit",
      dev: "mcpsmith dev --http",
    });
    expect(manifest.dependencies).toEqual({ "@mcpsmith/runtime": "^0.1.0", zod: PROJECT_VERSIONS.zod });
    expect(manifest.devDependencies).toEqual({
      "@mcpsmith/cli": "^0.1.0",
      "@types/node": PROJECT_VERSIONS["@types/node"],
      typescript: PROJECT_VERSIONS.typescript,
      vite: PROJECT_VERSIONS.vite,
      vitest: PROJECT_VERSIONS.vitest,
    });
  });

  it("pins vite for npm and pnpm unless told the package manager's own field", () => {
    const pinned = { vite: PROJECT_VERSIONS.vite };
    const either = projectPackageJson({ name: "a", description: "A", versions });
    expect(either).toMatchObject({ overrides: pinned, pnpm: { overrides: pinned } });
    const yarn = projectPackageJson({ name: "a", description: "A", versions, overrideFields: { resolutions: pinned } });
    expect(yarn.resolutions).toEqual(pinned);
    expect(yarn).not.toHaveProperty("overrides");
    expect(yarn).not.toHaveProperty("pnpm");
  });
});
