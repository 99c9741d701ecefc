import type { Redis, RedisOptions } from "ioredis";
import { reportFailure } from "../engine/report.js";
import { importOptional, loadDriver } from "../executors/sql/load-driver.js";

/** The ioredis release mcpsmith is tested with (said in the install hint when it is missing). */
export const IOREDIS_PACKAGE = "ioredis@5.9.3";

export interface RedisLinkOptions {
  /**
   * Put before every key and channel, so several servers (or test runs) can share one Redis without seeing each
   * other's events and tasks. Replicas of one server must use the same. Default `mcpsmith:`.
   */
  prefix?: string;
  /** Where connection changes are said (lost, back). Default: stderr, as `[mcpsmith] ...`. */
  log?: (message: string) => void;
}

/**
 * Whether the link is up now; `again` tells the first connection from a reconnection, after which anything sent
 * while it was down has been lost.
 */
export type ConnectedListener = (again: boolean) => void;

/**
 * One server's connections to Redis: one for commands (keys, PUBLISH) and one subscribed to channels (a connection
 * in subscribe mode can do nothing else). ioredis reconnects both by itself; while either is down the link is
 * "degraded": nothing is queued (a publish reports it did not go out, a command fails at once), and once both are
 * back the channels are subscribed again and the `onConnected` listeners run, so the bus and the task store can
 * make up for what was lost meanwhile.
 */
export class RedisLink {
  readonly prefix: string;
  /** Resolves once ioredis is loaded and the connections are being made (not once they are up: Redis may be down). */
  readonly opened: Promise<void>;
  readonly #url: string;
  readonly #log: (message: string) => void;
  readonly #channels = new Map<string, (message: string) => void>();
  readonly #connectedListeners = new Set<ConnectedListener>();
  #commands: Redis | undefined;
  #subscriber: Redis | undefined;
  #everConnected = false;
  #degraded = false;
  #closed = false;

  constructor(url: string, options: RedisLinkOptions = {}) {
    this.#url = url;
    this.prefix = options.prefix ?? "mcpsmith:";
    this.#log = options.log ?? ((message) => process.stderr.write(`[mcpsmith] ${message}\n`));
    this.opened = this.#open();
    // serve() awaits `opened` and fails at start-up; a link made in code says it here too (a missing ioredis, say).
    this.opened.catch((error: unknown) =>
      this.#log(`Redis is not used: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** The connection for commands, once open; undefined while Redis is down (callers fail fast, nothing queues). */
  get commands(): Redis | undefined {
    return this.#commands?.status === "ready" ? this.#commands : undefined;
  }

  /** Whether both connections are up. */
  get up(): boolean {
    return this.#commands?.status === "ready" && this.#subscriber?.status === "ready";
  }

  /** Publishes a message; resolves to false when it could not go out (Redis down), true otherwise. */
  async publish(channel: string, message: string): Promise<boolean> {
    const commands = this.commands;
    if (!commands) return false;
    try {
      await commands.publish(channel, message);
      return true;
    } catch {
      return false;
    }
  }

  /** Hands every message of `channel` to `receive`, now and after every reconnection. */
  subscribe(channel: string, receive: (message: string) => void): () => void {
    this.#channels.set(channel, receive);
    if (this.#subscriber?.status === "ready") void this.#subscriber.subscribe(channel).catch(() => {});
    return () => {
      if (this.#channels.get(channel) !== receive) return;
      this.#channels.delete(channel);
      if (this.#subscriber?.status === "ready") void this.#subscriber.unsubscribe(channel).catch(() => {});
    };
  }

  /** Runs `listener` each time the link comes up, the first time included (after its channels are subscribed). */
  onConnected(listener: ConnectedListener): () => void {
    this.#connectedListeners.add(listener);
    return () => this.#connectedListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.opened.catch(() => {});
    // quit() waits for replies still due; disconnect() is for a connection that is not up (it would wait forever).
    await Promise.all(
      [this.#commands, this.#subscriber].map((client) =>
        client?.status === "ready" ? client.quit().catch(() => client.disconnect()) : client?.disconnect(),
      ),
    );
  }

  async #open(): Promise<void> {
    const module = await loadDriver(
      "ioredis",
      () => importOptional<typeof import("ioredis")>("ioredis"),
      IOREDIS_PACKAGE,
    );
    const RedisClient = (module.Redis ?? module.default) as unknown as new (
      url: string,
      options: RedisOptions,
    ) => Redis;
    if (this.#closed) return;
    const options: RedisOptions = {
      // Never queue while down: a request must not hang on Redis, and the bus makes up for lost events itself.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect for ever, backing off to one attempt every two seconds.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      // Resubscribed by this link once the connection is ready, so it knows when the channels are back.
      autoResubscribe: false,
    };
    this.#commands = new RedisClient(this.#url, options);
    this.#subscriber = new RedisClient(this.#url, options);
    this.#subscriber.on("message", (channel: string, message: string) => this.#channels.get(channel)?.(message));
    for (const client of [this.#commands, this.#subscriber]) {
      client.on("ready", () => void this.#ready());
      client.on("error", (error: Error) => this.#lost(error));
      client.on("close", () => this.#lost());
    }
  }

  async #ready(): Promise<void> {
    if (!this.up || this.#closed) return;
    try {
      if (this.#channels.size > 0) await this.#subscriber!.subscribe(...this.#channels.keys());
    } catch (error) {
      // Lost again before the channels were back: the next "ready" retries.
      this.#lost(error as Error);
      return;
    }
    const again = this.#everConnected;
    this.#everConnected = true;
    if (this.#degraded) {
      this.#degraded = false;
      this.#log(`Redis at ${this.where} is reachable again: change notifications and tasks cross replicas again`);
    }
    for (const listener of this.#connectedListeners) {
      try {
        listener(again);
      } catch (error) {
        reportFailure("a Redis reconnection listener failed", error);
      }
    }
  }

  /** Said once per outage; ioredis keeps retrying and reports every failed attempt, which would flood the log. */
  #lost(error?: Error): void {
    if (this.#closed || this.#degraded) return;
    this.#degraded = true;
    const reason = error ? ` (${(error as { code?: string }).code ?? error.message})` : "";
    this.#log(
      `Redis at ${this.where} is unreachable${reason}: notifications are degraded (they reach only this ` +
        "replica's clients) and tasks run by other replicas cannot be reached; requests are still served. Reconnecting.",
    );
  }

  /** Where Redis is, as logs may show it: host and port only (the URL may carry a password). */
  get where(): string {
    try {
      const url = new URL(this.#url);
      return `${url.hostname}:${url.port || "6379"}`;
    } catch {
      return "the configured URL";
    }
  }
}
