import type { Readable } from "node:stream";
import {
  type Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { InputRequest } from "@modelcontextprotocol/server";
import { McpsmithError } from "../../errors.js";
import { protocolError } from "../../wire-errors.js";
import { checkForwardHeaders, forwardingFetch } from "./caller-headers.js";
import { RemoteClient } from "./client.js";
import { outsideCalls, ParkedCalls } from "./parked.js";
import { describeTarget, isHttpTarget, type RemoteOptions, type RemoteTarget } from "./target.js";

/**
 * Probes a stdio remote for its era on the process it keeps: the SDK's own class probes on a second, short-lived
 * process, and a remote server started twice may do its start-up work (and its side effects) twice.
 */
class InPlaceStdioTransport extends StdioClientTransport {}

/** What a remote tells the proxy between calls. */
export interface RemoteEvents {
  /** Its tools, prompts or resources changed, or it came back after a reconnect: list it again. */
  listsChanged(): void;
  /** A resource it was subscribed to changed (its own URI). */
  resourceUpdated(uri: string): void;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const INPUT_METHODS = ["elicitation/create", "sampling/createMessage", "roots/list"] as const;

/**
 * One remote MCP server, reached with the official client in whichever era it speaks (`auto` negotiation: the
 * 2026-07-28 probe, else `initialize`). When the remote goes away (its process exits, its endpoint stops
 * answering a stream), calls running on it fail with an error naming it, and the connection is made again with
 * growing waits until it answers or the proxy closes.
 */
export class RemoteConnection {
  readonly key: string;
  readonly target: RemoteTarget;
  readonly timeout: number;
  readonly #options: RemoteOptions;
  #client: Client | undefined;
  #closing = false;
  #failures = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #events: RemoteEvents | undefined;
  #stderr = "";
  /** Calls to this remote that may ask for input, running or parked between their caller's rounds. */
  readonly parked = new ParkedCalls();

  private constructor(options: RemoteOptions) {
    if (isHttpTarget(options.target) && options.target.forwardHeaders) {
      checkForwardHeaders(options.key, options.target.forwardHeaders);
    }
    this.#options = options;
    this.key = options.key;
    this.target = options.target;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  }

  /** Connects once: a remote that cannot be started or reached is an error naming it (start-up stops there). */
  static async open(options: RemoteOptions): Promise<RemoteConnection> {
    const remote = new RemoteConnection(options);
    remote.#client = await remote.#connect();
    return remote;
  }

  /** The connected client. A remote that is away (being reconnected) throws an error naming it. */
  client(): Client {
    if (this.#client === undefined) {
      throw new McpsmithError(
        "E_REMOTE_UNAVAILABLE",
        `the remote server "${this.key}" (${describeTarget(this.target)}) is not connected${this.#closing ? "" : "; reconnecting"}`,
      );
    }
    return this.#client;
  }

  /** Where list changes and reconnects are reported (one listener: the source that serves this remote). */
  listen(events: RemoteEvents): void {
    this.#events = events;
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.parked.cancelAll("the server is closing");
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => {});
  }

  async #connect(): Promise<Client> {
    const listChanged = { autoRefresh: false, debounceMs: 0, onChanged: () => this.#events?.listsChanged() };
    const options: ClientOptions = {
      versionNegotiation: { mode: "auto" },
      // A 2026-07-28 remote's input rounds are the proxy's to pass on (input.ts), never answered here.
      inputRequired: { autoFulfill: false },
      listChanged: { tools: listChanged, prompts: listChanged, resources: listChanged },
      // What a remote may ask of the proxy's callers (legacy requests, or 2026-07-28 input rounds).
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
    };
    const client = new RemoteClient(this.#options.clientInfo ?? { name: "mcpsmith-proxy", version: "1.0.0" }, options);
    client.setNotificationHandler("notifications/resources/updated", (notification) =>
      this.#events?.resourceUpdated(notification.params.uri),
    );
    client.setNotificationHandler("notifications/message", (notification) => this.parked.log(notification.params));
    for (const method of INPUT_METHODS) {
      client.setRequestHandler(method, (request) => this.#asked({ method, params: request.params } as InputRequest));
    }
    const transport = this.#transport();
    try {
      await client.connect(transport, { timeout: this.timeout });
    } catch (error) {
      await client.close().catch(() => {});
      throw new McpsmithError(
        "E_REMOTE_UNAVAILABLE",
        `the remote server "${this.key}" (${describeTarget(this.target)}) could not be ${isHttpTarget(this.target) ? "reached" : "started"}: ${reasonOf(error)}${this.#stderrTail()}`,
        { cause: error },
      );
    }
    client.onclose = () => this.#lost(client);
    // A legacy remote logs only once asked to (a 2026-07-28 one per request, input.ts); its messages go to the
    // caller of the call they came with (parked.ts).
    if (client.getProtocolEra() === "legacy" && client.getServerCapabilities()?.logging) {
      await client.setLoggingLevel("debug").catch(() => {});
    }
    return client;
  }

  /**
   * A legacy remote asks for input while a call runs: the call it belongs to (parked.ts, `asking`) takes the request
   * to its caller. A request outside any call, or that cannot be told apart between several running calls, is
   * refused (roots are answered with none: some servers ask for them right after connecting).
   */
  #asked(request: InputRequest): Promise<never> {
    const call = this.parked.asking();
    if (call !== undefined) return call.ask(request) as Promise<never>;
    if (request.method === "roots/list") return Promise.resolve({ roots: [] } as never);
    return Promise.reject(
      protocolError("INTERNAL_ERROR", `mcpsmith cannot tell which of its callers this ${request.method} is for`),
    );
  }

  #transport(): Transport {
    const { target } = this;
    if (isHttpTarget(target)) {
      return new StreamableHTTPClientTransport(new URL(target.url), {
        ...(target.headers && { requestInit: { headers: { ...target.headers } } }),
        ...(target.forwardHeaders && { fetch: forwardingFetch }),
      });
    }
    const transport = new InPlaceStdioTransport({
      command: target.command,
      args: [...(target.args ?? [])],
      env: { ...getDefaultEnvironment(), ...target.env },
      ...(target.cwd !== undefined && { cwd: target.cwd }),
      stderr: "pipe",
    });
    // Drained always (a full pipe would stall the remote), its end kept to explain a failure, passed on marked.
    (transport.stderr as Readable | null)?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this.#stderr = (this.#stderr + text).slice(-2048);
      process.stderr.write(text.replace(/^(?=.)/gm, `[${this.key}] `));
    });
    return transport;
  }

  #stderrTail(): string {
    const tail = this.#stderr.trim();
    return tail === "" ? "" : `\n  its last output on stderr:\n    ${tail.split("\n").slice(-5).join("\n    ")}`;
  }

  /** The remote went away: calls running on it have failed (the client rejects them); connect again later. */
  #lost(client: Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.parked.cancelAll(`the remote server "${this.key}" went away`);
    if (this.#closing) return;
    process.stderr.write(`[mcpsmith] the remote server "${this.key}" went away; reconnecting\n`);
    this.#schedule();
  }

  #schedule(): void {
    const { initialMs = 500, maxMs = 30_000 } = this.#options.backoff ?? {};
    const wait = Math.min(maxMs, initialMs * 2 ** this.#failures);
    // Jitter, so replicas that lost one remote together do not all knock at the same instant.
    const delay = wait / 2 + Math.random() * (wait / 2);
    this.#retry = setTimeout(() => outsideCalls(() => void this.#reconnect()), delay);
    this.#retry.unref?.();
  }

  async #reconnect(): Promise<void> {
    if (this.#closing) return;
    try {
      const client = await this.#connect();
      if (this.#closing) {
        await client.close().catch(() => {});
        return;
      }
      this.#client = client;
      this.#failures = 0;
      process.stderr.write(`[mcpsmith] the remote server "${this.key}" is back\n`);
      this.#events?.listsChanged();
    } catch {
      this.#failures += 1;
      this.#schedule();
    }
  }
}

function reasonOf(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error && messages.length < 3; current = current.cause) {
    if (!messages.includes(current.message)) messages.push(current.message);
  }
  return messages.join(": ") || String(error);
}
