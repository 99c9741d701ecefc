import type { Readable } from "node:stream";
import {
  type CallToolResult,
  Client,
  type CompleteRequest,
  type CompleteResult,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type Progress,
  type ReadResourceResult,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTestClient, type ServeTarget, toFetchHandler } from "./runtime.js";
import { inProcessFetch, type StdioCommand } from "./servers.js";

/**
 * The official clients a server must work with: the v2 client in each of its negotiation modes, and the v1
 * client that most hosts still ship (it speaks 2025-11-25 only).
 */
export type ClientKind = "v2 legacy" | "v2 auto" | "v2 pinned 2026-07-28" | "v1";

export interface ClientSpec {
  kind: ClientKind;
  /** The era the connection must end up in. */
  era: "legacy" | "modern";
  /** The protocol version the connection must negotiate. */
  protocolVersion: string;
}

export const CLIENTS: readonly ClientSpec[] = [
  { kind: "v2 legacy", era: "legacy", protocolVersion: "2025-11-25" },
  { kind: "v2 auto", era: "modern", protocolVersion: "2026-07-28" },
  { kind: "v2 pinned 2026-07-28", era: "modern", protocolVersion: "2026-07-28" },
  { kind: "v1", era: "legacy", protocolVersion: "2025-11-25" },
];

/** Where the server runs: in this process without a socket, a child process on stdio, or one on a real port. */
export type TransportKind = "in-memory" | "stdio" | "http";

export interface CallOptions {
  onprogress?: (progress: Progress) => void;
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * The calls a test makes, identical for the v1 and v2 clients (results typed with the v2 types; the v1 client
 * returns the same wire shapes). Keeps one set of assertions for every client.
 */
export interface TestClient {
  readonly kind: ClientKind;
  /** `legacy` or `modern`, as the client itself reports it (v1: from the version it negotiated). */
  era(): "legacy" | "modern" | undefined;
  protocolVersion(): string | undefined;
  listTools(): Promise<ListToolsResult>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: CallOptions,
  ): Promise<CallToolResult>;
  listResources(): Promise<ListResourcesResult>;
  listResourceTemplates(): Promise<ListResourceTemplatesResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  listPrompts(): Promise<ListPromptsResult>;
  getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult>;
  complete(params: CompleteRequest["params"]): Promise<CompleteResult>;
  /**
   * Every message the client's transport delivered so far, in arrival order: what the server really sent,
   * independent of what the client then did with it.
   */
  readonly received: readonly unknown[];
  /** What a spawned stdio server wrote to stderr (empty for other transports). */
  stderr(): string;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: "mcpsmith-protocol-tests", version: "1.0.0" };

/** Where to connect: a target served in process, a stdio command, or an HTTP URL. */
export type Connection =
  | { transport: "in-memory"; target: ServeTarget }
  | { transport: "stdio"; command: StdioCommand }
  | {
      transport: "http";
      url: URL;
      auth?: HttpAuth;
      /** Sent with every HTTP request, as a host configured with custom headers sends them. */
      headers?: Record<string, string>;
    };

/**
 * An OAuth client for an HTTP connection: the client does the whole flow itself (401, metadata discovery, token
 * with `resource`, retry; step-up on 403), as a host would. Each SDK brings its own provider class.
 */
export interface HttpAuth {
  /** The v2 client's provider (`@modelcontextprotocol/client`). */
  v2: ConstructorParameters<typeof StreamableHTTPClientTransport>[1] extends infer O
    ? O extends { authProvider?: infer P }
      ? P
      : never
    : never;
  /** The v1 client's provider (`@modelcontextprotocol/sdk`). */
  v1: ConstructorParameters<typeof V1StreamableHTTPClientTransport>[1] extends infer O
    ? O extends { authProvider?: infer P }
      ? P
      : never
    : never;
}

/** A Streamable HTTP transport's options (both SDKs take the same shape): the auth provider, extra headers. */
function httpOptions<P>(connection: { headers?: Record<string, string> }, authProvider: P | undefined) {
  return {
    ...(authProvider && { authProvider }),
    ...(connection.headers && { requestInit: { headers: connection.headers } }),
  };
}

export async function connectClient(kind: ClientKind, connection: Connection): Promise<TestClient> {
  return kind === "v1" ? connectV1(connection) : connectV2(kind, connection);
}

function v2Options(kind: ClientKind) {
  if (kind === "v2 auto") return { versionNegotiation: { mode: "auto" as const } };
  if (kind === "v2 pinned 2026-07-28") return { versionNegotiation: { mode: { pin: "2026-07-28" as const } } };
  return {};
}

async function connectV2(kind: ClientKind, connection: Connection): Promise<TestClient> {
  let client: Client;
  let stderr = () => "";
  if (connection.transport === "in-memory") {
    // The runtime's own helper: a linked in-memory pair (a real session) for legacy, the fetch handler for 2026.
    const era = kind === "v2 legacy" ? "legacy" : kind === "v2 auto" ? "auto" : "2026-07-28";
    client = await createTestClient(connection.target, { era });
  } else {
    client = new Client(CLIENT_INFO, v2Options(kind));
    if (connection.transport === "stdio") {
      const transport = new StdioClientTransport(connection.command);
      stderr = collect(transport.stderr as Readable | null);
      await client.connect(transport);
    } else {
      const auth = connection.auth?.v2;
      await client.connect(new StreamableHTTPClientTransport(connection.url, httpOptions(connection, auth)));
    }
  }
  return {
    kind,
    received: tapInbound(client.transport),
    era: () => client.getProtocolEra(),
    protocolVersion: () => client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools(),
    callTool: (params, options) => client.callTool(params, options),
    listResources: () => client.listResources(),
    listResourceTemplates: () => client.listResourceTemplates(),
    readResource: (uri) => client.readResource({ uri }),
    listPrompts: () => client.listPrompts(),
    getPrompt: (name, args) => client.getPrompt({ name, ...(args && { arguments: args }) }),
    complete: (params) => client.complete(params),
    stderr,
    close: () => client.close(),
  };
}

async function connectV1(connection: Connection): Promise<TestClient> {
  const client = new V1Client(CLIENT_INFO);
  let stderr = () => "";
  let close = async () => {};
  let transport: V1StdioClientTransport | V1StreamableHTTPClientTransport;
  if (connection.transport === "in-memory") {
    // The v1 client's own HTTP transport with a `fetch` that answers in process: the real wire, no socket.
    // With a legacy session, as `serve()` gives over HTTP; stateless, its notifications/cancelled could not
    // reach the call it cancels (see serve/legacy-sessions.ts).
    const handler = toFetchHandler(connection.target, { legacySessions: true });
    transport = new V1StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
      fetch: inProcessFetch(handler),
    });
    close = () => handler.close();
  } else if (connection.transport === "stdio") {
    transport = new V1StdioClientTransport(connection.command);
    stderr = collect(transport.stderr as Readable | null);
  } else {
    const auth = connection.auth?.v1;
    transport = new V1StreamableHTTPClientTransport(connection.url, httpOptions(connection, auth));
  }
  // The v1 client keeps the negotiated version to itself; it hands it to the transport, so listen there.
  let negotiated: string | undefined;
  const setProtocolVersion = (transport as { setProtocolVersion?: (version: string) => void }).setProtocolVersion;
  (transport as { setProtocolVersion?: (version: string) => void }).setProtocolVersion = (version) => {
    negotiated = version;
    setProtocolVersion?.call(transport, version);
  };
  await client.connect(transport);

  const asV2 = <T>(promise: Promise<unknown>) => promise as Promise<T>;
  return {
    kind: "v1",
    received: tapInbound(client.transport),
    era: () => (negotiated === undefined ? undefined : negotiated < "2026" ? "legacy" : "modern"),
    protocolVersion: () => negotiated,
    listTools: () => asV2(client.listTools()),
    callTool: (params, options) => asV2(client.callTool(params, undefined, options)),
    listResources: () => asV2(client.listResources()),
    listResourceTemplates: () => asV2(client.listResourceTemplates()),
    readResource: (uri) => asV2(client.readResource({ uri })),
    listPrompts: () => asV2(client.listPrompts()),
    getPrompt: (name, args) => asV2(client.getPrompt({ name, ...(args && { arguments: args }) })),
    complete: (params) => asV2(client.complete(params as Parameters<V1Client["complete"]>[0])),
    stderr,
    async close() {
      await client.close();
      await close();
    },
  };
}

/**
 * Records what a connected transport delivers. Both SDKs' transports look up `onmessage` for each message,
 * so wrapping the handler the client installed sees every message, before the client handles it.
 */
function tapInbound(transport: { onmessage?: (message: never, extra?: never) => void } | undefined): unknown[] {
  const received: unknown[] = [];
  const deliver = transport?.onmessage;
  if (!transport || !deliver) throw new Error("tapInbound: the client has no connected transport");
  transport.onmessage = (message, extra) => {
    received.push(message);
    deliver.call(transport, message, extra);
  };
  return received;
}

/** Drains a child's piped stderr (an unread pipe would eventually block the child) and keeps it for messages. */
function collect(stream: Readable | null): () => string {
  let text = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    text = (text + chunk).slice(-20_000);
  });
  return () => text;
}

/**
 * The clients of a test matrix (`CLIENTS`), connected at once: starting server processes is most of such a file's
 * run time. Tests still run one at a time, and a client that fails to connect fails its own cell only.
 */
export class ClientMatrix {
  readonly #connecting = new Map<ClientKind, Promise<TestClient>>();

  /** Starts every client (call in `beforeAll`); `connect` may also make a first call. */
  connectAll(connect: (kind: ClientKind) => Promise<TestClient>): void {
    for (const spec of CLIENTS) {
      const ready = connect(spec.kind);
      ready.catch(() => {}); // reported by the cell that awaits it
      this.#connecting.set(spec.kind, ready);
    }
  }

  client(kind: ClientKind): Promise<TestClient> {
    const ready = this.#connecting.get(kind);
    if (!ready) throw new Error(`the ${kind} client was not started (connectAll in beforeAll)`);
    return ready;
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.#connecting.values()].map(async (ready) => (await ready).close()));
  }
}
