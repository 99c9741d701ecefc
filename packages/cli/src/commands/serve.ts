import { CLIENT_TOOL_LIMITS } from "@mcpsmith/codegen";
import type { ServerBuild } from "@mcpsmith/codegen/serve";
import { thousands } from "@mcpsmith/runtime/internal";
import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { CliError } from "../errors.js";
import { AUTH_FLAGS, authFromFlags } from "../flags/auth-flags.js";
import { CONFIG_FLAG, configFileOf } from "../flags/config-flag.js";
import { DATABASE_SOURCE_FLAGS } from "../flags/database-flags.js";
import { OPENAPI_SOURCE_FLAGS } from "../flags/openapi-flags.js";
import { styleFor } from "../format/style.js";
import type { Io } from "../io.js";
import { plural } from "../text.js";
import { listeningUrl, portNumber, serveUntilStopped } from "./serve/run.js";
import { credentialLine, type ServeSummary } from "./serve/summary.js";

export const command: CommandDefinition = {
  usage: [
    "serve [--config FILE] [--http [PORT]] [options]",
    "serve openapi <spec> [options]",
    "serve openapi <spec> --http [PORT] [options]",
    "serve db [<source>] [options]",
  ],
  details: [
    "With no kind, serves the sources of mcpsmith.config.{ts,mjs,json,yaml} (the one in the current folder, or",
    "--config FILE) as one server: OpenAPI documents, databases, annotated TypeScript and modules, each namespaced",
    "by its prefix and shaped by its transforms, listed in the config's mode over the whole catalogue. The config's",
    "`serve` options (http, auth, redis) apply unless a flag says otherwise. docs/compose.md has every key.",
    "",
    "Reads the document (Swagger 2.0, OpenAPI 3.0, 3.1 or 3.2; YAML or JSON; local $refs across files) and serves one",
    "tool per operation over stdio (the default) or Streamable HTTP — the same tools/list `mcpsmith generate openapi`",
    "would write. Requests go to the document's server, or --base-url; credentials come from the environment",
    "variables the run prints (a call without them fails naming the variable, and sends nothing), or, over --http",
    "with --forward-credential SCHEME, from each caller's X-Upstream-SCHEME header (never from its Authorization).",
    "",
    "Too many operations: --mode discovery serves three tools instead (search_operations, describe_operation,",
    "call_operation) whose tools/list stays under 2,000 tokens for any API; --mode auto (the default) does so above",
    "--threshold tools (40). --mode code serves two (search_api, execute): the model writes TypeScript against the",
    "operations as one typed api, run in a QuickJS sandbox, each call as the tool would run (docs/code-mode.md).",
    "--toolsets keeps only some groups (OpenAPI tags), in any mode; --tags, --paths,",
    "--methods and --operations select operations before that. Every run prints the number of operations and tools,",
    "the estimated tools/list size in tokens, and the document's warnings, on stderr (stdout is the protocol).",
    "",
    "serve db reads a database (postgres://, mysql:// or mariadb:// URL, sqlite:PATH or a .sqlite/.db file, a .sql",
    "DDL file with --dialect; without a source, the URL in $DATABASE_URL) and serves list_<table> and get_<table>",
    "per table, query (read-only SQL) and describe; insert_/update_/delete_ with --writes or --write-tables. Above",
    "--threshold tools, four tools (find_tables, describe, list_rows, query) serve any number of tables. The",
    "connection string is never printed: prefer the environment variable to a URL on the command line.",
    "",
    '--ui serves the dev page beside the server (docs/cli.md, "See what the server does"): the server runs as a child',
    "of this process, its requests pass a proxy that logs them, and its spans (upstream requests, SQL) go to the page.",
  ].join("\n"),
  options: {
    ...CONFIG_FLAG,
    mode: { type: "string", value: "MODE", description: "auto (default), tools, discovery or code" },
    threshold: { type: "string", value: "N", description: "auto: serve discovery above N tools (default 40)" },
    toolsets: {
      type: "string",
      value: "LIST",
      multiple: true,
      description: "Serve only these groups (OpenAPI tags), comma-separated; in both modes",
    },
    "base-url": { type: "string", value: "URL", description: "Send requests here instead of the document's server" },
    "server-variable": {
      type: "string",
      value: "NAME=VALUE",
      multiple: true,
      description: "A value for a {variable} in the document's server URL",
    },
    "forward-credential": {
      type: "string",
      value: "SCHEME[=HEADER]",
      multiple: true,
      description:
        "openapi, with --http: take this security scheme's upstream credential from the caller's HEADER (default X-Upstream-SCHEME)",
    },
    "forward-credential-fallback": {
      type: "boolean",
      description:
        "openapi: a caller without the forwarded header gets the environment's credential (else the call fails)",
    },
    timeout: {
      type: "string",
      value: "MS",
      description: "Per-request (openapi, default 30000) or per-statement (db, default 10000) timeout in ms",
    },
    ...OPENAPI_SOURCE_FLAGS,
    ...DATABASE_SOURCE_FLAGS,
    "all-warnings": { type: "boolean", description: "Print every warning of the document (the first 20 otherwise)" },
    http: {
      type: "boolean",
      description: "Serve Streamable HTTP on 127.0.0.1 instead of stdio; a number after it is the port",
    },
    stdio: { type: "boolean", description: "With a config: serve stdio even where its serve.http says HTTP" },
    port: { type: "string", value: "PORT", description: "Port for --http (default 3000; 0 picks a free one)" },
    ui: { type: "boolean", description: "Serve the dev page too: catalogue, forms, the live call log with spans" },
    "ui-port": { type: "string", value: "PORT", description: "Port of the dev page (default: a free one)" },
    ...AUTH_FLAGS,
  },
  examples: [
    "# in a folder with mcpsmith.config.ts: its sources as one server",
    "mcpsmith serve --http 3000",
    "mcpsmith serve --config gateway/mcpsmith.config.yaml --mode discovery",
    "mcpsmith serve openapi petstore.yaml --base-url http://127.0.0.1:8080/api/v3",
    "mcpsmith serve openapi github.json --mode discovery --http 3000",
    "mcpsmith serve db chinook.sqlite --mode code",
    "# the dev page beside it: catalogue, forms, the live call log with the upstream requests",
    "mcpsmith serve openapi petstore.yaml --http 0 --ui",
    "mcpsmith serve openapi github.json --toolsets repos,issues --methods GET",
    "mcpsmith serve openapi api.yaml --tags pets --exclude-operations deletePet --max-name-length 48",
    "# as a host starts it (e.g. in .cursor/mcp.json), credentials in its env",
    'npx mcpsmith serve openapi /path/to/openapi.yaml   # { "env": { "PETSTORE_API_KEY": "..." } }',
    "mcpsmith serve db chinook.sqlite --max-rows 200",
    "DATABASE_URL=postgres://reader@127.0.0.1/shop mcpsmith serve db --schema public --exclude 'audit_*'",
    "mcpsmith serve db schema.sql --dialect postgres --http 3000",
    "# tokens from your authorization server, minted for this server's public URL",
    "mcpsmith serve openapi api.yaml --http 3000 --auth-jwks https://as.example.com/jwks --auth-issuer https://as.example.com --auth-audience https://mcp.example.com/mcp",
    "mcpsmith serve db shop.sqlite --http 3000 --api-keys keys.txt",
  ],
  run: (args, io) => serveCommand(args, io),
};

async function serveCommand(args: ParsedArgs, io: Io): Promise<number> {
  const positionals = [...args.positionals];
  const http = booleanOption(args, "http", false);
  let portText = stringOption(args, "port");
  // `--http 8080`: the port follows --http as a bare number (the parser sees it as a positional).
  if (http && portText === undefined && positionals.length === 3 && /^\d+$/.test(positionals[2]!)) {
    portText = positionals.pop();
  }
  if (portText !== undefined && !http) {
    throw new CliError("E_USAGE", "--port only applies with --http.", { hint: "For example `--http 8080`." });
  }
  if (booleanOption(args, "ui", false)) {
    const { serveWithPage } = await import("../devpage/serve-page.js");
    return await serveWithPage(args, positionals, http ? { port: portText } : undefined, io);
  }
  const [kind, spec, ...extra] = positionals;
  const config = await configFileOf(args, io.cwd, kind === undefined || /^\d+$/.test(kind));
  if (config !== undefined) {
    if (kind === "openapi" || kind === "db") {
      throw new CliError("E_USAGE", `--config serves a config's sources; it takes no ${kind} source beside them.`, {
        hint: "Add the source to the config instead, or leave --config out.",
      });
    }
    const numeric = http && portText === undefined && kind !== undefined && /^\d+$/.test(kind);
    const unexpected = positionals.slice(numeric ? 1 : 0);
    if (unexpected.length > 0) {
      throw new CliError("E_USAGE", `serve with a config takes no source, got: ${unexpected.join(" ")}`, {
        hint: "The sources are the config's: `mcpsmith serve --config mcpsmith.config.json --http 3000`.",
      });
    }
    const port = numeric ? kind : portText;
    return await (await import("./serve/config.js")).serveConfig(config, args, io, port);
  }
  if (kind !== "openapi" && kind !== "db") {
    throw new CliError(
      "E_USAGE",
      kind === undefined ? "Say what to serve." : `There is nothing to serve of kind "${kind}".`,
      {
        hint: "Kinds: openapi, db; or a config (mcpsmith.config.*, --config). For example `mcpsmith serve openapi petstore.yaml` or `mcpsmith serve db chinook.sqlite`.",
      },
    );
  }
  if ((kind === "openapi" && spec === undefined) || extra.length > 0) {
    throw new CliError(
      "E_USAGE",
      spec === undefined
        ? "Give the OpenAPI document to serve."
        : `serve ${kind} takes one ${kind === "db" ? "source" : "document"}, got: ${[spec, ...extra].join(" ")}`,
      {
        hint: "For example `mcpsmith serve openapi petstore.yaml` or `mcpsmith serve db chinook.sqlite`.",
      },
    );
  }
  const port = portText === undefined ? undefined : portNumber(portText);
  // Checked before the source is read: a bad flag should not wait for a large document.
  const auth = await authFromFlags(args, http, listeningUrl(port, io));
  // Loaded only to serve: `serve --help` and usage errors never read a source.
  const summary =
    kind === "db"
      ? await (await import("./serve/db.js")).buildDatabaseServer(spec, args, io)
      : await (await import("./serve/openapi.js")).buildOpenApiServer(spec!, args, io);
  printSummary(summary, args, io);
  try {
    await serveUntilStopped(await summary.build.target(), http ? { port, ...(auth && { auth }) } : undefined);
  } finally {
    await summary.close?.();
  }
  return 0;
}

/** What every run says on stderr before serving: counts, the token estimate, warnings, credentials. */
function printSummary(summary: ServeSummary, args: ParsedArgs, io: Io): void {
  const style = styleFor(io.stderr, io.env);
  const { build, title } = summary;
  const shape = summary.shape ?? describeShape(build);
  io.stderr.write(
    `${style.bold("mcpsmith serve")} ${title}: ${shape}; tools/list ≈ ${thousands(build.toolListTokens)} tokens\n`,
  );
  const shown = booleanOption(args, "all-warnings", false) ? summary.warnings : summary.warnings.slice(0, 20);
  for (const warning of shown) io.stderr.write(`${style.yellow("warning")} ${warning}\n`);
  if (shown.length < summary.warnings.length) {
    io.stderr.write(
      `${style.yellow("warning")} … and ${summary.warnings.length - shown.length} more (--all-warnings lists them)\n`,
    );
  }
  const tooMany = toolLimitWarning(build);
  if (tooMany) io.stderr.write(`${style.yellow("warning")} ${tooMany}\n`);
  for (const credential of summary.credentials) {
    const label = credential.set || credential.forwarded ? style.green("credential") : style.yellow("credential");
    io.stderr.write(`${label} ${credentialLine(credential)}\n`);
  }
}

function describeShape(build: ServerBuild): string {
  const operations = plural(build.operations, "operation");
  if (build.mode === "tools") return `${operations} as ${plural(build.operations, "tool")}`;
  if (build.mode === "code") return `${operations} as code mode's typed api, behind 2 tools (search_api, execute)`;
  return `${operations} behind 3 discovery tools (search_operations, describe_operation, call_operation)`;
}

/** Plain tools beyond what hosts take: say which, and what to do about it. */
function toolLimitWarning(build: ServerBuild): string | undefined {
  if (build.mode !== "tools") return undefined;
  const over = Object.entries(CLIENT_TOOL_LIMITS).filter(([, limit]) => build.operations > limit);
  if (over.length === 0) return undefined;
  const hosts = over.map(([host, limit]) => `${host} (${limit})`).join(", ");
  return `${plural(build.operations, "tool")} is more than ${hosts} take: use --mode discovery or code, or fewer --toolsets.`;
}
