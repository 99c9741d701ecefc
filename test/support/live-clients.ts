import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { StdioCommand } from "./servers.js";

/** The clients change notifications must reach: v2 in the 2025 handshake and pinned to 2026-07-28, and v1. */
export type LiveClientKind = "v2 legacy" | "v2 pinned 2026-07-28" | "v1";
export const LIVE_CLIENTS: readonly LiveClientKind[] = ["v2 legacy", "v2 pinned 2026-07-28", "v1"];

/** Where a client connects: a `fetch` answered in process, a spawned stdio server, or an HTTP URL. */
export type LiveConnection =
  | { kind: "fetch"; fetch: typeof fetch }
  | { kind: "stdio"; command: StdioCommand }
  | { kind: "http"; url: URL }
  | { kind: "client"; client: Client };

/** One connected client, the same calls for v1 and v2, recording every change notification it receives. */
export interface LiveClient {
  readonly kind: LiveClientKind;
  /** Notifications received so far: the method, and for resources/updated the URI (`...updated live://x`). */
  readonly notifications: string[];
  /**
   * Asks for change notifications the way the client's era does: 2026-07-28 opens a `subscriptions/listen`
   * stream for the three list kinds and these URIs; legacy clients get list changes anyway and subscribe to
   * each URI with `resources/subscribe`.
   */
  watch(uris: readonly string[]): Promise<void>;
  /** Legacy only: `resources/unsubscribe`. */
  unwatch(uri: string): Promise<void>;
  /** Every tool name, following `nextCursor` to the end. */
  toolNames(): Promise<string[]>;
  /** One raw page of `tools/list`. */
  toolPage(cursor?: string): Promise<{ names: string[]; nextCursor?: string }>;
  call(name: string, args: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const INFO = { name: "mcpsmith-live-tests", version: "1.0.0" };

export async function connectLive(kind: LiveClientKind, connection: LiveConnection): Promise<LiveClient> {
  return kind === "v1" ? connectV1(connection) : connectV2(kind, connection);
}

async function connectV2(kind: LiveClientKind, connection: LiveConnection): Promise<LiveClient> {
  const modern = kind === "v2 pinned 2026-07-28";
  let client: Client;
  if (connection.kind === "client") client = connection.client;
  else {
    client = new Client(INFO, modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});
    await client.connect(
      connection.kind === "stdio"
        ? new StdioClientTransport(connection.command)
        : connection.kind === "http"
          ? new StreamableHTTPClientTransport(connection.url)
          : new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: connection.fetch }),
    );
  }
  const notifications: string[] = [];
  for (const method of LIST_CHANGED) client.setNotificationHandler(method, () => void notifications.push(method));
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    notifications.push(`notifications/resources/updated ${notification.params.uri}`);
  });
  const subscriptions: { close(): Promise<void> }[] = [];
  return {
    kind,
    notifications,
    async watch(uris) {
      if (modern) {
        const filter = { toolsListChanged: true, resourcesListChanged: true, promptsListChanged: true };
        subscriptions.push(await client.listen({ ...filter, resourceSubscriptions: [...uris] }));
      } else for (const uri of uris) await client.subscribeResource({ uri });
    },
    unwatch: async (uri) => void (await client.unsubscribeResource({ uri })),
    toolNames: async () => (await client.listTools(undefined, { cacheMode: "bypass" })).tools.map((t) => t.name),
    async toolPage(cursor) {
      const page = await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } });
      return { names: page.tools.map((t) => t.name), ...(page.nextCursor && { nextCursor: page.nextCursor }) };
    },
    call: async (name, args) => textOf(await client.callTool({ name, arguments: args })),
    async close() {
      for (const subscription of subscriptions) await subscription.close();
      await client.close();
    },
  };
}

async function connectV1(connection: LiveConnection): Promise<LiveClient> {
  const client = new V1Client(INFO);
  if (connection.kind === "client") throw new Error("v1: connect by fetch, stdio or http");
  await client.connect(
    connection.kind === "stdio"
      ? new V1StdioClientTransport(connection.command)
      : connection.kind === "http"
        ? new V1StreamableHTTPClientTransport(connection.url)
        : new V1StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: connection.fetch }),
  );
  const notifications: string[] = [];
  const schemas = [ToolListChangedNotificationSchema, PromptListChangedNotificationSchema];
  for (const schema of [...schemas, ResourceListChangedNotificationSchema]) {
    client.setNotificationHandler(schema, (notification) => void notifications.push(notification.method));
  }
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    notifications.push(`notifications/resources/updated ${notification.params.uri}`);
  });
  const toolPage = async (cursor?: string) => {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    return { names: page.tools.map((t) => t.name), ...(page.nextCursor && { nextCursor: page.nextCursor }) };
  };
  return {
    kind: "v1",
    notifications,
    async watch(uris) {
      for (const uri of uris) await client.subscribeResource({ uri });
    },
    unwatch: async (uri) => void (await client.unsubscribeResource({ uri })),
    toolPage,
    async toolNames() {
      // The v1 client returns one page per call: follow the cursors.
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await toolPage(cursor);
        names.push(...page.names);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return names;
    },
    call: async (name, args) => textOf(await client.callTool({ name, arguments: args })),
    close: () => client.close(),
  };
}

const LIST_CHANGED = [
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
] as const;

function textOf(answer: unknown): string {
  const result = answer as { content?: { type: string; text?: string }[]; isError?: boolean };
  const [first] = result.content ?? [];
  const text = first?.type === "text" ? (first.text ?? "") : "";
  return result.isError ? `error: ${text}` : text;
}

/** Resolves once `check` holds, polling; rejects with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
