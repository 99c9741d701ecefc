import { plural } from "../../text.js";
import type { LineSink, StdioProxy } from "./stdio-proxy.js";

/** A server process the session runs. */
export interface RunningServer {
  readonly pid: number | undefined;
  /** Writes a line to its stdin (the stdio proxy's way in). */
  send: LineSink;
  /** Ends it and whatever it started; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the server, or returns undefined when there is nothing to run yet (no build). `onExit` is called when it
 * exits by itself, with how it ended (`code 1`, `SIGSEGV`).
 */
export type LaunchServer = (onExit: (how: string) => void) => RunningServer | undefined;

export interface RestarterOptions {
  launch: LaunchServer;
  /** Over stdio: the proxy between the host and the server; undefined over HTTP. */
  proxy: StdioProxy | undefined;
  log(text: string): void;
  /** Where the server answers (`on http://...`), for the log; empty over stdio. */
  where: string;
}

/**
 * Owns the running server and swaps it for a fresh one after each clean build: one swap at a time, in the order
 * asked, and over stdio only between requests (the proxy holds the host's lines meanwhile).
 */
export class Restarter {
  readonly #options: RestarterOptions;
  #server: RunningServer | undefined;
  #starts = 0;
  #stopping = false;
  #switching = false;
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RestarterOptions) {
    this.#options = options;
  }

  get running(): boolean {
    return this.#server !== undefined;
  }

  /** A restart is queued or under way. */
  get switching(): boolean {
    return this.#switching;
  }

  /** Runs `step` after the restarts queued so far (schemas are derived before the restart that reads them). */
  enqueue(step: () => unknown): void {
    this.#queue = this.#queue.then(async () => {
      await step();
    });
  }

  restart(): void {
    this.#switching = true;
    this.enqueue(() => this.#swap());
  }

  /** Stops the server for good; restarts still queued do nothing. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#options.proxy?.disconnect();
    const server = this.#server;
    this.#server = undefined;
    await server?.stop();
  }

  async #swap(): Promise<void> {
    const { proxy, log } = this.#options;
    if (this.#stopping) return;
    if (proxy) {
      proxy.hold();
      const inFlight = proxy.inFlight;
      if (inFlight > 0) {
        const finish = inFlight === 1 ? "finishes" : "finish";
        log(`a new build is ready; the server restarts once the ${plural(inFlight, "request")} in flight ${finish}`);
        await proxy.whenIdle();
      }
    }
    const old = this.#server;
    this.#server = undefined;
    await old?.stop();
    if (this.#stopping) return;
    this.#server = this.#start();
    await proxy?.connect(this.#server?.send);
    this.#switching = false;
  }

  #start(): RunningServer | undefined {
    const server = this.#options.launch((how) => {
      if (this.#server !== server || this.#stopping) return;
      this.#server = undefined;
      this.#options.log(`the server exited (${how}); it starts again on the next change`);
      this.#options.proxy?.disconnect();
    });
    if (server === undefined) return undefined;
    this.#starts += 1;
    this.#options.log(
      `${this.#starts === 1 ? "started" : "restarted"} the server (pid ${server.pid})${this.#options.where}`,
    );
    return server;
  }
}
