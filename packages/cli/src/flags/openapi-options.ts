import { LISTING_MODES, type ListingMode } from "@mcpsmith/codegen";
import type { OpenApiSourceOptions, OperationFilter } from "@mcpsmith/codegen/openapi";
import { CliError } from "../errors.js";
import { type FlagValues, listFlag, wholeNumberFlag } from "./values.js";

/**
 * The OpenAPI source's selection and naming options from `OPENAPI_SOURCE_FLAGS`. `command` (`serve`, `generate`) is
 * named in the hint of a usage error.
 */
export function sourceOptionsOf(values: FlagValues, command: string): OpenApiSourceOptions {
  const include = filterOf(values, { tags: "tags", paths: "paths", methods: "methods", operationIds: "operations" });
  const exclude = filterOf(values, {
    tags: "exclude-tags",
    paths: "exclude-paths",
    methods: "exclude-methods",
    operationIds: "exclude-operations",
  });
  const maxNameLength = wholeNumberFlag(values, "max-name-length", command);
  const envPrefix = values["env-prefix"];
  return {
    ...(include && { include }),
    ...(exclude && { exclude }),
    includeDeprecated: values["include-deprecated"] === true,
    outputSchema: values["output-schema"] !== false,
    ...(maxNameLength !== undefined && { maxNameLength }),
    ...(typeof envPrefix === "string" && { envPrefix }),
  };
}

/** `--mode auto|tools|discovery|code`, auto when not given. */
export function modeOf(values: FlagValues, command: string): ListingMode {
  const value = values.mode;
  if (value === undefined) return "auto";
  if (typeof value === "string" && (LISTING_MODES as readonly string[]).includes(value)) return value as ListingMode;
  throw new CliError("E_USAGE", `--mode must be one of ${LISTING_MODES.join(", ")}; got "${String(value)}".`, {
    hint: `Run \`mcpsmith ${command} --help\` for details.`,
  });
}

/** A filter only for the flags given: an empty filter would match nothing. */
function filterOf(values: FlagValues, flags: Record<keyof OperationFilter, string>): OperationFilter | undefined {
  const entries = Object.entries(flags)
    .map(([key, flag]) => [key, listFlag(values, flag)] as const)
    .filter(([, list]) => list.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
