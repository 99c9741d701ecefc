import type { RemoteSource } from "./source.js";
import type { RemoteOptions } from "./target.js";

/**
 * A remote MCP server (stdio or Streamable HTTP, either era) as a source of a composed server: its model forwards
 * every call to it (docs/compose.md, "Remote MCP servers"). The official client is loaded only when a config has
 * a remote, so composing other sources never loads it.
 */
export async function openRemoteSource(options: RemoteOptions): Promise<RemoteSource> {
  const { openRemoteSource } = await import("./source.js");
  return openRemoteSource(options);
}
