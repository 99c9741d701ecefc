/**
 * Versions a project starts with, scaffolded (`mcpsmith new`) or generated: the ones this workspace builds and tests
 * with (a unit test keeps the two in step). vite stays on 7.3.x: vite 8 no longer lowers TC39 decorators for vitest.
 */
export const PROJECT_VERSIONS = {
  zod: "4.6.7",
  typescript: "6.0.3",
  vitest: "4.1.12",
  vite: "7.3.8",
  "@types/node": "20.19.9",
} as const;

/** Package versions a project's package.json names: ours (a range, or a linked folder) and its tools'. */
export interface ProjectVersions {
  runtime: string;
  cli: string;
  typescript: string;
  vitest: string;
  vite: string;
  "@types/node": string;
}

export interface ProjectPackageOptions {
  name: string;
  description: string;
  versions: ProjectVersions;
  /** Scripts besides the four every project has (build, start, test, typecheck), listed after them. */
  scripts?: Record<string, string>;
  /** Dependencies besides `@mcpsmith/runtime`. */
  dependencies?: Record<string, string>;
  /**
   * The fields that keep vite at its pinned version, in the package manager's own dialect when it is known; by
   * default both npm's `overrides` and pnpm's.
   */
  overrideFields?: Record<string, unknown>;
}

/** The package.json of a new project: a built server in dist/main.js, tested with vitest, served by the runtime. */
export function projectPackageJson(options: ProjectPackageOptions): Record<string, unknown> {
  const { versions } = options;
  return {
    name: options.name,
    version: "0.1.0",
    description: options.description,
    private: true,
    type: "module",
    main: "dist/main.js",
    engines: { node: ">=20.19" },
    scripts: {
      build: "tsc -p tsconfig.build.json",
      start: "node dist/main.js",
      test: "vitest run",
      typecheck: "tsc --noEmit",
      ...options.scripts,
    },
    dependencies: { "@mcpsmith/runtime": versions.runtime, ...options.dependencies },
    devDependencies: {
      "@mcpsmith/cli": versions.cli,
      "@types/node": versions["@types/node"],
      typescript: versions.typescript,
      vite: versions.vite,
      vitest: versions.vitest,
    },
    ...(options.overrideFields ?? { overrides: { vite: versions.vite }, pnpm: { overrides: { vite: versions.vite } } }),
  };
}

/** Packages besides `@mcpsmith/runtime` (a database driver): required, and those an install may go on without. */
export interface DependencyFields {
  dependencies?: Record<string, string>;
  /** A native module with a fallback (better-sqlite3, where Node's own `node:sqlite` serves instead). */
  optionalDependencies?: Record<string, string>;
}

/** What a generated project's package.json is made of, whatever its source. */
export interface GeneratedPackageOptions extends DependencyFields {
  name: string;
  description: string;
  versions: ProjectVersions;
  /** Fields over the generated ones: what `mcpsmith new` knows and generate does not (name, linked dependencies). */
  packageFields?: Record<string, unknown> | undefined;
}

/** The package.json of a generated project: a new project's, whose `generate` script regenerates it. */
export function generatedPackageJson(options: GeneratedPackageOptions): Record<string, unknown> {
  return {
    ...projectPackageJson({
      name: options.name,
      description: options.description,
      versions: options.versions,
      scripts: { generate: "mcpsmith generate" },
      ...(options.dependencies !== undefined && { dependencies: options.dependencies }),
    }),
    ...(options.optionalDependencies !== undefined && { optionalDependencies: options.optionalDependencies }),
    ...options.packageFields,
  };
}
