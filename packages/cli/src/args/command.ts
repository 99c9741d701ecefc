import type { Io } from "../io.js";

/** One option of a command: drives both `util.parseArgs` and the `--help` text. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** Placeholder shown in help, e.g. `URL` for `--url URL`. */
  value?: string;
  description: string;
  multiple?: boolean;
  /** Boolean options that default to on, shown as `--no-<name>`. */
  negatable?: boolean;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** Everything after a bare `--`: the server command and its arguments. */
  rest: string[];
}

/**
 * What a command's own file defines. Its name and one-line summary are the registry's (commands/registry.ts), so
 * `mcpsmith --help` lists every command without loading one.
 */
export interface CommandDefinition {
  /** The synopsis lines, without the leading `mcpsmith `. */
  usage: string[];
  /** Longer explanation printed under the synopsis. */
  details?: string;
  options: Record<string, OptionSpec>;
  examples: string[];
  run(args: ParsedArgs, io: Io): Promise<number>;
}

/** A command as it runs: its definition with the registry's name and summary. */
export interface Command extends CommandDefinition {
  name: string;
  summary: string;
}
