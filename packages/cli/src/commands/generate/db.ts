import { generateDatabaseProject } from "@mcpsmith/codegen/pipelines/database";
import { CliError } from "../../errors.js";
import { databaseOptionsOf, databaseSourceOf } from "../../flags/database-options.js";
import { generatedProjectVersions, projectOutcome } from "./project-outcome.js";
import type { GenerateRunner } from "./runner.js";

/**
 * `mcpsmith generate db [<source>]`: an editable project (default folder: named after the database). A file source
 * is recorded in the project's mcpsmith.json; a server's URL never is: without a source, the run (and a
 * regeneration) reads it from the connection's environment variable.
 */
export const run: GenerateRunner = async ({ inputs, options, cwd }, io) => {
  const [given, ...extra] = inputs;
  if (extra.length > 0) {
    throw new CliError("E_USAGE", `generate db takes one source, got: ${inputs.join(" ")}`, {
      hint: "For example `mcpsmith generate db chinook.sqlite --out chinook-mcp`.",
    });
  }
  const { force, ...recorded } = options;
  const result = await generateDatabaseProject({
    input: databaseSourceOf(given, options, io.env),
    ...(typeof options.out === "string" && { out: options.out }),
    cwd,
    ...databaseOptionsOf(options, "generate"),
    force: force === true,
    recordedOptions: recorded,
    versions: generatedProjectVersions(),
  });
  return projectOutcome(result, {
    tools: result.ir.tools.length,
    resources: result.ir.resources.length,
    prompts: 0,
    warnings: result.ir.warnings.map(
      ({ file, pointer, message }) => `${file}${pointer ? `#${pointer}` : ""}: ${message}`,
    ),
  });
};
