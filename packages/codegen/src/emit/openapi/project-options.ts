import type { ListingMode } from "../../ir/listing-modes.js";
import type { ProjectVersions } from "../project-package.js";

/** What the OpenAPI emitter takes beside the IR; the project's views read it too, without the emitter. */
export interface OpenApiProjectOptions {
  /** The document, as the project refers to it (relative to the project folder), for headers and the README. */
  spec: string;
  /** What `createServer()` serves by default and `src/main.ts` without `--mode`. */
  mode: ListingMode;
  /** `serverInfo` the served back end gives the same IR (name, version, title, description). */
  serverInfo: { name: string; version: string; title?: string; description?: string };
  /** Package versions the project's package.json names. */
  versions: ProjectVersions;
  /**
   * package.json fields over the generated ones: what `mcpsmith new` knows and generate does not (the package
   * name, dependencies linked from a checkout, overrides in the package manager's own field).
   */
  packageFields?: Record<string, unknown>;
}
