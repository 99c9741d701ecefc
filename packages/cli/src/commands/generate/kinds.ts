import type { OptionSpec } from "../../args/command.js";
import { DATABASE_SOURCE_FLAGS } from "../../flags/database-flags.js";
import { GENERATE_OPENAPI_OPTIONS } from "./openapi-options.js";
import type { GenerateRunner } from "./runner.js";

/**
 * A kind of source `mcpsmith generate` reads. The options are plain data, so `generate --help` and argument
 * parsing never load a generator; `load` brings in the runner (and ts-morph, swagger-parser ...) only when used.
 */
export interface GenerateKind {
  name: string;
  summary: string;
  usage: string;
  options: Record<string, OptionSpec>;
  examples: string[];
  /**
   * The kind writes a whole project and records the run in that project's own mcpsmith.json, so the run is not
   * recorded again where the command was started (a `generate openapi` in a home folder must not leave one there).
   */
  recordsInProject?: true;
  load(): Promise<GenerateRunner>;
}

/** Options every kind takes. */
export const SHARED_OPTIONS: Record<string, OptionSpec> = {
  out: { type: "string", short: "o", value: "FILE", description: "The server module to write (per kind default)" },
};

export const GENERATE_KINDS: readonly GenerateKind[] = [
  {
    name: "ts",
    summary: "Exported functions and class methods tagged @tool, @resource or @prompt in JSDoc",
    usage: "generate ts <files, folders or globs...> [--out src/generated/server.ts] [--tsconfig FILE]",
    options: {
      tsconfig: {
        type: "string",
        value: "FILE",
        description: "ts: the tsconfig to read sources with (default: the nearest one above the first input)",
      },
      transport: { type: "string", value: "KIND", description: "ts: what main.ts serves, stdio (default) or http" },
      "max-name-length": {
        type: "string",
        value: "N",
        description: "ts: longest tool name, to leave room for a host's prefix (default 64)",
      },
    },
    examples: ["mcpsmith generate ts src/tools.ts", "mcpsmith generate ts src --out src/generated/server.ts"],
    load: async () => (await import("./ts.js")).run,
  },
  {
    name: "openapi",
    summary: "An OpenAPI 3.x or Swagger 2.0 document, as an editable project (one class per tag)",
    usage:
      "generate openapi <spec> [--out DIR] [--mode auto|tools|discovery|code] [--tags ...] [--include-deprecated] [--force]",
    options: GENERATE_OPENAPI_OPTIONS,
    recordsInProject: true,
    examples: [
      "mcpsmith generate openapi petstore.yaml --out petstore-mcp",
      "mcpsmith generate openapi github.json --tags repos,issues --methods GET --mode tools",
    ],
    load: async () => (await import("./openapi.js")).run,
  },
  {
    name: "db",
    summary:
      "A PostgreSQL, MySQL/MariaDB or SQLite database (or a DDL file), as an editable project (a class per schema)",
    usage: "generate db [<source>] [--out DIR] [--schema ...] [--tables ...] [--exclude ...] [--writes] [--force]",
    options: {
      ...DATABASE_SOURCE_FLAGS,
      mode: {
        type: "string",
        value: "MODE",
        description:
          "db: auto (default), tools, discovery (the four many-tables tools) or code (code mode over the tools)",
      },
      threshold: {
        type: "string",
        value: "N",
        description: "db: auto serves the many-tables tools above N tools (default 40)",
      },
      force: { type: "boolean", description: "db: generate into an existing folder that is not a database project" },
    },
    recordsInProject: true,
    examples: [
      "mcpsmith generate db chinook.sqlite --out chinook-mcp",
      "DATABASE_URL=postgres://reader@127.0.0.1/shop mcpsmith generate db --schema public --writes",
    ],
    load: async () => (await import("./db.js")).run,
  },
];

/**
 * A config's sources as one project: given as `generate --config [FILE]`, recorded as this kind in the project's
 * mcpsmith.json so that `mcpsmith generate` there regenerates it.
 */
export const CONFIG_KIND: GenerateKind = {
  name: "config",
  summary: "The sources of mcpsmith.config.* as one project, each source's code as its own generator writes it",
  usage: "generate --config [FILE] [--out DIR] [--force]",
  options: {
    config: {
      type: "boolean",
      description: "config: generate from mcpsmith.config.* (the file after it, else the one in the current folder)",
    },
    force: {
      type: "boolean",
      description: "config: generate into an existing folder that is not such a project (the config's own always is)",
    },
  },
  recordsInProject: true,
  examples: [
    "mcpsmith generate --config",
    "mcpsmith generate --config gateway/mcpsmith.config.ts --out gateway-server",
  ],
  load: async () => (await import("./config.js")).run,
};

export function findKind(name: string): GenerateKind | undefined {
  return [...GENERATE_KINDS, CONFIG_KIND].find((kind) => kind.name === name);
}
