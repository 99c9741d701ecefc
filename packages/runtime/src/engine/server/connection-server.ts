import type {
  Implementation,
  ServerEvent,
  ServerEventBus,
  ServerOptions,
  Transport,
} from "@modelcontextprotocol/server";
import { MiddlewareServer } from "../middleware/middleware-server.js";
import type { Serving } from "../middleware/server.js";

/**
 * An SDK `Server` that serves one whole connection — a stdio connection or a legacy HTTP session — and, while
 * connected, hands the change events of the bus to its client:
 *
 * - on a legacy connection as unsolicited notifications (`notifications/resources/updated` only for URIs the
 *   client subscribed to with `resources/subscribe`);
 * - on a 2026-07-28 stdio connection through `send*()` as well: the SDK's stdio entry intercepts them and
 *   delivers each to the `subscriptions/listen` streams that asked for it, and drops it otherwise.
 *
 * Per-request servers (2026-07-28 over HTTP) are plain `MiddlewareServer`s: there the SDK's listen router reads the
 * bus.
 */
export class ConnectionServer extends MiddlewareServer {
  /** URIs the client subscribed to with `resources/subscribe` (legacy only). */
  readonly subscriptions = new Set<string>();
  readonly #bus: ServerEventBus;
  readonly #era: "legacy" | "modern";
  #unfollow: (() => void) | undefined;

  constructor(
    info: Implementation,
    options: ServerOptions,
    bus: ServerEventBus,
    era: "legacy" | "modern",
    serving: Serving,
  ) {
    super(info, options, serving);
    this.#bus = bus;
    this.#era = era;
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    this.#unfollow ??= this.#bus.subscribe((event) => this.#deliver(event));
  }

  protected override _onclose(): void {
    this.#unfollow?.();
    this.#unfollow = undefined;
    super._onclose();
  }

  #deliver(event: ServerEvent): void {
    // Capabilities were fixed when this connection began; a kind first added later is not this client's concern.
    const capabilities = this.getCapabilities();
    let sent: Promise<void> | undefined;
    if (event.kind === "tools_list_changed") {
      if (capabilities.tools?.listChanged) sent = this.sendToolListChanged();
    } else if (event.kind === "prompts_list_changed") {
      if (capabilities.prompts?.listChanged) sent = this.sendPromptListChanged();
    } else if (event.kind === "resources_list_changed") {
      if (capabilities.resources?.listChanged) sent = this.sendResourceListChanged();
    } else if (capabilities.resources?.subscribe && (this.#era === "modern" || this.subscriptions.has(event.uri))) {
      sent = this.sendResourceUpdated({ uri: event.uri });
    }
    // A connection closing while a notification is on its way is not an error anyone can act on.
    sent?.catch(() => {});
  }
}
