import { join, win32 } from "node:path";
import type { Io } from "../io.js";

/** The hosts `mcpsmith install` writes to. */
export const CLIENTS = ["claude-desktop", "cursor", "vscode", "claude-code"] as const;
export type ClientId = (typeof CLIENTS)[number];

export type Platform = "darwin" | "win32" | "linux";

/** What the server is: a process the host starts, or an HTTP endpoint it connects to. */
export type ServerSpec =
  | { kind: "stdio"; command: string; args: string[]; env: Record<string, string> }
  | { kind: "http"; url: string };

export interface Host {
  id: ClientId;
  title: string;
  /** The key of the object that maps server names to entries. */
  serversKey: "mcpServers" | "servers";
  /** The user-level config file on this OS. */
  configPath(platform: Platform, env: Io["env"], home: string): string;
  /** The entry this host expects for the server. */
  entry(spec: ServerSpec): Record<string, unknown>;
  /**
   * Whether the host reads its file as JSONC (comments, trailing commas). mcpsmith keeps them either way, and
   * warns when the host may not read them.
   */
  readsJsonc: boolean;
  /** Said after writing: how the host picks the change up. */
  afterwards: string;
  /** Said when an HTTP server goes in as a stdio bridge, or anything else the user should know. */
  httpNote?: string;
}

/** `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` (or ~/.config) on Linux. */
function appConfigDir(platform: Platform, env: Io["env"], home: string): string {
  if (platform === "win32") return env.APPDATA || win32.join(home, "AppData", "Roaming");
  if (platform === "darwin") return join(home, "Library", "Application Support");
  return env.XDG_CONFIG_HOME || join(home, ".config");
}

const pathJoin = (platform: Platform) => (platform === "win32" ? win32.join : join);

function stdioEntry(spec: Extract<ServerSpec, { kind: "stdio" }>, type?: "stdio"): Record<string, unknown> {
  return {
    ...(type && { type }),
    command: spec.command,
    args: spec.args,
    ...(Object.keys(spec.env).length > 0 && { env: spec.env }),
  };
}

/**
 * Where each host keeps its user-level MCP servers and what an entry looks like, from the hosts' own documentation:
 * - Claude Desktop: `claude_desktop_config.json` in the app's config folder, `mcpServers`, stdio only (remote
 *   servers are added as connectors in its settings; a local URL goes through the `mcp-remote` stdio bridge).
 * - Cursor: `~/.cursor/mcp.json` (global scope), `mcpServers`, `command`/`args`/`env` or `url`.
 * - VS Code: the user profile's `mcp.json` (`Code/User/mcp.json`), `servers`, with `type: "stdio"` or `"http"`.
 * - Claude Code: `~/.claude.json` (user scope; `$CLAUDE_CONFIG_DIR/.claude.json` when that is set), `mcpServers`,
 *   with `type: "stdio"` or `"http"`.
 */
export const HOSTS: Record<ClientId, Host> = {
  "claude-desktop": {
    id: "claude-desktop",
    readsJsonc: false,
    title: "Claude Desktop",
    serversKey: "mcpServers",
    configPath: (platform, env, home) =>
      pathJoin(platform)(appConfigDir(platform, env, home), "Claude", "claude_desktop_config.json"),
    entry: (spec) =>
      spec.kind === "stdio" ? stdioEntry(spec) : { command: "npx", args: ["-y", "mcp-remote", spec.url] },
    afterwards: "Quit Claude Desktop completely and start it again to load the server.",
    httpNote:
      "Claude Desktop's config file only starts stdio servers, so the URL goes through the `mcp-remote` bridge (run by npx). For a public HTTPS server, add it in Claude Desktop under Settings > Connectors instead.",
  },
  cursor: {
    id: "cursor",
    readsJsonc: false,
    title: "Cursor",
    serversKey: "mcpServers",
    configPath: (platform, _env, home) => pathJoin(platform)(home, ".cursor", "mcp.json"),
    entry: (spec) => (spec.kind === "stdio" ? stdioEntry(spec) : { url: spec.url }),
    afterwards: "Cursor picks the server up under Settings > MCP (restart Cursor if it does not appear).",
  },
  vscode: {
    id: "vscode",
    readsJsonc: true,
    title: "VS Code",
    serversKey: "servers",
    configPath: (platform, env, home) =>
      pathJoin(platform)(appConfigDir(platform, env, home), "Code", "User", "mcp.json"),
    entry: (spec) => (spec.kind === "stdio" ? stdioEntry(spec, "stdio") : { type: "http", url: spec.url }),
    afterwards: "VS Code starts the server from the chat's tools menu (or run `MCP: List Servers`).",
  },
  "claude-code": {
    id: "claude-code",
    readsJsonc: false,
    title: "Claude Code",
    serversKey: "mcpServers",
    configPath: (platform, env, home) => pathJoin(platform)(env.CLAUDE_CONFIG_DIR || home, ".claude.json"),
    entry: (spec) => (spec.kind === "stdio" ? stdioEntry(spec, "stdio") : { type: "http", url: spec.url }),
    afterwards: "Start a new Claude Code session; `/mcp` shows the server (user scope: every project).",
  },
};

/** The home folder from the given environment (so tests can point it at a temp folder). */
export function homeFolder(platform: Platform, env: Io["env"], fallback: string): string {
  if (platform === "win32") return env.USERPROFILE || env.HOME || fallback;
  return env.HOME || fallback;
}

export function currentPlatform(): Platform {
  return process.platform === "win32" ? "win32" : process.platform === "darwin" ? "darwin" : "linux";
}
