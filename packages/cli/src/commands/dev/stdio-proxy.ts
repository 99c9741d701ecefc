import { errorResponse, wireError } from "@mcpsmith/runtime/internal";
import { isJsonObject } from "../../json.js";

/** Where the proxy writes a line: the host's stdout, or the current server's stdin. */
export type LineSink = (line: string) => void;

type Message = { id?: unknown; method?: unknown };

/** Reads the lines as they pass (the dev page's log); a host's line may come back changed (a trace added). */
export interface LineTap {
  fromHost(line: string): string;
  fromServer(line: string): void;
}

/** The id of the replayed `initialize`, whose answer goes to the proxy rather than to the host. */
export const REPLAY_ID = "mcpsmith-dev-replay";

export const NOT_RUNNING = "mcpsmith dev: the server is not running (see its terminal for build errors)";

/**
 * Sits between a host and the server over stdio (newline-delimited JSON-RPC), so the server can be swapped while
 * the host keeps its connection: it counts the requests in flight, holds the host's lines while the server is
 * swapped, and replays the host's `initialize` (and `notifications/initialized`) to the new server. Works on lines,
 * so it is tested without processes.
 */
export class StdioProxy {
  readonly #toHost: LineSink;
  #toServer: LineSink | undefined;
  /** Ids (as JSON) of the host's requests the server has not answered yet. */
  readonly #pending = new Set<string>();
  // Until the first build is known, requests wait for it rather than failing.
  #holding = true;
  readonly #held: string[] = [];
  #initialize: Message | undefined;
  #initialized: string | undefined;
  #idle: (() => void) | undefined;
  #replayed: (() => void) | undefined;

  readonly #tap: LineTap | undefined;

  constructor(toHost: LineSink, tap?: LineTap) {
    this.#tap = tap;
    // Whatever reaches the host (the server's lines, and the proxy's own errors) is what the tap sees answered.
    this.#toHost = tap
      ? (line) => {
          tap.fromServer(line);
          toHost(line);
        }
      : toHost;
  }

  get inFlight(): number {
    return this.#pending.size;
  }

  /** A line from the host: to the server, held while it is swapped, or answered with an error when none runs. */
  fromHost(given: string): void {
    if (this.#holding) {
      this.#held.push(given);
      return;
    }
    const line = this.#tap ? this.#tap.fromHost(given) : given;
    const message = parse(line);
    if (message?.method === "initialize") this.#initialize = message;
    if (message?.method === "notifications/initialized") this.#initialized = line;
    const isRequest = message?.method !== undefined && message.id !== undefined;
    if (this.#toServer === undefined) {
      // Nothing runs (no clean build yet, or it crashed): answer requests so the host does not wait forever.
      if (isRequest) {
        this.#toHost(JSON.stringify(errorResponse(message.id as string | number, notRunning())));
      }
      return;
    }
    if (isRequest) this.#pending.add(JSON.stringify(message.id));
    this.#toServer(line);
  }

  /** A line from the server: to the host, except the answer to a replayed `initialize`. */
  fromServer(line: string): void {
    const message = parse(line);
    const isResponse = message?.id !== undefined && message.method === undefined;
    if (isResponse && message.id === REPLAY_ID) {
      this.#replayed?.();
      return;
    }
    if (isResponse) {
      this.#pending.delete(JSON.stringify(message.id));
      if (this.#pending.size === 0) this.#idle?.();
    }
    this.#toHost(line);
  }

  /** Holds the host's lines from now on, until `connect` or `release`. */
  hold(): void {
    this.#holding = true;
  }

  /** Resolves once no request is in flight (at once when none is), or when the server goes away. */
  whenIdle(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((done) => {
      this.#idle = () => {
        this.#idle = undefined;
        done();
      };
    });
  }

  /**
   * Talks to a new server (or to none: requests get an error): replays the host's handshake to it, waits for its
   * answer, then passes on the lines held meanwhile.
   */
  async connect(toServer: LineSink | undefined): Promise<void> {
    this.#toServer = toServer;
    if (toServer !== undefined && this.#initialize !== undefined) {
      const answered = new Promise<void>((done) => {
        this.#replayed = () => {
          this.#replayed = undefined;
          done();
        };
      });
      toServer(JSON.stringify({ ...this.#initialize, id: REPLAY_ID }));
      await answered;
      if (this.#initialized !== undefined) this.#toServer?.(this.#initialized);
    }
    this.release();
  }

  /** Stops holding: the lines held go on to the server, or are answered when none runs. */
  release(): void {
    this.#holding = false;
    for (const line of this.#held.splice(0)) this.fromHost(line);
  }

  /** The server is gone: nothing is in flight any more, and whoever waits for it stops waiting. */
  disconnect(): void {
    this.#toServer = undefined;
    this.#pending.clear();
    this.#idle?.();
    this.#replayed?.();
  }
}

function parse(line: string): Message | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return isJsonObject(value) ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}

/** What a request gets while no server runs: the internal error a server's own failure would give, saying why. */
function notRunning() {
  return { ...wireError("INTERNAL_SERVER_ERROR"), message: NOT_RUNNING };
}
