import type { BlankView } from "./blank-view.js";
import { generateFailed, scaffoldChoices } from "./generated-project.js";

/**
 * `mcpsmith new DIR --template database --from SOURCE`: the project `mcpsmith generate db SOURCE --out DIR` writes,
 * with the package name, dependency sources and the package manager's override field the scaffold chose. A DDL
 * file's `dialect` is recorded in mcpsmith.json, as `generate db` records its flags, so regeneration reads it alike.
 * Returns the number of files written.
 */
export async function scaffoldDatabaseProject(
  dir: string,
  from: string,
  cwd: string,
  view: BlankView,
  dialect?: string,
): Promise<number> {
  const { generateDatabaseProject } = await import("@mcpsmith/codegen/pipelines/database");
  try {
    const result = await generateDatabaseProject({
      input: from,
      out: dir,
      cwd,
      force: false,
      ...(dialect !== undefined && { source: { dialect } }),
      recordedOptions: dialect === undefined ? {} : { dialect },
      ...scaffoldChoices(view),
    });
    return result.written.length;
  } catch (error) {
    generateFailed(error, "the database");
  }
}
