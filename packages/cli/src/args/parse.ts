import { parseArgs } from "node:util";
import { CliError } from "../errors.js";
import type { Command, OptionSpec, ParsedArgs } from "./command.js";

/** Options every command accepts. */
export const COMMON_OPTIONS: Record<string, OptionSpec> = {
  help: { type: "boolean", short: "h", description: "Show this help" },
};

/**
 * Parses a command's arguments strictly (unknown options are errors, not silently ignored). The first bare
 * `--` ends our options: what follows is a server command line and is never parsed here.
 */
export function parseCommandArgs(command: Command, argv: readonly string[]): ParsedArgs & { help: boolean } {
  const split = argv.indexOf("--");
  const head = split === -1 ? [...argv] : argv.slice(0, split);
  const rest = split === -1 ? [] : argv.slice(split + 1);
  const specs = { ...command.options, ...COMMON_OPTIONS };
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.short && { short: spec.short }), ...(spec.multiple && { multiple: true }) },
    ]),
  );
  try {
    const { values, positionals } = parseArgs({
      args: head,
      options,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
    const { help, ...own } = values as ParsedArgs["values"];
    return { values: own, positionals, rest, help: help === true };
  } catch (error) {
    throw new CliError("E_USAGE", cleanParseMessage(error), {
      hint: `Run \`mcpsmith ${command.name} --help\` for its options and examples.`,
      cause: error,
    });
  }
}

/** Node's messages mention internals ("To specify a positional argument starting with a '-'..."); keep line one. */
function cleanParseMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(". ")[0]!.replace(/\.$/, "") + ".";
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === "string" ? value : undefined;
}

export function booleanOption(args: ParsedArgs, name: string, fallback: boolean): boolean {
  const value = args.values[name];
  return typeof value === "boolean" ? value : fallback;
}

/** A string option restricted to a set of values; the error lists them. */
export function choiceOption<T extends string>(
  args: ParsedArgs,
  name: string,
  choices: readonly T[],
  fallback: T,
  commandName: string,
): T {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new CliError("E_USAGE", `--${name} must be one of ${choices.join(", ")}; got "${value}".`, {
    hint: `Run \`mcpsmith ${commandName} --help\` for details.`,
  });
}
