// A composed server (test/support/composed-project.ts) past one machine: two `mcpsmith serve --config` replicas behind
// a plain round-robin proxy (no affinity), sharing the real Redis (one told by the config's `serve.redis`, the other
// by MCPSMITH_REDIS_URL) and a requestState key. The official v2 client pinned to 2026-07-28 calls tools of every
// source through either replica, answers an elicitation whose retry lands on the other replica, and hears a change
// raised on one replica on a listen stream held by the other. Keys live under a prefix of this run's own.

import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_TOOLS, acmeConfig, type ComposedProject, composedProject } from "./support/composed-project.js";
import { connectLive, type LiveClient, waitFor } from "./support/live-clients.js";
import { pinnedClient, removeKeys } from "./support/redis-keys.js";
import { type RoundRobinProxy, roundRobinProxy } from "./support/round-robin-proxy.js";
import { ROOT, type SpawnedHttpServer, spawnHttpServer } from "./support/servers.js";
import { REDIS_URL, serviceAvailable } from "./support/services.js";

const BIN = join(ROOT, "packages/cli/dist/bin.js");
const STATE_KEY = "compose-scale-state-key-of-at-least-32-bytes";

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
type Json = any;
const text = (result: Json) => result.content[0].text as string;

const redisUp = await serviceAvailable("Redis", REDIS_URL);

describe.runIf(redisUp)("a composed server on two replicas sharing Redis, behind a round-robin proxy", () => {
  const prefix = `mcpsmith-test-compose-${randomUUID()}:`;
  let project: ComposedProject;
  let replicas: SpawnedHttpServer[];
  let proxy: RoundRobinProxy;
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    project = composedProject("mcpsmith-compose-redis-");
    const base = { ...acmeConfig("http://127.0.0.1:9/api/v3"), serve: { redis: REDIS_URL } };
    const fromConfig = project.write("a.config.json", base);
    const fromEnv = project.write("b.config.json", { ...base, serve: {} });
    const env = { ARTIST: "1", MCPSMITH_REDIS_PREFIX: prefix, MCPSMITH_STATE_KEY: STATE_KEY };
    // One after the other: the second finds the first's compiled TypeScript and IR in place.
    replicas = [
      await spawnHttpServer(BIN, ["serve", "--config", fromConfig, "--http", "0"], 30_000, { ...env, REPLICA: "A" }),
      await spawnHttpServer(BIN, ["serve", "--config", fromEnv, "--http", "0"], 30_000, {
        ...env,
        REPLICA: "B",
        MCPSMITH_REDIS_URL: REDIS_URL,
      }),
    ];
    proxy = await roundRobinProxy(replicas.map((replica) => replica.url));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(opened.map((client) => client.close()));
    await proxy?.close();
    await Promise.allSettled((replicas ?? []).map((replica) => replica.close()));
    await removeKeys(REDIS_URL, prefix);
    project?.remove();
  });

  /** A pinned client through the proxy, answering elicitations with `name`. */
  async function viaProxy(name = "Ada") {
    const pinned = await pinnedClient(proxy.url, name);
    opened.push(pinned.client);
    return pinned;
  }

  it("shares Redis on both replicas, one told by its config, the other by the environment", () => {
    for (const replica of replicas) expect(replica.stderr()).toContain("shared through Redis");
  });

  it("answers from either replica alike: the same catalogue, calls into every source kind", async () => {
    const { client } = await viaProxy();
    const lists = [await client.listTools(), await client.listTools()];
    for (const { tools } of lists) expect(tools.map((tool) => tool.name)).toEqual(ACME_TOOLS);
    const hops = new Set<string>();
    for (let i = 0; i < 4; i++) hops.add(text(await client.callTool({ name: "whoami", arguments: {} })));
    expect(hops).toEqual(new Set(["A", "B"]));
    for (let i = 0; i < 2; i++) {
      const albums = await client.callTool({ name: "music_list_Album", arguments: {} });
      expect((albums.structuredContent as Json).rows).toHaveLength(2);
      expect((await client.callTool({ name: "utils_sum", arguments: { a: i, b: 1 } })).structuredContent).toEqual({
        sum: i + 1,
      });
    }
  });

  it("runs a module's elicitation whose retry lands on the other replica (shared state key)", async () => {
    const { client, asked } = await viaProxy("Grace");
    const first = proxy.hops.length;
    const result = await client.callTool({ name: "ask", arguments: {} });
    const calls = proxy.hops.slice(first).filter((hop) => hop.method === "tools/call");
    expect(asked).toEqual(["Your name?"]);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.upstream).not.toBe(calls[1]!.upstream);
    expect(text(result)).toBe(`welcome Grace (${["A", "B"][calls[1]!.upstream]})`);
  });

  it("delivers a change raised on one replica to a listen stream held by the other", async () => {
    const watcher: LiveClient = await connectLive("v2 pinned 2026-07-28", { kind: "http", url: replicas[0]!.url });
    opened.push(watcher);
    await watcher.watch([]);
    const other = new Client(
      { name: "compose-scale-test", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await other.connect(new StreamableHTTPClientTransport(replicas[1]!.url));
    opened.push(other);
    expect(text(await other.callTool({ name: "announce", arguments: {} }))).toBe("B");
    await waitFor("the change on A's stream", () => watcher.notifications.includes("notifications/tools/list_changed"));
  });
});
