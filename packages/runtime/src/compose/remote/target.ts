import { resolve } from "node:path";
import type { Implementation } from "@modelcontextprotocol/client";
import { McpsmithError } from "../../errors.js";

/** A remote MCP server reached over Streamable HTTP (either era): its endpoint and the headers it is sent. */
export interface RemoteHttpTarget {
  url: string;
  /** Sent with every request (credentials from the config or the environment; never the caller's MCP token). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The caller's own credential, passed on: remote header -> the header of the caller's MCP request it is read
   * from (`{ "Authorization": "X-Upstream-Github" }`). A caller without it gets an `isError` naming it, and nothing
   * is sent. The caller's MCP `Authorization` header is never one of them.
   */
  forwardHeaders?: Readonly<Record<string, string>>;
}

/** A remote MCP server started as a child process, spoken to over stdio (either era). */
export interface RemoteStdioTarget {
  command: string;
  args?: readonly string[];
  /** Added to the SDK's safe default environment (PATH, HOME, ...): the process sees nothing else of ours. */
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

export type RemoteTarget = RemoteHttpTarget | RemoteStdioTarget;

export interface RemoteOptions {
  /** Names the remote in every error and message: its key in the config. */
  key: string;
  target: RemoteTarget;
  /** Milliseconds one request may wait for the remote; progress from the remote restarts the wait. Default 60000. */
  timeout?: number;
  /** Reconnecting after the remote went away: the first wait and the longest (ms). Default 500 and 30000. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** How the proxy introduces itself to the remote. */
  clientInfo?: Implementation;
}

export function isHttpTarget(target: RemoteTarget): target is RemoteHttpTarget {
  return "url" in target;
}

/** The target as messages show it: the URL without credentials or query, or the command line. */
export function describeTarget(target: RemoteTarget): string {
  if (isHttpTarget(target)) {
    const url = new URL(target.url);
    return `${url.protocol}//${url.host}${url.pathname}`;
  }
  return [target.command, ...(target.args ?? [])].join(" ");
}

/** A value of a config: the text itself, or the environment variable it is read from when the server starts. */
export type TextOrEnv = string | { env: string };

/**
 * A remote as a config writes it (`mcp` of a source): credentials as `{ "env": "VAR" }`, read when the server
 * starts, never written anywhere else; a stdio remote's `cwd` relative to `dir`.
 */
export type ConfiguredRemote =
  | { url: string; headers?: Readonly<Record<string, TextOrEnv>>; forwardHeaders?: Readonly<Record<string, string>> }
  | { command: string; args?: readonly string[]; env?: Readonly<Record<string, TextOrEnv>>; cwd?: string };

/**
 * The target a configured remote is reached at, its `{ env }` values read from `env` now. An unset (or empty)
 * variable is an error naming it: a remote is never called without the credential it was given. What `mcpsmith
 * serve` does with a config, and what the project `mcpsmith generate --config` writes does when it starts.
 */
export function remoteTarget(
  configured: ConfiguredRemote,
  options: { env: Readonly<Record<string, string | undefined>>; dir: string },
): RemoteTarget {
  const read = (values: Readonly<Record<string, TextOrEnv>> | undefined, what: string) => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(values ?? {})) {
      if (typeof value === "string") {
        out[name] = value;
        continue;
      }
      const text = options.env[value.env];
      if (text === undefined || text === "") {
        throw new McpsmithError(
          "E_REMOTE_UNAVAILABLE",
          `the environment variable ${value.env} (for the ${what} ${name}) is not set`,
        );
      }
      out[name] = text;
    }
    return out;
  };
  if ("url" in configured) {
    return {
      url: configured.url,
      headers: read(configured.headers, "header"),
      ...(configured.forwardHeaders !== undefined && { forwardHeaders: configured.forwardHeaders }),
    };
  }
  return {
    command: configured.command,
    args: [...(configured.args ?? [])],
    env: read(configured.env, "variable"),
    cwd: resolve(options.dir, configured.cwd ?? "."),
  };
}
