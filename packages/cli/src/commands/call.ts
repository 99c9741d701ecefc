import type { CommandDefinition, ParsedArgs } from "../args/command.js";
import { booleanOption, stringOption } from "../args/parse.js";
import { buildArguments, buildStringArguments, isPair } from "../args/tool-args.js";
import type { Connection } from "../client/connect.js";
import { CONNECTION_OPTIONS, targetOf, withConnection } from "../client/connection-options.js";
import { CliError } from "../errors.js";
import { formatPrompt, formatResource, formatToolResult, toolErrorText } from "../format/result.js";
import { styleFor } from "../format/style.js";
import type { Io } from "../io.js";
import { closestMatch } from "../text.js";

type Request =
  | { kind: "tool"; name: string; pairs: string[] }
  | { kind: "resource"; uri: string }
  | { kind: "prompt"; name: string; pairs: string[] };

export const command: CommandDefinition = {
  usage: [
    "call <tool> [key=value ...] [--args JSON] [target]",
    "call --resource URI [target]",
    "call --prompt NAME [key=value ...] [target]",
  ],
  details: [
    "Arguments come from --args (a JSON object) and key=value pairs (pairs win). A value is read as JSON",
    "(numbers, true/false, arrays) unless the tool's schema says the property is a string.",
    "Exit code 1 when the tool returns an error result (isError), with its message on stderr.",
    "The target is `-- command args` (stdio), `--url URL` (HTTP), a built .js entry, or a project folder.",
  ].join("\n"),
  options: {
    ...CONNECTION_OPTIONS,
    args: { type: "string", value: "JSON", description: "Arguments as one JSON object" },
    resource: { type: "string", value: "URI", description: "Read this resource instead of calling a tool" },
    prompt: { type: "string", value: "NAME", description: "Get this prompt instead of calling a tool" },
    json: { type: "boolean", description: "Print the raw result as JSON" },
  },
  examples: [
    "mcpsmith call add a=2 b=3 -- node dist/main.js",
    `mcpsmith call forecast --args '{"city":"Oslo","days":2}' --url http://127.0.0.1:3000/mcp`,
    "mcpsmith call --resource hello://about dist/main.js",
    "mcpsmith call --prompt introduce name=Ada style=pirate -- node dist/main.js",
  ],
  async run(args, io) {
    const { request, target: positional } = readRequest(args);
    const target = await targetOf(args, positional, io, "call");
    const json = booleanOption(args, "json", false);
    const argsJson = stringOption(args, "args");
    // Printed once the connection is closed and the spinner gone, so nothing interleaves with it.
    const outcome = await withConnection(args, io, "call", target, (connection, { timeoutMs, say }) => {
      const out = { io, json, timeoutMs };
      say(
        request.kind === "tool"
          ? `Calling ${request.name}`
          : request.kind === "prompt"
            ? `Getting prompt ${request.name}`
            : `Reading ${request.uri}`,
      );
      if (request.kind === "tool") return callTool(connection, request, argsJson, out);
      if (request.kind === "prompt") return getPrompt(connection, request, argsJson, out);
      return readResource(connection, request.uri, out);
    });
    if (outcome.stdout !== undefined) io.stdout.write(outcome.stdout);
    if (outcome.stderr !== undefined) io.stderr.write(outcome.stderr);
    return outcome.code;
  },
};

/** Sorts the positionals into the tool name, key=value pairs and at most one target. */
function readRequest(args: ParsedArgs): { request: Request; target: string | undefined } {
  const resource = stringOption(args, "resource");
  const prompt = stringOption(args, "prompt");
  if (resource !== undefined && prompt !== undefined) {
    throw new CliError("E_USAGE", "Give --resource or --prompt, not both.", { hint: "Run `mcpsmith call --help`." });
  }
  const positionals = [...args.positionals];
  const name = resource === undefined && prompt === undefined ? positionals.shift() : undefined;
  if (resource === undefined && prompt === undefined && (name === undefined || isPair(name))) {
    throw new CliError("E_USAGE", "Say which tool to call.", {
      hint: "For example `mcpsmith call add a=1 b=2 -- node dist/main.js`; `mcpsmith list` shows the tools.",
    });
  }
  const pairs = positionals.filter(isPair);
  const others = positionals.filter((positional) => !isPair(positional));
  if (others.length > 1 || (resource !== undefined && pairs.length > 0)) {
    throw new CliError(
      "E_USAGE",
      `Unexpected arguments: ${[...others.slice(1), ...(resource ? pairs : [])].join(" ")}`,
      {
        hint: "Arguments are key=value pairs (or --args JSON); put the server's own arguments after `--`.",
      },
    );
  }
  const request: Request =
    resource !== undefined
      ? { kind: "resource", uri: resource }
      : prompt !== undefined
        ? { kind: "prompt", name: prompt, pairs }
        : { kind: "tool", name: name!, pairs };
  return { request, target: others[0] };
}

interface Output {
  io: Io;
  json: boolean;
  timeoutMs: number;
}

/** What a call prints and its exit code. */
interface Outcome {
  code: 0 | 1;
  stdout?: string;
  stderr?: string;
}

async function callTool(
  connection: Connection,
  request: { name: string; pairs: string[] },
  argsJson: string | undefined,
  out: Output,
): Promise<Outcome> {
  const { client } = connection;
  const { tools } = await client.listTools(undefined, { timeout: out.timeoutMs }).catch((error: unknown) => {
    throw connection.explain(error, "listing tools");
  });
  const tool = tools.find((candidate) => candidate.name === request.name);
  if (!tool)
    throw unknownName(
      "tool",
      request.name,
      tools.map((candidate) => candidate.name),
    );
  const toolArguments = buildArguments(argsJson, request.pairs, tool.inputSchema);
  const result = await client
    .callTool({ name: tool.name, arguments: toolArguments }, { timeout: out.timeoutMs })
    .catch((error: unknown) => {
      throw connection.explain(error, `calling ${tool.name}`);
    });
  const json = out.json ? `${JSON.stringify(result, null, 2)}\n` : undefined;
  if (result.isError) {
    const style = styleFor(out.io.stderr, out.io.env);
    const stderr = `${style.red(`Tool ${tool.name} returned an error:`)} ${toolErrorText(result)}\n`;
    return { code: 1, ...(json !== undefined && { stdout: json }), stderr };
  }
  return { code: 0, stdout: json ?? formatToolResult(result, styleFor(out.io.stdout, out.io.env)) };
}

async function getPrompt(
  connection: Connection,
  request: { name: string; pairs: string[] },
  argsJson: string | undefined,
  out: Output,
): Promise<Outcome> {
  const { client } = connection;
  const { prompts } = await client.listPrompts(undefined, { timeout: out.timeoutMs }).catch((error: unknown) => {
    throw connection.explain(error, "listing prompts");
  });
  if (!prompts.some((prompt) => prompt.name === request.name)) {
    throw unknownName(
      "prompt",
      request.name,
      prompts.map((prompt) => prompt.name),
    );
  }
  const result = await client
    .getPrompt(
      { name: request.name, arguments: buildStringArguments(argsJson, request.pairs) },
      { timeout: out.timeoutMs },
    )
    .catch((error: unknown) => {
      throw connection.explain(error, `getting prompt ${request.name}`);
    });
  return {
    code: 0,
    stdout: out.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : formatPrompt(result, styleFor(out.io.stdout, out.io.env)),
  };
}

async function readResource(connection: Connection, uri: string, out: Output): Promise<Outcome> {
  const result = await connection.client.readResource({ uri }, { timeout: out.timeoutMs }).catch((error: unknown) => {
    throw connection.explain(error, `reading ${uri}`);
  });
  return {
    code: 0,
    stdout: out.json
      ? `${JSON.stringify(result, null, 2)}\n`
      : formatResource(result, styleFor(out.io.stdout, out.io.env)),
  };
}

function unknownName(kind: "tool" | "prompt", name: string, known: string[]): CliError {
  const guess = closestMatch(name, known);
  const listed = known.length ? `The server has: ${known.join(", ")}.` : `The server has no ${kind}s.`;
  return new CliError(
    kind === "tool" ? "E_TOOL_UNKNOWN" : "E_PROMPT_UNKNOWN",
    `No ${kind} named "${name}". ${listed}`,
    {
      hint: guess ? `Did you mean "${guess}"?` : "Run `mcpsmith list` with the same target to see what it offers.",
    },
  );
}
