import { CodegenError, PROJECT_VERSIONS, type ProjectVersions } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";
import type { BlankView } from "./blank-view.js";

/**
 * What `mcpsmith new --template openapi|database` hands the generator from the scaffold's choices: the package name,
 * the dependency sources (published, or linked from a checkout with --local) and the package manager's override
 * field, so the generated project installs like a blank one.
 */
export function scaffoldChoices(view: BlankView): {
  versions: ProjectVersions;
  packageFields: Record<string, unknown>;
} {
  const packageJson = view.packageJson as Record<string, unknown> & {
    name: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const managerFields = Object.fromEntries(
    Object.entries(packageJson).filter(([key]) => ["pnpm", "overrides", "resolutions"].includes(key)),
  );
  return {
    versions: {
      ...PROJECT_VERSIONS,
      runtime: packageJson.dependencies["@mcpsmith/runtime"]!,
      cli: packageJson.devDependencies["@mcpsmith/cli"]!,
    },
    packageFields: { name: packageJson.name, ...managerFields },
  };
}

/** The generator's refusal of the `--from` source, as the scaffold's error (nothing was created); others pass on. */
export function generateFailed(error: unknown, source: string): never {
  if (!(error instanceof CodegenError)) throw error;
  throw new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, {
    hint: `Fix ${source} given with --from and run again; nothing was created.`,
    cause: error,
  });
}
