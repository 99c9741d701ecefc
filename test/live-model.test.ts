// A model that changes while it is served, seen by real clients: the v2 client in the 2025 handshake and pinned to
// 2026-07-28, and the v1 client, over each transport. Legacy clients receive change notifications unsolicited
// (over HTTP on their session's GET stream), 2026-07-28 clients on their `subscriptions/listen` stream.
//
//                  in-memory                              stdio (spawned)      http (spawned, real port)
//   v2 legacy      createTestClient: linked pair          initialize           session + GET stream
//   v2 pinned      createTestClient: fetch handler        2026-07-28 + listen  stateless + listen stream
//   v1             its HTTP transport, legacy session     initialize           session + GET stream

import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApp } from "./fixtures/live-server.mjs";
import {
  connectLive,
  LIVE_CLIENTS,
  type LiveClient,
  type LiveClientKind,
  type LiveConnection,
  waitFor,
} from "./support/live-clients.js";
import { rpcError } from "./support/rpc-error.js";
import { createTestClient, toFetchHandler } from "./support/runtime.js";
import { inProcessFetch, type SpawnedHttpServer, spawnHttpServer, stdioCommand } from "./support/servers.js";

const LIVE_SERVER = fileURLToPath(new URL("./fixtures/live-server.mjs", import.meta.url));
const TRANSPORTS = ["in-memory", "stdio", "http"] as const;
const TOOLS_CHANGED = "notifications/tools/list_changed";
const updated = (uri: string) => `notifications/resources/updated ${uri}`;

const count = (client: LiveClient, notification: string) =>
  client.notifications.filter((n) => n === notification).length;

describe.each(TRANSPORTS)("a live model over %s", (transport) => {
  let http: SpawnedHttpServer | undefined;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    if (transport === "http") http = await spawnHttpServer(LIVE_SERVER, ["--http", "0"]);
  });
  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await http?.close();
  });

  async function connect(kind: LiveClientKind): Promise<LiveClient> {
    let connection: LiveConnection;
    if (transport === "stdio") connection = { kind: "stdio", command: stdioCommand(LIVE_SERVER) };
    else if (transport === "http") connection = { kind: "http", url: http!.url };
    else if (kind === "v1") {
      // The v1 client's own HTTP transport, answered in process, with the legacy session serve() gives over HTTP.
      const handler = toFetchHandler(liveApp(), { legacySessions: true });
      closers.push(() => handler.close());
      connection = { kind: "fetch", fetch: inProcessFetch(handler) };
    } else {
      const era = kind === "v2 legacy" ? "legacy" : "2026-07-28";
      connection = { kind: "client", client: await createTestClient(liveApp(), { era }) };
    }
    const client = await connectLive(kind, connection);
    closers.push(() => client.close());
    return client;
  }

  describe.each(LIVE_CLIENTS)("%s", (kind) => {
    let client: LiveClient;
    // Tools added by this client's tests: unique per cell, as the HTTP server is shared by every client.
    const extra = `extra_${kind.replace(/\W+/g, "_")}`;

    beforeAll(async () => {
      client = await connect(kind);
      await client.watch(["live://watched"]);
    });

    it("a tool that adds a tool: tools/list_changed arrives and the next tools/list has it; removing it likewise", async () => {
      const before = count(client, TOOLS_CHANGED);
      expect(await client.call("add_tool", { name: extra })).toBe(`added ${extra}`);
      await waitFor("tools/list_changed after add", () => count(client, TOOLS_CHANGED) > before);
      const names = await client.toolNames();
      expect(names.slice(0, 4)).toEqual(["add_tool", "remove_tool", "touch", "echo"]);
      expect(names.at(-1)).toBe(extra);
      expect(await client.call(extra, {})).toBe(`I am ${extra}`);

      const added = count(client, TOOLS_CHANGED);
      expect(await client.call("remove_tool", { name: extra })).toBe(`removed ${extra}`);
      await waitFor("tools/list_changed after remove", () => count(client, TOOLS_CHANGED) > added);
      expect(await client.toolNames()).not.toContain(extra);
      const gone = await client.call(extra, {}).catch((error: Error) => `rejected: ${error.message}`);
      expect(gone).toMatch(/Unknown tool/);
    });

    it("a definition the model refuses fails the tool and leaves the list as it was", async () => {
      const before = await client.toolNames();
      expect(await client.call("add_tool", { name: "echo" })).toMatch(/^error: Cannot add tool "echo".*already exists/);
      expect(await client.call("add_tool", { name: "no spaces" })).toMatch(/^error: Cannot add tool "no spaces"/);
      expect(await client.toolNames()).toEqual(before);
    });

    it("resources/updated reaches the URI the client watches and no other", async () => {
      await client.call("touch", { uri: "live://other" });
      await client.call("touch", { uri: "live://watched" });
      await waitFor("resources/updated", () => client.notifications.includes(updated("live://watched")));
      // One stream, in order: an update for live://other would have arrived first.
      expect(client.notifications).not.toContain(updated("live://other"));
    });

    it.runIf(kind !== "v2 pinned 2026-07-28")("resources/unsubscribe stops the updates (legacy)", async () => {
      await client.unwatch("live://watched");
      await client.watch(["live://other"]);
      const watched = count(client, updated("live://watched"));
      await client.call("touch", { uri: "live://watched" });
      await client.call("touch", { uri: "live://other" });
      await waitFor("resources/updated for live://other", () => client.notifications.includes(updated("live://other")));
      expect(count(client, updated("live://watched"))).toBe(watched);
      await client.unwatch("live://other");
      await client.watch(["live://watched"]);
    });

    it("pages of two walk to the whole list; a bad cursor is -32602", async () => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await client.toolPage(cursor);
        pages.push(page.names);
        cursor = page.nextCursor;
      } while (cursor !== undefined && pages.length < 10);
      expect(pages[0]).toEqual(["add_tool", "remove_tool"]);
      expect(pages.every((page) => page.length <= 2)).toBe(true);
      expect(pages.flat()).toEqual(await client.toolNames());

      for (const bad of ["not-a-cursor", Buffer.from("x:2").toString("base64url"), ""]) {
        const error = await rpcError(client.toolPage(bad));
        expect(error.code, `cursor ${JSON.stringify(bad)}`).toBe(-32602);
      }
    });

    it("a cursor from before a change is refused after it, and works again once the list is back", async () => {
      const first = await client.toolPage();
      expect(first.nextCursor).toBeDefined();
      await client.call("add_tool", { name: extra });
      const error = await rpcError(client.toolPage(first.nextCursor));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/Stale cursor/);
      await client.call("remove_tool", { name: extra });
      expect((await client.toolPage(first.nextCursor)).names).toEqual(["touch", "echo"]);
    });
  });
});

describe.each(["in-process handler", "http"] as const)("one server, two clients (%s)", (where) => {
  let http: SpawnedHttpServer | undefined;
  let handler: ReturnType<typeof toFetchHandler> | undefined;

  beforeAll(async () => {
    if (where === "http") http = await spawnHttpServer(LIVE_SERVER, ["--http", "0"]);
    else handler = toFetchHandler(liveApp(), { legacySessions: true });
  });
  afterAll(async () => {
    await http?.close();
    await handler?.close();
  });

  const connection = (): LiveConnection =>
    http ? { kind: "http", url: http.url } : { kind: "fetch", fetch: inProcessFetch(handler!) };

  it.each(LIVE_CLIENTS)("%s: resources/updated reaches the subscriber, not the other client", async (kind) => {
    const subscriber = await connectLive(kind, connection());
    const bystander = await connectLive(kind, connection());
    try {
      await subscriber.watch(["live://watched"]);
      await bystander.watch(["live://other"]);
      await bystander.call("touch", { uri: "live://watched" });
      await bystander.call("touch", { uri: "live://other" });
      await waitFor("the subscriber's update", () => subscriber.notifications.includes(updated("live://watched")));
      // The bystander's own update comes after on the same stream: one for live://watched would have come first.
      await waitFor("the bystander's update", () => bystander.notifications.includes(updated("live://other")));
      expect(bystander.notifications.filter((n) => n.startsWith("notifications/resources/updated"))).toEqual([
        updated("live://other"),
      ]);
    } finally {
      await subscriber.close();
      await bystander.close();
    }
  });

  it("a tool added by one client is announced to every connected client of the server", async () => {
    const clients = await Promise.all(LIVE_CLIENTS.map((kind) => connectLive(kind, connection())));
    try {
      for (const client of clients) await client.watch([]);
      await clients[0]!.call("add_tool", { name: "shared_extra" });
      for (const client of clients) {
        await waitFor(`${client.kind}: tools/list_changed`, () => client.notifications.includes(TOOLS_CHANGED));
        expect(await client.toolNames()).toContain("shared_extra");
      }
      await clients[1]!.call("remove_tool", { name: "shared_extra" });
    } finally {
      for (const client of clients) await client.close();
    }
  });
});
