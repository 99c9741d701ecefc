import type { Command, CommandDefinition } from "../args/command.js";

/** A command as `mcpsmith --help` lists it, before its module is loaded. */
export interface CommandEntry {
  name: string;
  /** The one definition of the command's summary: its own `--help` reads it from here too. */
  summary: string;
  /** Loads the command's module only when it runs, so `mcpsmith list` never pays for handlebars. */
  load(): Promise<Command>;
}

function lazy(name: string, summary: string, module: () => Promise<{ command: CommandDefinition }>): CommandEntry {
  return { name, summary, load: async () => ({ name, summary, ...(await module()).command }) };
}

export const COMMANDS: readonly CommandEntry[] = [
  lazy("new", "Create a new MCP server project from a template", () => import("./new.js")),
  lazy(
    "build",
    "Compile the project (tsc) and derive the schemas of decorated methods from their types",
    () => import("./build.js"),
  ),
  lazy(
    "generate",
    "Generate an MCP server from a source (annotated TypeScript, OpenAPI, a database); no arguments: regenerate from mcpsmith.json",
    () => import("./generate.js"),
  ),
  lazy(
    "serve",
    "Serve an OpenAPI document or a database as an MCP server at once, with no files written: tools, discovery or code mode",
    () => import("./serve.js"),
  ),
  lazy("list", "List a server's tools, resources and prompts with their schemas", () => import("./list.js")),
  lazy("call", "Call a tool, read a resource or get a prompt", () => import("./call.js")),
  lazy("dev", "Run a server with watch: recompile (tsc --watch) and restart on change", () => import("./dev.js")),
  lazy(
    "inspect",
    "Open the official MCP Inspector on a server (web UI, or --cli for scripts)",
    () => import("./inspect.js"),
  ),
  lazy("install", "Add a server to Claude Desktop, Cursor, VS Code or Claude Code", () => import("./install.js")),
  lazy(
    "doctor",
    "Check a server for what hosts will trip on: names, tool counts, size, schemas",
    () => import("./doctor.js"),
  ),
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
