import { CodegenError, PROJECT_VERSIONS } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";
import type { BlankView } from "./blank-view.js";

/**
 * `mcpsmith new DIR --template database --from SOURCE`: the project `mcpsmith generate db SOURCE --out DIR` writes,
 * with the package name, dependency sources and the package manager's override field the scaffold chose. Returns
 * the number of files written.
 */
export async function scaffoldDatabaseProject(
  dir: string,
  from: string,
  cwd: string,
  view: BlankView,
): Promise<number> {
  const { generateDatabaseProject } = await import("@mcpsmith/codegen/pipelines/database");
  const packageJson = view.packageJson as Record<string, unknown> & {
    name: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const managerFields = Object.fromEntries(
    Object.entries(packageJson).filter(([key]) => ["pnpm", "overrides", "resolutions"].includes(key)),
  );
  try {
    const result = await generateDatabaseProject({
      input: from,
      out: dir,
      cwd,
      force: false,
      recordedOptions: {},
      versions: {
        ...PROJECT_VERSIONS,
        runtime: packageJson.dependencies["@mcpsmith/runtime"]!,
        cli: packageJson.devDependencies["@mcpsmith/cli"]!,
      },
      packageFields: { name: packageJson.name, ...managerFields },
    });
    return result.written.length;
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    throw new CliError("E_GENERATE_FAILED", `${error.code}: ${error.message}`, {
      hint: "Fix the database given with --from and run again; nothing was created.",
      cause: error,
    });
  }
}
