import { basename, dirname, resolve } from "node:path";
import { CodegenError, type GenerateEntry } from "@mcpsmith/codegen";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { CONFIG_FLAG, configFileOf } from "../flags/config-flag.js";
import type { Io } from "../io.js";
import { configSession } from "./dev/config.js";
import { recordedTsGenerations } from "./dev/generate.js";
import { choosePort, findProject, serverEntry, typescriptSetup } from "./dev/project.js";
import { runDevSession } from "./dev/session.js";

export const command: CommandDefinition = {
  usage: ["dev [entry] [options]", "dev [entry] --http [PORT]"],
  details: [
    "Runs the project's server and restarts it whenever its code changes. A TypeScript project (one with",
    "tsconfig.build.json or tsconfig.json) is compiled by its own tsc in watch mode: type errors are printed and",
    "the server that is running keeps answering until the code compiles again. Without tsconfig, the entry's",
    "folder is watched. The entry is package.json main (or bin) unless given; a .ts entry maps to its output.",
    "",
    "--http serves Streamable HTTP on 127.0.0.1 (port 3000 unless given; 0 picks a free one, kept across",
    "restarts) and prints the URL: connect `mcpsmith list --url URL`, the Inspector or a host to it.",
    "Over stdio (the default) dev is the server a host starts: put `mcpsmith dev` where the host's config has",
    "`node dist/main.js`. Requests go to the current server process; on a change dev waits until no request is",
    "in flight, starts the new build, replays the host's `initialize` to it, and carries on, so the host keeps",
    "its connection. Logs go to stderr. Ctrl-C (SIGINT) or the host closing stdin stops dev and the server.",
    "",
    "A project made by `mcpsmith generate ts` (or `mcpsmith new --template typescript`) is regenerated as",
    "mcpsmith.json records it, at start and whenever its sources change, before the restart: a new or edited",
    "@tool, @resource or @prompt function is served as soon as it compiles. Errors in the annotated sources are",
    "printed with file:line:column, and the last good build keeps serving until they are fixed.",
    "",
    "In a folder with mcpsmith.config.* (or with --config FILE), dev serves the config's sources as one server",
    "(`mcpsmith serve --config`) and restarts it when the config or a local source changes: an OpenAPI document,",
    "a DDL file, the folders of annotated TypeScript and of modules (decorated classes' schemas derived first).",
    "",
    "--ui serves a page on 127.0.0.1 (its URL, with a random token, is printed): the tools with their token cost,",
    "a form to call each one, and the live log of calls with their results, input rounds, tasks, and the HTTP",
    "requests and SQL statements each made (the server's spans, sent by OpenTelemetry to the page). With --http",
    "dev then listens in front of the server and passes every request on; over stdio the page shows the host's calls.",
  ].join("\n"),
  options: {
    ...CONFIG_FLAG,
    http: {
      type: "boolean",
      description: "Serve over Streamable HTTP instead of stdio; a number after it is the port",
    },
    port: { type: "string", value: "PORT", description: "Port for --http (default 3000; 0 picks a free one)" },
    ui: { type: "boolean", description: "Serve the dev page: catalogue, forms, the live call log with spans" },
    "ui-port": { type: "string", value: "PORT", description: "Port of the dev page (default: a free one)" },
    tsconfig: {
      type: "string",
      value: "FILE",
      description: "tsconfig to compile (default tsconfig.build.json, else tsconfig.json)",
    },
  },
  examples: [
    "mcpsmith dev --http",
    "mcpsmith dev --http 0",
    "mcpsmith dev src/main.ts --http 8080",
    "mcpsmith dev --http 0 --ui",
    "# a gateway: mcpsmith.config.ts in the folder",
    "mcpsmith dev --http 0",
    "# over stdio, as a host would start it (e.g. in .cursor/mcp.json)",
    'npx mcpsmith dev   # { "command": "npx", "args": ["mcpsmith", "dev"], "cwd": "/path/to/project" }',
  ],
  run: (args, io) => dev(args, io),
};

async function dev(args: ParsedArgs, io: Io): Promise<number> {
  const http = booleanOption(args, "http", false);
  // `--http 8080`: the port follows --http as a bare number (the parser sees it as a positional).
  const positionals = [...args.positionals];
  let portText = stringOption(args, "port");
  const numeric = positionals.findIndex((value) => /^\d+$/.test(value));
  if (http && portText === undefined && numeric !== -1) portText = positionals.splice(numeric, 1)[0];
  if (positionals.length > 1) {
    throw new CliError("E_USAGE", `dev takes one entry, got: ${positionals.join(" ")}`, {
      hint: "Give the server's entry (e.g. src/main.ts or dist/main.js), or nothing for the current project.",
    });
  }
  if (portText !== undefined && !http) {
    throw new CliError("E_USAGE", "--port only applies with --http.", {
      hint: "For example `mcpsmith dev --http 8080`.",
    });
  }
  const config = await configFileOf(args, io.cwd, positionals.length === 0);
  if (config !== undefined) {
    if (positionals.length > 0) {
      throw new CliError("E_USAGE", `dev with a config takes no entry, got: ${positionals.join(" ")}`, {
        hint: "The config's sources are the server; leave the entry out, or --config out.",
      });
    }
    const port = http ? await choosePort(portText) : undefined;
    const page = await devPage(args, dirname(config), port, io);
    // Behind the page's proxy the config's server listens on a port of its own.
    const session = await configSession(config, page?.serverPort ?? port, io);
    return await runDevSession({ ...session, port, page });
  }
  const project = findProject(resolve(io.cwd, positionals[0] ?? "."));
  const tsc = typescriptSetup(project, stringOption(args, "tsconfig"), io.cwd);
  const entry = serverEntry(project, positionals[0] === undefined ? undefined : resolve(io.cwd, positionals[0]), tsc);
  const port = http ? await choosePort(portText) : undefined;
  const generations = tsc ? generateTsRuns(project) : [];
  const page = await devPage(args, project, port, io);
  return await runDevSession({ project, entry, tsc, generations, port, io, page });
}

/** `--ui`: the dev page, loaded only when asked for. */
async function devPage(args: ParsedArgs, project: string, port: number | undefined, io: Io) {
  const uiPortText = stringOption(args, "ui-port");
  if (!booleanOption(args, "ui", false)) {
    if (uiPortText === undefined) return undefined;
    throw new CliError("E_USAGE", "--ui-port only applies with --ui.", { hint: "For example `mcpsmith dev --ui`." });
  }
  const uiPort = uiPortText === undefined ? undefined : await choosePort(uiPortText);
  const { DevPage } = await import("../devpage/dev-page.js");
  return await DevPage.start({ port, uiPort, serviceName: basename(project), env: io.env });
}

/** The `generate ts` runs mcpsmith.json records, which dev repeats when the annotated sources change. */
function generateTsRuns(project: string): GenerateEntry[] {
  try {
    return recordedTsGenerations(project);
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    throw new CliError("E_USAGE", error.message, {
      hint: "Fix mcpsmith.json (or run `mcpsmith generate ts <inputs...>` again, which rewrites its entry).",
      cause: error,
    });
  }
}
