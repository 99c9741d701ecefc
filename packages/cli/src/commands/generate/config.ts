import { configFailure } from "../../config/errors.js";
import { CliError } from "../../errors.js";
import { styleFor } from "../../format/style.js";
import { generatedProjectVersions, projectOutcome } from "./project-outcome.js";
import type { GenerateRunner } from "./runner.js";

/**
 * `mcpsmith generate --config [FILE]` (recorded as kind `config`): one project composing the generated code of every
 * source of the config, in the config's folder unless `--out` says otherwise. The project's mcpsmith.json records
 * the config, so `mcpsmith generate` there regenerates from it.
 */
export const run: GenerateRunner = async ({ inputs, options, cwd }, io) => {
  const [file, ...extra] = inputs;
  if (file === undefined || extra.length > 0) {
    throw new CliError("E_USAGE", `generate --config takes one config, got: ${inputs.join(" ") || "none"}`, {
      hint: "For example `mcpsmith generate --config mcpsmith.config.ts`.",
    });
  }
  const { readConfig } = await import("@mcpsmith/codegen/config");
  const { generateConfigProject } = await import("@mcpsmith/codegen/compose/generate");
  const style = styleFor(io.stderr, io.env);
  try {
    const read = await readConfig(file, cwd);
    const result = await generateConfigProject({
      read,
      ...(typeof options.out === "string" && { out: options.out }),
      cwd,
      versions: generatedProjectVersions(),
      force: options.force === true,
      env: io.env,
      warn: (message) => io.stderr.write(`${style.yellow("warning")} ${message}\n`),
    });
    return projectOutcome(result, {
      tools: result.tools,
      resources: result.resources,
      prompts: result.prompts,
      warnings: [],
    });
  } catch (error) {
    throw configFailure(error);
  }
};
