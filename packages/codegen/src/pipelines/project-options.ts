import type { OptionValue } from "../emit/core/manifest.js";
import type { ProjectVersions } from "../emit/core/package-json.js";

/** Where and how a generator writes its project, whatever the source (`generate openapi|db`, `mcpsmith new`). */
export interface ProjectWriteOptions {
  /** The project folder (absolute, or relative to `cwd`); default: named after the API or the database. */
  out?: string;
  cwd: string;
  versions: ProjectVersions;
  /** Generate into an existing folder that is not a project of this kind (its files are kept). */
  force: boolean;
  /** package.json fields over the generated ones (`mcpsmith new`: name, linked dependencies, overrides). */
  packageFields?: Record<string, unknown>;
  /** The command-line options to record in the project's mcpsmith.json, by long name (`out` is set there). */
  recordedOptions: Record<string, OptionValue>;
}
