// Remote MCP servers behind a composed server on two replicas sharing Redis, behind a plain round-robin proxy (no
// affinity): a v2 remote over HTTP that both replicas reach, and a v1 remote over stdio that each replica starts
// for itself. The 2026-07-28 client's input round on the v2 remote lands on the other replica and completes (the
// remote's requestState rides inside the replicas' signed one, under the shared key). The legacy remote's round
// cannot: its call is parked in the first replica, so the retry on the second gets an isError saying so, and the
// remote call is never sent again. A remote's resources/updated raised through one replica reaches a subscriber of
// the other (the Redis bus). Keys live under a prefix of this run's own.

import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeKeys } from "./support/redis-keys.js";
import { type ConfigFolder, configFolder, httpRemote, stdioRemote } from "./support/remotes.js";
import { type RoundRobinProxy, roundRobinProxy } from "./support/round-robin-proxy.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { REDIS_URL, serviceAvailable } from "./support/services.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const STATE_KEY = "compose-remote-state-key-of-at-least-32-bytes";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
type Json = any;
const textOf = (result: Json) => result.content[0].text as string;

const redisUp = await serviceAvailable("Redis", REDIS_URL);

/** An official v2 client pinned to 2026-07-28 that answers every question with teal. */
async function pinned(url: URL): Promise<Client> {
  const client = new Client(
    { name: "remote-replicas-test", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { colour: "teal" } }));
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

describe.runIf(redisUp)("remotes behind two replicas sharing Redis, behind a round-robin proxy", () => {
  const prefix = `mcpsmith-test-remote-${randomUUID()}:`;
  let folder: ConfigFolder;
  let remote: SpawnedHttpServer;
  let modern: SpawnedHttpServer;
  let replicas: SpawnedHttpServer[];
  let proxy: RoundRobinProxy;
  const opened: Client[] = [];

  beforeAll(async () => {
    folder = configFolder();
    remote = await httpRemote("v1");
    modern = await httpRemote("v2");
    const config = join(folder.dir, "mcpsmith.config.json");
    const sources = {
      modern: { mcp: { url: modern.url.href }, tools: { include: ["ask", "asked"] } },
      legacy: { mcp: stdioRemote("v1"), tools: { include: ["ask", "asked"] } },
      web: { mcp: { url: remote.url.href }, tools: { include: ["touch"] } },
    };
    writeFileSync(config, JSON.stringify({ name: "gateway", mode: "tools", sources }));
    const env = { MCPSMITH_REDIS_URL: REDIS_URL, MCPSMITH_REDIS_PREFIX: prefix, MCPSMITH_STATE_KEY: STATE_KEY };
    replicas = [
      await spawnHttpServer(BIN, ["serve", "--config", config, "--http", "0"], 30_000, env),
      await spawnHttpServer(BIN, ["serve", "--config", config, "--http", "0"], 30_000, env),
    ];
    proxy = await roundRobinProxy(replicas.map((replica) => replica.url));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(opened.map((client) => client.close()));
    await proxy?.close();
    await Promise.allSettled((replicas ?? []).map((replica) => replica.close()));
    await remote?.close();
    await modern?.close();
    await removeKeys(REDIS_URL, prefix);
    folder?.remove();
  });

  it("completes a 2026-07-28 remote's input round whose retry lands on the other replica", async () => {
    const client = await pinned(proxy.url);
    opened.push(client);
    const first = proxy.hops.length;
    expect(textOf(await client.callTool({ name: "modern_ask", arguments: {} }))).toBe("colour: teal");
    const calls = proxy.hops.slice(first).filter((hop) => hop.method === "tools/call");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.upstream).not.toBe(calls[1]!.upstream);
  });

  it("refuses a legacy remote's retry on the other replica, clearly, and never sends the call again", async () => {
    const client = await pinned(proxy.url);
    opened.push(client);
    const first = proxy.hops.length;
    const result = await client.callTool({ name: "legacy_ask", arguments: {} });
    const calls = proxy.hops.slice(first).filter((hop) => hop.method === "tools/call");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.upstream).not.toBe(calls[1]!.upstream);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/remote server "legacy".*another process of this server/s);
    // Each replica started its own legacy remote: the first got the call once, the second never.
    const counts = await Promise.all(
      replicas.map(async (replica) => {
        const direct = await pinned(replica.url);
        opened.push(direct);
        return textOf(await direct.callTool({ name: "legacy_asked", arguments: {} }));
      }),
    );
    expect(counts[calls[0]!.upstream]).toBe("1 calls, 0 answered");
    expect(counts[calls[1]!.upstream]).toBe("0 calls, 0 answered");
  });

  it("delivers a remote's resources/updated, raised through one replica, to a subscriber of the other", async () => {
    const subscriber = new Client({ name: "subscriber", version: "1.0.0" });
    const updated: string[] = [];
    subscriber.setNotificationHandler("notifications/resources/updated", (notification) => {
      updated.push(notification.params.uri);
    });
    await subscriber.connect(new StreamableHTTPClientTransport(replicas[0]!.url));
    opened.push(subscriber);
    await subscriber.subscribeResource({ uri: "notes://web/readme" });
    const other = await pinned(replicas[1]!.url);
    opened.push(other);
    await other.callTool({ name: "web_touch", arguments: {} });
    await expect.poll(() => updated).toContain("notes://web/readme");
  });
});
