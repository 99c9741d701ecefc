import type { OptionValue } from "@mcpsmith/codegen";
import type { LiveMode } from "@mcpsmith/codegen/live";
import type { OpenApiSourceOptions, OperationFilter } from "@mcpsmith/codegen/openapi";
import { CliError } from "../../errors.js";
import { PROJECT_VERSIONS } from "../../scaffold/versions.js";
import { cliVersion } from "../../version.js";
import type { GenerateRunner } from "./kinds.js";

const MODES: readonly LiveMode[] = ["auto", "tools", "discovery"];

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
  const { generateOpenApiProject } = await import("@mcpsmith/codegen/generate-openapi");
  const { force, ...recorded } = options;
  const runtime = `^${cliVersion()}`;
  const result = await generateOpenApiProject({
    spec,
    ...(typeof options.out === "string" && { out: options.out }),
    cwd,
    mode: modeOf(options.mode),
    source: sourceOptions(options),
    force: force === true,
    recordedOptions: recorded,
    versions: { ...PROJECT_VERSIONS, runtime, cli: runtime },
  });
  return {
    files: result.files,
    written: [...result.written, ...result.removed],
    tools: result.ir.tools.length,
    resources: 0,
    prompts: 0,
    toolListTokens: result.toolListTokens,
    warnings: result.ir.warnings.map(({ file, pointer, message }) => `${file}#${pointer}: ${message}`),
  };
};

function modeOf(value: OptionValue | undefined): LiveMode {
  if (value === undefined) return "auto";
  if (typeof value === "string" && (MODES as readonly string[]).includes(value)) return value as LiveMode;
  throw new CliError("E_USAGE", `--mode must be one of ${MODES.join(", ")}; got "${String(value)}".`);
}

function sourceOptions(options: Record<string, OptionValue>): OpenApiSourceOptions {
  const include = filter(options, { tags: "tags", paths: "paths", methods: "methods", operationIds: "operations" });
  const exclude = filter(options, {
    tags: "exclude-tags",
    paths: "exclude-paths",
    methods: "exclude-methods",
    operationIds: "exclude-operations",
  });
  const maxNameLength = wholeNumber(options["max-name-length"], "max-name-length");
  const envPrefix = options["env-prefix"];
  return {
    ...(include && { include }),
    ...(exclude && { exclude }),
    includeDeprecated: options["include-deprecated"] === true,
    outputSchema: options["output-schema"] !== false,
    ...(maxNameLength !== undefined && { maxNameLength }),
    ...(typeof envPrefix === "string" && { envPrefix }),
  };
}

/** A filter only for the flags given: an empty filter would match nothing. */
function filter(options: Record<string, OptionValue>, flags: Record<keyof OperationFilter, string>) {
  const entries = Object.entries(flags)
    .map(([key, flag]) => [key, listOf(options[flag])] as const)
    .filter(([, values]) => values.length > 0);
  return entries.length > 0 ? (Object.fromEntries(entries) as OperationFilter) : undefined;
}

/** `--tags a,b --tags c` -> `["a", "b", "c"]`. */
function listOf(value: OptionValue | undefined): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return items
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function wholeNumber(value: OptionValue | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d+$/.test(value)) {
    throw new CliError("E_USAGE", `--${name} takes a whole number, got "${String(value)}".`);
  }
  return Number(value);
}
