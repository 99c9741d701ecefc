import type { McpSubscription } from "@modelcontextprotocol/client";
import type { ServerModel } from "../../model/types.js";
import type { RemoteConnection } from "./connection.js";

/**
 * Every fixed resource a remote lists, subscribed to (when it offers subscriptions), so that its
 * `resources/updated` reach the proxy, which announces them to its own clients under the prefixed URI: a
 * legacy remote with `resources/subscribe`, a 2026-07-28 remote with one `subscriptions/listen` stream, opened
 * again for each new listing.
 */
export class ResourceSubscriptions {
  readonly #remote: RemoteConnection;
  #stream: McpSubscription | undefined;

  constructor(remote: RemoteConnection) {
    this.#remote = remote;
  }

  async follow(model: ServerModel): Promise<void> {
    const client = this.#remote.client();
    const uris = model.resources.map((resource) => resource.uri);
    if (!client.getServerCapabilities()?.resources?.subscribe || uris.length === 0) return;
    if (client.getProtocolEra() === "modern") {
      const previous = this.#stream;
      this.#stream = await client.listen({ resourceSubscriptions: uris });
      await previous?.close();
      return;
    }
    await Promise.all(uris.map((uri) => client.subscribeResource({ uri })));
  }
}
