import type { OptionValue } from "@mcpsmith/codegen";
import { LIVE_MODES, type LiveMode } from "@mcpsmith/codegen/live";
import type { OpenApiSourceOptions, OperationFilter } from "@mcpsmith/codegen/openapi";
import { CliError } from "../../errors.js";

/**
 * Flag values by long name: as `serve openapi` parsed them from its command line, or as `generate openapi` got them
 * (from the command line, or recorded in mcpsmith.json, where a hand edit may have put any JSON value).
 */
export type FlagValues = Readonly<Record<string, OptionValue | undefined>>;

/**
 * The OpenAPI source's selection and naming options from `OPENAPI_SOURCE_FLAGS`. `command` (`serve`, `generate`) is
 * named in the hint of a usage error, as in the other parsers here.
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

/** `--mode auto|tools|discovery`, auto when not given. */
export function modeOf(values: FlagValues, command: string): LiveMode {
  const value = values.mode;
  if (value === undefined) return "auto";
  if (typeof value === "string" && (LIVE_MODES as readonly string[]).includes(value)) return value as LiveMode;
  throw new CliError("E_USAGE", `--mode must be one of ${LIVE_MODES.join(", ")}; got "${String(value)}".`, {
    hint: `Run \`mcpsmith ${command} --help\` for details.`,
  });
}

/** `--tags a,b --tags c` -> `["a", "b", "c"]`. */
export function listFlag(values: FlagValues, name: string): string[] {
  return repeatedFlag(values, name)
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Every value of a flag given more than once, as given (not split on commas). */
export function repeatedFlag(values: FlagValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

export function wholeNumberFlag(values: FlagValues, name: string, command: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new CliError("E_USAGE", `--${name} takes a whole number, got "${String(value)}".`, {
      hint: `Run \`mcpsmith ${command} --help\` for each option's meaning.`,
    });
  }
  return Number(value);
}

/** A filter only for the flags given: an empty filter would match nothing. */
function filterOf(values: FlagValues, flags: Record<keyof OperationFilter, string>): OperationFilter | undefined {
  const entries = Object.entries(flags)
    .map(([key, flag]) => [key, listFlag(values, flag)] as const)
    .filter(([, list]) => list.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
