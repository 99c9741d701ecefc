import { choosePort } from "../commands/dev/project.js";
import type { LaunchServer } from "../commands/dev/restarter.js";
import type { SessionPage } from "../commands/dev/session-page.js";
import type { LineTap } from "../commands/dev/stdio-proxy.js";
import { catalogueOf, listChanges } from "./catalogue.js";
import { type HttpProxy, startHttpProxy } from "./http-proxy.js";
import { whenListening } from "./listening.js";
import { PageClient } from "./page-client.js";
import { type PageServer, startPageServer } from "./page-server.js";
import { StderrTail } from "./stderr-tail.js";
import { PageStore } from "./store.js";
import { type Channel, TrafficRecorder } from "./traffic.js";

export interface DevPageOptions {
  /** Set for --http: the port clients connect to (the proxy's); undefined means stdio. */
  port: number | undefined;
  /** The page's own port (default: a free one). */
  uiPort?: number | undefined;
  /** What the server's spans are named by (`OTEL_SERVICE_NAME`) unless the environment names it. */
  serviceName: string;
  env: Readonly<Record<string, string | undefined>>;
}

const STDIO: Channel = { exchange: "stdio", session: "stdio", page: false };

/**
 * `--ui`: the dev page of a session. It sees the protocol on the session's own proxy (the stdio proxy, or an HTTP
 * proxy in front of the server), the server's spans through an OTLP receiver the server's environment points at,
 * and the session's own news (starts, exits, compile errors); over HTTP its forms call the server as a client.
 */
export class DevPage implements SessionPage {
  readonly store: PageStore;
  readonly #server: PageServer;
  readonly #recorder: TrafficRecorder;
  readonly #client: PageClient | undefined;
  readonly #proxy: HttpProxy | undefined;
  /** HTTP: the private port the server listens on, behind the proxy. */
  readonly serverPort: number | undefined;
  readonly serverEnv: Record<string, string>;
  #upstream: Promise<number | undefined> = Promise.resolve(undefined);
  #refreshing: Promise<void> | undefined;
  #refreshAgain = false;
  #tail = new StderrTail();

  static async start(options: DevPageOptions): Promise<DevPage> {
    const http = options.port !== undefined;
    const store = new PageStore({
      state: "waiting",
      transport: http ? "http" : "stdio",
      ...(http && { url: `http://127.0.0.1:${options.port}/mcp` }),
      starts: 0,
      canCall: http,
      ...(!http && {
        note: "Over stdio the page shows the host's calls; run `mcpsmith dev --http --ui` to call tools from it.",
      }),
    });
    let page: DevPage | undefined;
    const recorder = new TrafficRecorder(
      store,
      () => store.server.starts,
      () => void page?.refreshCatalogue(),
      http ? undefined : (tools) => page?.showTools(tools),
    );
    const client = http ? new PageClient(store, new URL(`http://127.0.0.1:${options.port}/mcp`)) : undefined;
    const server = await startPageServer(store, client ?? noCalls, options.uiPort);
    const serverPort = http ? await choosePort("0") : undefined;
    const proxy = http
      ? await startHttpProxy({ port: options.port!, upstream: () => page!.#upstream, recorder })
      : undefined;
    page = new DevPage(store, server, recorder, client, proxy, serverPort, options);
    return page;
  }

  private constructor(
    store: PageStore,
    server: PageServer,
    recorder: TrafficRecorder,
    client: PageClient | undefined,
    proxy: HttpProxy | undefined,
    serverPort: number | undefined,
    options: DevPageOptions,
  ) {
    this.store = store;
    this.#server = server;
    this.#recorder = recorder;
    this.#client = client;
    this.#proxy = proxy;
    this.serverPort = serverPort;
    this.serverEnv = otelEnvironment(server.otlpEndpoint, options.env.OTEL_SERVICE_NAME || options.serviceName);
  }

  get url(): URL {
    return this.#server.url;
  }

  /** The session's `[dev]` lines, shown among the page's events. */
  log(text: string): void {
    this.store.addEvent({ kind: "log", text });
  }

  /** A compile that failed: its diagnostics, as tsc printed them (colours removed). */
  compileErrors(summary: string, diagnostics: readonly string[]): void {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
    const plain = diagnostics.map((line) => line.replace(/\u001b\[[0-9;]*m/g, ""));
    this.store.addEvent({ kind: "compile-errors", text: summary, detail: plain });
  }

  /** What the server writes on stderr, kept for when it exits. */
  stderr(text: string): void {
    this.#tail.push(text);
  }

  /** Over stdio: what the stdio proxy reads the host's and the server's lines with. */
  readonly tap: LineTap = {
    fromHost: (line) => {
      const parsed = parseLine(line);
      if (parsed === undefined) return line;
      const passed = this.#recorder.fromClient(parsed, STDIO);
      return passed === parsed ? line : JSON.stringify(passed);
    },
    fromServer: (line) => {
      const parsed = parseLine(line);
      if (parsed !== undefined) this.#recorder.fromServer(parsed, STDIO);
    },
  };

  /** Wraps the session's launcher, to follow each server it starts: when it listens, when it exits by itself. */
  watch(launch: LaunchServer): LaunchServer {
    return (onExit) => {
      let stopped = false;
      let gone = false;
      this.#tail = new StderrTail();
      const server = launch((how) => {
        gone = true;
        if (!stopped) this.#exited(how);
        onExit(how);
      });
      if (server === undefined) {
        this.store.setServer({ state: "waiting" });
        this.#upstream = Promise.resolve(undefined);
        return undefined;
      }
      this.store.setServer({ state: "starting", ...(server.pid !== undefined && { pid: server.pid }) });
      const starts = this.store.server.starts + 1;
      this.store.setServer({ starts });
      this.#upstream = this.#ready(() => gone);
      void this.#upstream.then((port) => {
        if (gone || (this.serverPort !== undefined && port === undefined)) return;
        this.store.setServer({ state: "running" });
        this.store.addEvent({ kind: "started", text: `server started (pid ${server.pid})` });
        void this.refreshCatalogue();
      });
      return {
        pid: server.pid,
        send: server.send,
        stop: () => {
          stopped = true;
          this.#recorder.ended("stdio");
          return server.stop();
        },
      };
    };
  }

  /** Reads tools/list again (coalesced: a burst of changes reads it once more after the one under way). */
  refreshCatalogue(): Promise<void> {
    if (this.#client === undefined) return Promise.resolve();
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      do {
        this.#refreshAgain = false;
        try {
          await this.#client?.reset();
          this.showTools((await this.#client?.listTools()) ?? []);
        } catch (error) {
          this.log(`could not read tools/list: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.#refreshAgain);
      this.#refreshing = undefined;
    })();
    return this.#refreshing;
  }

  async close(): Promise<void> {
    await this.#client?.close();
    await this.#proxy?.close();
    await this.#server.close();
  }

  /** Shows a tools/list in the catalogue, and what changed since the last one. */
  showTools(tools: readonly unknown[]): void {
    const catalogue = catalogueOf(tools, this.store.server.starts);
    const changes = listChanges(this.store.catalogue, catalogue);
    this.store.setCatalogue(catalogue);
    if (changes) this.store.addEvent({ kind: "list-changed", text: "tools/list changed", changes });
  }

  /** HTTP: the server's port once it listens (undefined if it exits first); stdio: at once. */
  async #ready(gone: () => boolean): Promise<number | undefined> {
    const port = this.serverPort;
    if (port === undefined) return undefined;
    if (await whenListening(port, gone)) return port;
    if (!gone()) this.log(`the server did not listen on 127.0.0.1:${port}; the page cannot reach it`);
    return undefined;
  }

  #exited(how: string): void {
    this.#upstream = Promise.resolve(undefined);
    this.#recorder.ended("stdio");
    this.store.setServer({ state: "exited" });
    this.store.addEvent({ kind: "exited", text: `the server exited (${how})`, detail: this.#tail.lines() });
  }
}

const noCalls = {
  call: async () => ({ ok: false as const, error: "Over stdio the page does not call tools: use --http" }),
  answer: () => false,
};

/** Points the server's OpenTelemetry SDK at the page: every span, sent soon, as OTLP/JSON; no metrics or logs. */
function otelEnvironment(endpoint: string, serviceName: string): Record<string, string> {
  return {
    OTEL_SERVICE_NAME: serviceName,
    OTEL_TRACES_EXPORTER: "otlp",
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces`,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
    OTEL_TRACES_SAMPLER: "parentbased_always_on",
    OTEL_BSP_SCHEDULE_DELAY: "200",
    OTEL_METRICS_EXPORTER: "none",
    OTEL_LOGS_EXPORTER: "none",
  };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
