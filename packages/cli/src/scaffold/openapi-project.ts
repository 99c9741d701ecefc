import { CodegenError, PROJECT_VERSIONS } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";
import type { BlankView } from "./blank-view.js";

/**
 * `mcpsmith new DIR --template openapi --from FILE`: the project `mcpsmith generate openapi FILE --out DIR` writes,
 * with the package name, dependency sources (published, or linked from a checkout with --local) and the
 * package manager's override field the scaffold chose. Returns the number of files written.
 */
export async function scaffoldOpenApiProject(dir: string, spec: string, cwd: string, view: BlankView): Promise<number> {
  const { generateOpenApiProject } = await import("@mcpsmith/codegen/pipelines/openapi");
  const packageJson = view.packageJson as Record<string, unknown> & {
    name: string;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const managerFields = Object.fromEntries(
    Object.entries(packageJson).filter(([key]) => ["pnpm", "overrides", "resolutions"].includes(key)),
  );
  try {
    const result = await generateOpenApiProject({
      spec,
      out: dir,
      cwd,
      mode: "auto",
      source: {},
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
      hint: "Fix the document given with --from and run again; nothing was created.",
      cause: error,
    });
  }
}
