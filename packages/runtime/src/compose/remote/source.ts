import type { ServerModel } from "../../model/types.js";
import { RemoteConnection } from "./connection.js";
import { listRemote, remoteModel } from "./model.js";
import { ResourceSubscriptions } from "./subscriptions.js";
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
  /**
   * Called with its new model each time it said its lists changed, or came back after a reconnect, once it has
   * been listed again (one listing at a time; changes meanwhile make one more).
   */
  onChange(listener: (model: ServerModel) => void): void;
  /** Called with the remote's own URI when one of its resources changed (every listed resource is subscribed). */
  onResourceUpdated(listener: (uri: string) => void): void;
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
    let model = remoteModel(remote, await listRemote(remote));
    const subscriptions = new ResourceSubscriptions(remote);
    await subscriptions.follow(model);
    let listener: ((model: ServerModel) => void) | undefined;
    let updated: ((uri: string) => void) | undefined;
    let listing: Promise<void> | undefined;
    let again = false;
    const relist = async () => {
      do {
        again = false;
        try {
          model = remoteModel(remote, await listRemote(remote));
          await subscriptions.follow(model);
          listener?.(model);
        } catch (error) {
          process.stderr.write(
            `[mcpsmith] the remote server "${remote.key}" could not be listed again; its previous lists are served: ${(error as Error).message}\n`,
          );
        }
      } while (again);
      listing = undefined;
    };
    remote.listen({
      listsChanged: () => {
        if (listing) again = true;
        else listing = relist();
      },
      resourceUpdated: (uri) => updated?.(uri),
    });
    return {
      key: remote.key,
      get model() {
        return model;
      },
      title: `${model.info.name} ${model.info.version} (${describeTarget(remote.target)})`,
      era: remote.client().getProtocolEra(),
      onChange: (given) => {
        listener = given;
      },
      onResourceUpdated: (given) => {
        updated = given;
      },
      close: () => remote.close(),
    };
  } catch (error) {
    await remote.close();
    throw error;
  }
}
