import type { Readable } from "node:stream";
import {
  Client,
  ProtocolError,
  SdkError,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";
import { cliVersion } from "../version.js";
import type { Target } from "./target.js";

/** `auto` probes with `server/discover` and falls back to `initialize`, as current hosts do. */
export const ERAS = ["auto", "legacy", "2026-07-28"] as const;
export type Era = (typeof ERAS)[number];

export interface Connection {
  client: Client;
  target: Target;
  /** Turns a failed request into a CliError that says what happened and what to do. */
  explain(error: unknown, what: string): CliError;
  close(): Promise<void>;
}

export interface ConnectOptions {
  era: Era;
  timeoutMs: number;
  env: Io["env"];
  /** Sent as `Authorization: Bearer` to an HTTP server. */
  token?: string | undefined;
}

/** Connects an official v2 client to the target; every failure becomes a CliError naming the next step. */
export async function connect(target: Target, options: ConnectOptions): Promise<Connection> {
  const client = new Client(
    { name: "mcpsmith-cli", version: cliVersion() },
    {
      versionNegotiation: {
        mode: options.era === "2026-07-28" ? { pin: "2026-07-28" } : options.era,
      },
    },
  );
  const stderrTail = new Tail(4096);
  const transport =
    target.kind === "stdio"
      ? new StdioClientTransport({
          command: target.command,
          args: target.args,
          cwd: target.cwd,
          // The user's own environment (API keys and all), as the server would get when started by hand.
          env: definedOnly(options.env),
          stderr: "pipe",
        })
      : new StreamableHTTPClientTransport(target.url, bearer(options.token));
  if (transport instanceof StdioClientTransport) {
    // Drained always (a full pipe would stall the server), kept only to explain a failure.
    (transport.stderr as Readable | null)?.on("data", (chunk: Buffer) => stderrTail.push(chunk.toString("utf8")));
  }

  const explain = (error: unknown, what: string) => explainFailure(error, what, target, stderrTail.text());
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    throw explain(error, "connecting");
  }
  return { client, target, explain, close: () => client.close() };
}

function explainFailure(error: unknown, what: string, target: Target, stderr: string): CliError {
  if (error instanceof CliError) return error;
  const serverSaid = stderr.trim() ? `\nThe server's last output on stderr:\n${indent(stderr.trim())}` : "";
  const code = (error as { code?: unknown } | undefined)?.code;

  if (target.kind === "stdio" && code === "ENOENT") {
    return new CliError("E_SERVER_START", `Could not start "${target.command}": no such command.`, {
      hint: "Check the command after `--` (is it installed and on PATH?), e.g. `mcpsmith list -- node dist/main.js`.",
      cause: error,
    });
  }
  if (target.kind === "stdio" && error instanceof SdkError && error.code === "CONNECTION_CLOSED") {
    return new CliError("E_SERVER_START", `The server \`${target.label}\` exited while ${what}.${serverSaid}`, {
      hint: "Run the command by hand to see why it stops; a stdio server must keep running and read stdin.",
      cause: error,
    });
  }
  if (error instanceof SdkError && error.code === "REQUEST_TIMEOUT") {
    return new CliError("E_CONNECT", `The server did not answer in time while ${what}.${serverSaid}`, {
      hint: "Raise the limit with --timeout MS, or check that the server is an MCP server.",
      cause: error,
    });
  }
  if (target.kind === "http" && isNetworkFailure(error)) {
    return new CliError("E_CONNECT", `Could not reach ${target.url.href} (${networkReason(error)}).`, {
      hint: "Is the server running? Start it (e.g. `node dist/main.js --http`) and check the URL; the endpoint usually ends in /mcp.",
      cause: error,
    });
  }
  if (target.kind === "http" && error instanceof SdkHttpError && (error.status === 404 || error.status === 405)) {
    return new CliError("E_CONNECT", `${target.url.href} answered HTTP ${error.status}: no MCP endpoint there.`, {
      hint: "Check the path: mcpsmith servers (and most others) answer on /mcp, e.g. http://127.0.0.1:3000/mcp.",
      cause: error,
    });
  }
  // A 401 is an SdkHttpError without a token, and the transport's UnauthorizedError once a token was refused.
  const status = error instanceof UnauthorizedError ? 401 : error instanceof SdkHttpError ? error.status : undefined;
  if (target.kind === "http" && (status === 401 || status === 403)) {
    const refused = status === 401 ? "requires a valid credential" : "refused the credential's scopes";
    return new CliError("E_CONNECT", `${target.url.href} ${refused} (HTTP ${status}) while ${what}.`, {
      hint:
        status === 401
          ? "Pass an access token or API key with --token (or MCPSMITH_TOKEN); its audience must be this server's URL."
          : "Get a token with the scopes this operation needs (the server's WWW-Authenticate header names them).",
      cause: error,
    });
  }
  if (error instanceof ProtocolError) {
    return new CliError(
      "E_REQUEST_FAILED",
      `The server answered with error ${error.code} while ${what}: ${error.message}`,
      {
        hint: "This is the server's answer; check the name and arguments against `mcpsmith list`.",
        cause: error,
      },
    );
  }
  const message = (error instanceof Error ? error.message : String(error)).trim();
  return new CliError("E_CONNECT", `Failed while ${what} with ${target.label}: ${message}${serverSaid}`, {
    hint: "Try `--era legacy` for servers that only speak the 2025 protocol, or run the server by hand to check it.",
    cause: error,
  });
}

/** A fixed bearer token as the v2 transport's minimal auth provider; none without a token. */
function bearer(token: string | undefined): { authProvider?: { token(): Promise<string> } } {
  return token === undefined ? {} : { authProvider: { token: async () => token } };
}

function isNetworkFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message === "fetch failed" || /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH/.test(current.message)) return true;
    if (current instanceof SdkError && /fetch failed/.test(current.message)) return true;
  }
  return false;
}

function networkReason(error: unknown): string {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (code === "ECONNREFUSED") return "connection refused";
    if (code === "ENOTFOUND") return "unknown host";
  }
  return "network error";
}

function definedOnly(env: Io["env"]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

/** The last `limit` characters written to a stream. */
class Tail {
  #text = "";
  constructor(private readonly limit: number) {}
  push(chunk: string): void {
    this.#text = (this.#text + chunk).slice(-this.limit);
  }
  text(): string {
    return this.#text;
  }
}
