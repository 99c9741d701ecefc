import { randomUUID } from "node:crypto";
import { InMemoryServerEventBus, type ServerEvent, type ServerEventBus } from "@modelcontextprotocol/server";
import { reportFailure } from "../engine/report.js";
import { tracePublish } from "../telemetry/client-spans.js";
import { RedisLink, type RedisLinkOptions } from "./link.js";

/** At most this many distinct events wait for Redis to come back; past it, resource updates are dropped (logged). */
const MAX_PENDING = 1_000;
/** How long after reconnecting a replica replays what it raised while down, to replicas that come back later. */
const REPLAY_WINDOW_MS = 60_000;

const LIST_CHANGES = ["tools_list_changed", "prompts_list_changed", "resources_list_changed"] as const;
const KINDS: ReadonlySet<string> = new Set([...LIST_CHANGES, "resource_updated"]);

/**
 * What goes over the channel: an event and which process published it (it has delivered it to its own), or a
 * replica's hello once it is (back) on the channel. An event sent after an outage carries an `id`, the same when it
 * is replayed (then to one replica only, `to`), so a replica that gets both copies delivers it once.
 */
type Envelope = { origin: string; event: ServerEvent; id?: string; to?: string } | { origin: string; hello: true };

interface Backlogged {
  id: string;
  event: ServerEvent;
}

/**
 * The SDK's `ServerEventBus` on Redis pub/sub, for replicas that share their clients' `subscriptions/listen` streams.
 *
 * An event published here reaches this process's listeners at once (synchronously, as the in-memory bus does) and
 * every other replica's through one Redis channel; a replica skips the copy of its own events that Redis echoes, so
 * each stream sees each event once. The SDK's listen router, fed by `subscribe`, keeps doing what it does with the
 * in-memory bus: per-stream filtering and subscription ids.
 *
 * While Redis is down, events still reach this replica's streams; the others miss them. So the bus keeps what it
 * could not send (deduplicated, at most {@link MAX_PENDING}) and sends it once Redis is back; and it tells its own
 * streams that every list changed, since they may have missed events from other replicas and a refetch is the cure.
 * Replicas do not come back at the same moment: one that says hello after another already sent its backlog gets
 * that backlog again, addressed to it alone (for {@link REPLAY_WINDOW_MS}); each backlogged event has an id, so a
 * replica that received it both ways delivers it once.
 */
export class RedisEventBus implements ServerEventBus {
  readonly link: RedisLink;
  readonly #local = new InMemoryServerEventBus((error) => reportFailure("a change listener failed", error));
  readonly #origin = randomUUID();
  readonly #channel: string;
  readonly #pending = new Map<string, ServerEvent>();
  /** What was raised during the last outage, replayed to replicas that say hello within the window. */
  #backlog: Backlogged[] = [];
  #backlogTimer: NodeJS.Timeout | undefined;
  /** Ids of the backlogged events of other replicas delivered here, with when (forgotten after the window). */
  readonly #delivered = new Map<string, number>();
  readonly #owned: boolean;
  #droppedWhileDown = 0;

  /** A URL opens a link of its own (closed by `close()`); a link is shared, for example with a task store. */
  constructor(redis: string | RedisLink, options: RedisLinkOptions = {}) {
    this.#owned = typeof redis === "string";
    this.link = typeof redis === "string" ? new RedisLink(redis, options) : redis;
    this.#channel = `${this.link.prefix}events`;
    this.link.subscribe(this.#channel, (message) => this.#receive(message));
    this.link.onConnected((again) => {
      this.#flush();
      void this.link.publish(this.#channel, JSON.stringify({ origin: this.#origin, hello: true } satisfies Envelope));
      if (again) for (const kind of LIST_CHANGES) this.#local.publish({ kind });
    });
  }

  publish(event: ServerEvent): void {
    this.#local.publish(event);
    void this.#send(event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    return this.#local.subscribe(listener);
  }

  /** Closes the Redis connections when this bus opened them. */
  async close(): Promise<void> {
    clearTimeout(this.#backlogTimer);
    if (this.#owned) await this.link.close();
  }

  async #send(event: ServerEvent, tagged: { id?: string; to?: string } = {}): Promise<void> {
    const envelope: Envelope = { origin: this.#origin, event, ...tagged };
    const message = JSON.stringify(envelope);
    if (await tracePublish(this.#channel, () => this.link.publish(this.#channel, message))) return;
    const key = event.kind === "resource_updated" ? `${event.kind} ${event.uri}` : event.kind;
    if (this.#pending.size >= MAX_PENDING && !this.#pending.has(key) && event.kind === "resource_updated") {
      this.#droppedWhileDown++;
      return;
    }
    this.#pending.set(key, event);
  }

  #flush(): void {
    if (this.#droppedWhileDown > 0) {
      reportFailure(
        `${this.#droppedWhileDown} resource update(s) raised while Redis was down were not sent to other replicas`,
      );
      this.#droppedWhileDown = 0;
    }
    const pending = [...this.#pending.values()].map((event) => ({ id: randomUUID(), event }));
    this.#pending.clear();
    if (pending.length === 0) return;
    for (const { id, event } of pending) void this.#send(event, { id });
    this.#backlog = pending;
    clearTimeout(this.#backlogTimer);
    this.#backlogTimer = setTimeout(() => {
      this.#backlog = [];
    }, REPLAY_WINDOW_MS).unref();
  }

  /** Another replica's event: checked (the channel is shared, so anything may arrive) and delivered here. */
  #receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (typeof envelope !== "object" || envelope === null || envelope.origin === this.#origin) return;
    if ("hello" in envelope) {
      const to = envelope.origin;
      if (typeof to === "string") for (const { id, event } of this.#backlog) void this.#send(event, { id, to });
      return;
    }
    if ((envelope.to !== undefined && envelope.to !== this.#origin) || !isServerEvent(envelope.event)) return;
    if (typeof envelope.id === "string" && !this.#firstDelivery(envelope.id)) return;
    this.#local.publish(envelope.event);
  }

  /** Whether a backlogged event is new here (it may arrive twice: broadcast, then replayed to this replica). */
  #firstDelivery(id: string): boolean {
    const now = Date.now();
    for (const [seen, at] of this.#delivered) {
      if (now - at < REPLAY_WINDOW_MS) break;
      this.#delivered.delete(seen);
    }
    if (this.#delivered.has(id)) return false;
    this.#delivered.set(id, now);
    return true;
  }
}

function isServerEvent(value: unknown): value is ServerEvent {
  if (typeof value !== "object" || value === null) return false;
  const { kind, uri } = value as { kind?: unknown; uri?: unknown };
  if (typeof kind !== "string" || !KINDS.has(kind)) return false;
  return kind !== "resource_updated" || typeof uri === "string";
}

/** `serve(target, { bus: redisBus(url) })`: change notifications across every replica given the same Redis. */
export function redisBus(redis: string | RedisLink, options?: RedisLinkOptions): RedisEventBus {
  return new RedisEventBus(redis, options);
}
