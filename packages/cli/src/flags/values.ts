import type { OptionValue } from "@mcpsmith/codegen";
import { CliError } from "../errors.js";

/**
 * Flag values by long name, as parsed from the command line or as recorded in mcpsmith.json (where a hand edit may
 * have put any JSON value): the readers below take both alike.
 */
export type FlagValues = Readonly<Record<string, OptionValue | undefined>>;

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

/** `command` (`serve`, `generate`) is named in the hint of the usage error. */
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
