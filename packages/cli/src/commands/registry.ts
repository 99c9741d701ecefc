import type { Command } from "../args/command.js";

interface Entry {
  name: string;
  /** The one line `mcpsmith --help` lists and `mcpsmith <name> --help` starts with. */
  summary: string;
  /** Loaded only when the command runs, so `mcpsmith list` never pays for handlebars. */
  load(): Promise<Command>;
}

export const COMMANDS: readonly Entry[] = [
  {
    name: "new",
    summary: "Create a new MCP server project from a template",
    load: async () => (await import("./new.js")).command,
  },
  {
    name: "build",
    summary: "Compile the project (tsc) and derive the schemas of decorated methods from their types",
    load: async () => (await import("./build.js")).command,
  },
  {
    name: "generate",
    summary: "Generate an MCP server from OpenAPI or annotated TypeScript; no arguments: regenerate from mcpsmith.json",
    load: async () => (await import("./generate.js")).command,
  },
  {
    name: "serve",
    summary: "Serve an OpenAPI document as an MCP server at once (no files): tools or discovery mode",
    load: async () => (await import("./serve.js")).command,
  },
  {
    name: "list",
    summary: "List a server's tools, resources and prompts with their schemas",
    load: async () => (await import("./list.js")).command,
  },
  {
    name: "call",
    summary: "Call a tool, read a resource or get a prompt",
    load: async () => (await import("./call.js")).command,
  },
  {
    name: "dev",
    summary: "Run a server with watch: recompile (tsc --watch) and restart on change",
    load: async () => (await import("./dev.js")).command,
  },
  {
    name: "inspect",
    summary: "Open the official MCP Inspector on a server (web UI, or --cli for scripts)",
    load: async () => (await import("./inspect.js")).command,
  },
  {
    name: "install",
    summary: "Add a server to Claude Desktop, Cursor, VS Code or Claude Code",
    load: async () => (await import("./install.js")).command,
  },
  {
    name: "doctor",
    summary: "Check a server for what hosts will trip on: names, tool counts, size, schemas",
    load: async () => (await import("./doctor.js")).command,
  },
];

export function findCommand(name: string): Entry | undefined {
  return COMMANDS.find((entry) => entry.name === name);
}
