import { parseCommandArgs } from "./args/parse.js";
import { COMMANDS, findCommand } from "./commands/registry.js";
import { CliError } from "./errors.js";
import { commandHelp, rootHelp } from "./format/help.js";
import { styleFor } from "./format/style.js";
import { type Io, processIo } from "./io.js";
import { closestMatch } from "./text.js";
import { cliVersion } from "./version.js";

/**
 * Runs the CLI and resolves to its exit code: 0 ok, 1 user error, 2 internal error. It never exits the process
 * (only bin.ts does), so tests and other programs can call it with captured streams.
 */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  const out = styleFor(io.stdout, io.env);
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === "--help" || first === "-h") {
      io.stdout.write(rootHelp(COMMANDS, out));
      return 0;
    }
    if (first === "--version" || first === "-v") {
      io.stdout.write(`${cliVersion()}\n`);
      return 0;
    }
    if (first === "help") return await main(rest.length > 0 ? [rest[0]!, "--help"] : [], io);

    const entry = findCommand(first);
    if (!entry) throw unknownCommand(first);
    const command = await entry.load();
    const args = parseCommandArgs(command, rest);
    if (args.help) {
      io.stdout.write(commandHelp(command, out));
      return 0;
    }
    return await command.run(args, io);
  } catch (error) {
    return report(error, io);
  }
}

function unknownCommand(name: string): CliError {
  const names = COMMANDS.map((command) => command.name);
  const guess = closestMatch(name, names);
  return new CliError("E_COMMAND_UNKNOWN", `Unknown command "${name}".`, {
    hint: `${guess ? `Did you mean \`mcpsmith ${guess}\`? ` : ""}Commands: ${names.join(", ")}. Run \`mcpsmith --help\`.`,
  });
}

function report(error: unknown, io: Io): 1 | 2 {
  const style = styleFor(io.stderr, io.env);
  if (error instanceof CliError) {
    io.stderr.write(`${style.red(style.bold("error"))} ${style.dim(error.code)} ${error.message}\n`);
    if (error.hint) io.stderr.write(`${error.hint}\n`);
    if (io.env.MCPSMITH_DEBUG && error.cause) io.stderr.write(`${describeCause(error.cause)}\n`);
    return error.exitCode;
  }
  io.stderr.write(`${style.red(style.bold("internal error"))} ${describeCause(error)}\n`);
  io.stderr.write("This is a bug in mcpsmith. Please report it with the command you ran and this output.\n");
  return 2;
}

function describeCause(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
