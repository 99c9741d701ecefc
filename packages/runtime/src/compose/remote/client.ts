import { Client } from "@modelcontextprotocol/client";

/**
 * The official client, with one change of order: the SDK hands a notification to its handler a microtask after
 * it arrived, and an answer at once (dropping the request's progress handler). When a remote's last progress
 * notifications and its answer arrive in one read, as they do on stdio, the progress would be lost; handling the
 * answer a microtask later lets the progress that came before it through first, in the order the remote sent it.
 */
export class RemoteClient extends Client {
  protected override _onresponse(...args: Parameters<Client["_onresponse"]>): void {
    queueMicrotask(() => super._onresponse(...args));
  }
}
