import { generateOpenApiProject } from "@mcpsmith/codegen/pipelines/openapi";
import { CliError } from "../../errors.js";
import { modeOf, sourceOptionsOf } from "../../flags/openapi-options.js";
import { generatedProjectVersions, projectOutcome } from "./project-outcome.js";
import type { GenerateRunner } from "./runner.js";

/**
 * `mcpsmith generate openapi <spec>`: an editable project (default folder: named after the API's title). The
 * project records the run in its own mcpsmith.json, so `mcpsmith generate` inside it regenerates src/generated/.
 */
export const run: GenerateRunner = async ({ inputs, options, cwd }) => {
  const [spec, ...extra] = inputs;
  if (spec === undefined || extra.length > 0) {
    throw new CliError(
      "E_USAGE",
      spec === undefined
        ? "generate openapi needs the OpenAPI or Swagger document."
        : `generate openapi takes one document, got: ${inputs.join(" ")}`,
      { hint: "For example `mcpsmith generate openapi petstore.yaml --out petstore-mcp`." },
    );
  }
  const { force, ...recorded } = options;
  const result = await generateOpenApiProject({
    spec,
    ...(typeof options.out === "string" && { out: options.out }),
    cwd,
    mode: modeOf(options, "generate"),
    source: sourceOptionsOf(options, "generate"),
    force: force === true,
    recordedOptions: recorded,
    versions: generatedProjectVersions(),
  });
  return projectOutcome(result, {
    tools: result.ir.tools.length,
    resources: 0,
    prompts: 0,
    warnings: result.ir.warnings.map(({ file, pointer, message }) => `${file}#${pointer}: ${message}`),
  });
};
