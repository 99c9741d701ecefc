import type { OptionSpec, ParsedArgs } from "../args/command.js";
import { choiceOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { configFileOf } from "../flags/config-flag.js";
import type { Io } from "../io.js";
import { withSpinner } from "../prompts.js";
import { type Connection, connect, ERAS } from "./connect.js";
import { configTarget, resolveTarget, type Target } from "./target.js";

/** The options of every command that talks to a server. */
export const CONNECTION_OPTIONS: Record<string, OptionSpec> = {
  config: {
    type: "string",
    value: "FILE",
    description: "Serve this mcpsmith.config.* and talk to it (default, with no target: the one in the current folder)",
  },
  url: { type: "string", value: "URL", description: "Connect to a Streamable HTTP endpoint instead of a process" },
  era: {
    type: "string",
    value: "ERA",
    description: "Protocol era: auto (probe, then fall back; default), legacy (2025-11-25), 2026-07-28",
  },
  timeout: { type: "string", value: "MS", description: "Give up on a request after MS milliseconds (default 60000)" },
  token: {
    type: "string",
    value: "TOKEN",
    description: "With --url: send `Authorization: Bearer TOKEN` (default: $MCPSMITH_TOKEN)",
  },
};

/** The bearer token for an HTTP target: --token, else MCPSMITH_TOKEN (which keeps it out of shell history). */
export function tokenOption(args: ParsedArgs, io: Io, target: Target): string | undefined {
  const flag = stringOption(args, "token");
  const token = flag ?? (target.kind === "http" ? io.env.MCPSMITH_TOKEN : undefined);
  if (token === undefined || token === "") return undefined;
  if (target.kind !== "http") {
    throw new CliError("E_USAGE", "--token applies to an HTTP server (--url) only.", {
      hint: "A stdio server is a child process: pass it credentials in its environment instead.",
    });
  }
  return token;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

export function timeoutOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new CliError("E_USAGE", `--timeout must be a positive number of milliseconds, got "${value}".`, {
      hint: "For example --timeout 10000 for ten seconds.",
    });
  }
  return ms;
}

/**
 * The one server a command names: `-- command args`, `--url`, a built entry or a project folder. A second
 * positional is a usage error, since a server's own arguments belong after `--`.
 */
export async function singleTarget(args: ParsedArgs, io: Io, command: string, invocation = command): Promise<Target> {
  if (args.positionals.length > 1) {
    throw new CliError("E_USAGE", `${command} takes at most one target, got: ${args.positionals.join(" ")}`, {
      hint: `Put the server's own arguments after \`--\`: \`mcpsmith ${invocation} -- node server.js --flag\`.`,
    });
  }
  return await targetOf(args, args.positionals[0], io, command);
}

/**
 * The target a command names, or a config's composed server: `--config FILE`, or, when nothing else is named, the
 * folder's `mcpsmith.config.*` (where one exists it is the source of truth, over package.json's entry).
 */
export async function targetOf(
  args: ParsedArgs,
  positional: string | undefined,
  io: Io,
  command: string,
): Promise<Target> {
  const named = args.rest.length > 0 || stringOption(args, "url") !== undefined || positional !== undefined;
  const config = await configFileOf(args, io.cwd, !named);
  if (config === undefined) return resolveTarget(args, positional, io.cwd, command);
  if (named) {
    throw new CliError("E_USAGE", "Give one server: --config, or a target (`-- command`, --url, a path), not both.", {
      hint: `For example \`mcpsmith ${command} --config mcpsmith.config.json\`.`,
    });
  }
  return configTarget(config, io.cwd);
}

/**
 * Connects a real client to the command's target (with its --era and --timeout), runs `work` and closes the
 * connection. Starting a server and the first requests often take seconds, so at a terminal a spinner on stderr
 * says what is happening (`work` may `say` its own step); it is gone before the command prints, and never drawn
 * for --json or into a pipe.
 */
export async function withConnection<T>(
  args: ParsedArgs,
  io: Io,
  command: string,
  target: Target,
  work: (connection: Connection, context: { timeoutMs: number; say(message: string): void }) => Promise<T>,
): Promise<T> {
  const era = choiceOption(args, "era", ERAS, "auto", command);
  const timeoutMs = timeoutOption(stringOption(args, "timeout"));
  const token = tokenOption(args, io, target);
  const step = async (say: (message: string) => void) => {
    const connection = await connect(target, { era, timeoutMs, env: io.env, token });
    try {
      return await work(connection, { timeoutMs, say });
    } finally {
      await connection.close();
    }
  };
  if (args.values.json === true) return await step(() => {});
  return await withSpinner(io, `Connecting to ${target.label}`, step, { stream: "stderr", plainLine: false });
}
