import type { ServerModel } from "../../model/types.js";
import { RemoteConnection } from "./connection.js";
import { listRemote, remoteModel } from "./model.js";
import { describeTarget, type RemoteOptions } from "./target.js";

/** A remote MCP server as a source of a composed server. */
export interface RemoteSource {
  readonly key: string;
  /** What it offers now, as a source's model (its own names; composition adds the prefix). */
  readonly model: ServerModel;
  /** For summaries: `files 1.2.0 (npx -y some-mcp-server .)`. */
  readonly title: string;
  /** The era it speaks: `modern` (2026-07-28) or `legacy`. */
  readonly era: "modern" | "legacy" | undefined;
  close(): Promise<void>;
}

/**
 * Starts or reaches a remote MCP server and lists what it offers. A remote that cannot be started, reached or
 * listed is an error naming it (`E_REMOTE_UNAVAILABLE`), and nothing of it is left running. (Loaded through
 * open.ts.)
 */
export async function openRemoteSource(options: RemoteOptions): Promise<RemoteSource> {
  const remote = await RemoteConnection.open(options);
  try {
    const listing = await listRemote(remote);
    const model = remoteModel(remote, listing);
    return {
      key: remote.key,
      model,
      title: `${model.info.name} ${model.info.version} (${describeTarget(remote.target)})`,
      era: remote.client().getProtocolEra(),
      close: () => remote.close(),
    };
  } catch (error) {
    await remote.close();
    throw error;
  }
}
