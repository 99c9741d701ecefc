export const PACKAGE_MANAGERS = ["npm", "pnpm", "yarn", "bun"] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** The package manager that launched us (`pnpm create mcpsmith` sets npm_config_user_agent), else npm. */
export function detectPackageManager(env: Readonly<Record<string, string | undefined>>): PackageManager {
  const agent = env.npm_config_user_agent?.split("/")[0];
  return (PACKAGE_MANAGERS as readonly string[]).includes(agent ?? "") ? (agent as PackageManager) : "npm";
}

/** How a person types `run <script>` with this package manager (`bun test` would start bun's own runner). */
export function runScript(pm: PackageManager, script: string): string {
  if (pm === "npm") return script === "test" || script === "start" ? `npm ${script}` : `npm run ${script}`;
  if (pm === "bun") return `bun run ${script}`;
  return `${pm} ${script}`;
}

/** How a person runs a binary installed in the project (`npx mcpsmith list`). */
export function execPrefix(pm: PackageManager): string {
  return { npm: "npx", pnpm: "pnpm exec", yarn: "yarn", bun: "bunx" }[pm];
}

/** The install command line. With `preferOffline`, packages already in the local store are not fetched again. */
export function installCommand(pm: PackageManager, preferOffline: boolean): [string, ...string[]] {
  const offline = preferOffline && pm !== "bun" ? ["--prefer-offline"] : [];
  // A new project has no lockfile yet, and pnpm refuses to make one when CI=true unless told to.
  const lockfile = pm === "pnpm" ? ["--no-frozen-lockfile"] : [];
  // yarn 1 alone fails (npm, pnpm and bun warn) on any package's engines field, and a dependency of mcpsmith's
  // code generator asks for a newer Node than the server itself needs.
  const engines = pm === "yarn" ? ["--ignore-engines"] : [];
  return [pm, "install", ...offline, ...lockfile, ...engines];
}

/**
 * How a project depends on a package that lives in a local folder: a symlink, so the project follows the
 * checkout. npm and bun link folders given as `file:`; pnpm and yarn need `link:` for that.
 */
export function localDependency(pm: PackageManager, folder: string): string {
  return pm === "pnpm" || pm === "yarn" ? `link:${folder}` : `file:${folder}`;
}

/**
 * With `--local`, what else must come from the checkout: yarn and bun resolve a linked folder's own dependencies,
 * and our packages depend on each other as `workspace:*`, which only this checkout's pnpm workspace can resolve.
 */
export function localOverrides(pm: PackageManager, workspace: string): Record<string, string> {
  if (pm !== "yarn" && pm !== "bun") return {};
  return Object.fromEntries(
    ["runtime", "codegen"].map((name) => [`@mcpsmith/${name}`, localDependency(pm, `${workspace}/packages/${name}`)]),
  );
}

/**
 * The package.json field that forces one version of a transitive dependency, in each manager's dialect. pnpm runs
 * no dependency's install script unless listed: esbuild's (vitest) and better-sqlite3's (a SQLite project's driver,
 * and the CLI's, optional), whose script fetches or builds its native module.
 */
export function overrideField(pm: PackageManager, overrides: Record<string, string>): Record<string, unknown> {
  if (pm === "pnpm") return { pnpm: { overrides, onlyBuiltDependencies: ["better-sqlite3", "esbuild"] } };
  if (pm === "yarn") return { resolutions: overrides };
  return { overrides };
}
