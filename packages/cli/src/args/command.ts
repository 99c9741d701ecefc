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

/** A command's module; its one-line summary is in commands/registry.ts, which lists commands without loading them. */
export interface Command {
  name: string;
  /** The synopsis lines, without the leading `mcpsmith `. */
  usage: string[];
  /** Longer explanation printed under the synopsis. */
  details?: string;
  options: Record<string, OptionSpec>;
  examples: string[];
  run(args: ParsedArgs, io: Io): Promise<number>;
}
