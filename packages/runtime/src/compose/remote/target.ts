import type { Implementation } from "@modelcontextprotocol/client";

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
