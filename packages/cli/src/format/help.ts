import type { Command, OptionSpec } from "../args/command.js";
import { COMMON_OPTIONS } from "../args/parse.js";
import type { Style } from "./style.js";

/** `mcpsmith <command> --help`: synopsis, what it does, options, examples. */
export function commandHelp(command: Command, style: Style): string {
  const lines = [`${style.bold("mcpsmith " + command.name)} — ${command.summary}`, "", style.bold("Usage")];
  for (const usage of command.usage) lines.push(`  mcpsmith ${usage}`);
  if (command.details) lines.push("", ...command.details.split("\n").map((line) => (line ? `  ${line}` : "")));
  lines.push("", style.bold("Options"));
  const options = Object.entries({ ...command.options, ...COMMON_OPTIONS }).map(([name, spec]) => [
    optionLabel(name, spec),
    spec.description,
  ]);
  lines.push(...columns(options));
  lines.push("", style.bold("Examples"));
  for (const example of command.examples)
    lines.push(example.startsWith("#") ? style.dim(`  ${example}`) : `  ${example}`);
  return lines.join("\n") + "\n";
}

/** `mcpsmith --help`: every command with its one-line summary, without loading any command module. */
export function rootHelp(commands: readonly { name: string; summary: string }[], style: Style): string {
  return [
    `${style.bold("mcpsmith")} — build, scaffold and talk to MCP servers`,
    "",
    style.bold("Usage"),
    "  mcpsmith <command> [options]",
    "",
    style.bold("Commands"),
    ...columns(commands.map((command) => [command.name, command.summary])),
    "",
    style.bold("Options"),
    ...columns([
      ["-h, --help", "Show help (also `mcpsmith <command> --help`)"],
      ["-v, --version", "Print the version"],
    ]),
    "",
    style.bold("Examples"),
    "  mcpsmith new my-server --yes",
    "  mcpsmith list -- node dist/main.js",
    "  mcpsmith call add a=1 b=2 --url http://127.0.0.1:3000/mcp",
    "",
    "Exit codes: 0 ok, 1 a problem with the input or the server, 2 a bug in mcpsmith.",
    "",
  ].join("\n");
}

function optionLabel(name: string, spec: OptionSpec): string {
  const long = spec.negatable ? `--no-${name}` : `--${name}`;
  const value = spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : "";
  return `${spec.short ? `-${spec.short}, ` : "    "}${long}${value}`;
}

function columns(rows: readonly (readonly [string, string] | string[])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left!.length));
  return rows.map(([left, right]) => `  ${left!.padEnd(width)}  ${right}`);
}
