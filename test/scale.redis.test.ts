// Past one machine: two replicas behind a plain round-robin proxy (no session affinity), sharing the real Redis
// through `@mcpsmith/runtime/redis` (one replica configured in code, the other by MCPSMITH_REDIS_URL), with the
// official v2 client pinned to 2026-07-28: listen streams fed from either replica, an MRTR round whose retry lands
// on the other replica, a task's whole life across both, and a Redis (a redis-server of the test's own) stopped and
// started again mid-test. Keys and channels live under a prefix of this run's own, deleted afterwards.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { RedisLink, redisBus, redisTaskStore } from "../packages/runtime/dist/redis/index.js";
import { answerOf, modernRequest } from "../packages/runtime/src/engine/tasks/modern-request.test-support.js";
import { type ClientKind, connectClient } from "./support/clients.js";
import { connectLive, type LiveClient, waitFor } from "./support/live-clients.js";
import { pinnedClient, removeKeys } from "./support/redis-keys.js";
import { ownRedis, redisServerAvailable } from "./support/redis-server.js";
import { type RoundRobinProxy, roundRobinProxy } from "./support/round-robin-proxy.js";
import { type Context, type ServeHandle, serve, server } from "./support/runtime.js";
import { REDIS_URL, serviceAvailable } from "./support/services.js";

const STATE_KEY = "scale-test-state-key-of-at-least-32-bytes";
const MARKER = "live://marker";
const markerUpdated = `notifications/resources/updated ${MARKER}`;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
type Json = any;

/** What the task handlers did, by the tag they were called with: where they ran, and whether they were aborted. */
const seen = new Map<string, { replica: string; aborted: boolean }>();

/** The served model; `replica` tells the handlers where they run. */
function app(replica: string) {
  return server({ name: "scaled", version: "1.0.0" })
    .tool("whoami", { description: "Names the replica that answered" }, () => replica)
    .tool(
      "greet",
      { description: "Asks for a name first (an input_required round)" },
      async (_args: object, ctx: Context) => {
        const answer = await ctx.elicit("Your name?", z.object({ name: z.string() }));
        return answer.action === "accept" ? `hello ${answer.content.name} from ${replica}` : "declined";
      },
    )
    .tool(
      "announce",
      { description: "Announces a changed tool list and an updated resource", input: z.object({ uri: z.string() }) },
      async ({ uri }: { uri: string }, ctx: Context) => {
        ctx.notify.toolsChanged();
        ctx.notify.resourceUpdated(uri);
        return replica;
      },
    )
    .tool(
      "job",
      {
        description: "A task that asks, then waits for a cancel or finishes",
        input: z.object({ tag: z.string() }),
        task: "optional",
      },
      async ({ tag }: { tag: string }, ctx: Context) => {
        await ctx.startTask();
        const answer = await ctx.elicit("Go on?", z.object({ finish: z.boolean() }), { key: "go" });
        if (answer.action === "accept" && answer.content.finish) return `finished on ${replica}`;
        const record = { replica, aborted: false };
        seen.set(tag, record);
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
        record.aborted = true;
        return "stopped";
      },
    )
    .resource("live://a", { description: "Watched" }, () => "a")
    .resource("live://b", { description: "Watched by the other client" }, () => "b")
    .resource(MARKER, { description: "Raised after the events under test, to know they have all arrived" }, () => "m");
}

interface Replica {
  name: string;
  handle: ServeHandle;
  url: URL;
}

/** One replica, told its Redis in code (a link shared by the bus and the task store). */
async function codeReplica(name: string, url: string, prefix: string, log?: (m: string) => void): Promise<Replica> {
  const link = new RedisLink(url, { prefix, ...(log && { log }) });
  const handle = await serve(app(name), {
    transport: "http",
    http: { port: 0 },
    exitOnShutdown: false,
    bus: redisBus(link),
    tasks: { store: redisTaskStore(link) },
    options: { requestState: { key: STATE_KEY } },
  });
  const close = handle.close;
  handle.close = () => close().finally(() => link.close());
  return { name, handle, url: handle.url! };
}

/** One replica told by the environment, as a deployment would: MCPSMITH_REDIS_URL, _PREFIX and MCPSMITH_STATE_KEY. */
async function envReplica(name: string, url: string, prefix: string): Promise<Replica> {
  const env = { MCPSMITH_REDIS_URL: url, MCPSMITH_REDIS_PREFIX: prefix, MCPSMITH_STATE_KEY: STATE_KEY };
  Object.assign(process.env, env);
  try {
    const handle = await serve(app(name), { transport: "http", http: { port: 0 }, exitOnShutdown: false });
    return { name, handle, url: handle.url! };
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
  }
}

/** Until both replicas listen on the prefix's event channel (their subscriber connections are up). */
async function bothSubscribed(url: string, prefix: string): Promise<void> {
  const probe = new RedisLink(url, { prefix, log: () => {} });
  try {
    await waitFor("both replicas on the event channel", () => probe.commands !== undefined, 10_000);
    for (let i = 0; i < 500; i++) {
      const [, count] = (await probe.commands!.call("PUBSUB", "NUMSUB", `${prefix}events`)) as [string, number];
      if (count >= 2) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the replicas never subscribed to the event channel");
  } finally {
    await probe.close();
  }
}

/** A raw 2026-07-28 request (the tasks extension has no client API for this revision). */
async function rpc(url: URL, method: string, params: Record<string, unknown>, name?: string): Promise<Json> {
  const init = modernRequest(method, params, { clientName: "scale-test", ...(name !== undefined && { name }) });
  return answerOf(await fetch(url, init));
}

const text = (result: Json) => result.content[0].text as string;

const redisUp = await serviceAvailable("Redis", REDIS_URL);

describe.runIf(redisUp)("two replicas behind a round-robin proxy, sharing Redis", () => {
  const prefix = `mcpsmith-test-scale-${randomUUID()}:`;
  let replicas: Replica[];
  let proxy: RoundRobinProxy;
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    replicas = [await codeReplica("A", REDIS_URL, prefix), await envReplica("B", REDIS_URL, prefix)];
    await bothSubscribed(REDIS_URL, prefix);
    proxy = await roundRobinProxy(replicas.map((replica) => replica.url));
  });
  afterAll(async () => {
    await Promise.allSettled(opened.map((client) => client.close()));
    await proxy?.close();
    await Promise.allSettled((replicas ?? []).map((replica) => replica.handle.close()));
    await removeKeys(REDIS_URL, prefix);
  });

  /** The replica the proxy sent the most recent request of this kind to. */
  const lastHop = (method: string) => proxy.hops.filter((hop) => hop.method === method).at(-1)!.upstream;

  it("alternates consecutive requests of one client between the replicas", async () => {
    const { client } = await pinnedClient(proxy.url);
    opened.push(client);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push(text(await client.callTool({ name: "whoami", arguments: {} })));
    expect(new Set(answers)).toEqual(new Set(["A", "B"]));
    for (let i = 1; i < answers.length; i++) expect(answers[i]).not.toBe(answers[i - 1]);
  });

  it("runs an MRTR elicitation round whose retry lands on the other replica (shared state key)", async () => {
    const { client, asked } = await pinnedClient(proxy.url);
    opened.push(client);
    const first = proxy.hops.length;
    const result = await client.callTool({ name: "greet", arguments: {} });
    const calls = proxy.hops.slice(first).filter((hop) => hop.method === "tools/call");
    expect(asked).toEqual(["Your name?"]);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.upstream).not.toBe(calls[1]!.upstream);
    // The retry's replica signed nothing: it accepted the other's requestState and answered.
    expect(text(result)).toBe(`hello Ada from ${replicas[calls[1]!.upstream]!.name}`);
  });

  it("refuses requestState signed with another key, and accepts it on a replica sharing the key", async () => {
    const stranger = await serve(app("C"), {
      transport: "http",
      http: { port: 0 },
      exitOnShutdown: false,
      options: { requestState: { key: "another-key-of-at-least-thirty-two-bytes!" } },
    });
    try {
      const round = await rpc(replicas[0]!.url, "tools/call", { name: "greet", arguments: {} }, "greet");
      expect(round.result.resultType).toBe("input_required");
      const [key] = Object.keys(round.result.inputRequests);
      const retry = {
        name: "greet",
        arguments: {},
        inputResponses: { [key!]: { action: "accept", content: { name: "Grace" } } },
        requestState: round.result.requestState,
      };
      const accepted = await rpc(replicas[1]!.url, "tools/call", retry, "greet");
      expect(text(accepted.result)).toBe("hello Grace from B");
      const refused = await rpc(stranger.url!, "tools/call", retry, "greet");
      expect(refused.error?.message ?? text(refused.result)).toMatch(/requestState/i);
    } finally {
      await stranger.close();
    }
  });

  it("delivers changes raised on either replica to listen streams on both, once each, as subscribed", async () => {
    // One stream held by each replica.
    const watchers: LiveClient[] = [];
    for (const [index, uri] of ["live://a", "live://b"].entries()) {
      const watcher = await connectLive("v2 pinned 2026-07-28", { kind: "http", url: replicas[index]!.url });
      opened.push(watcher);
      await watcher.watch([uri, MARKER]);
      watchers.push(watcher);
    }

    // From a handler on each replica (ctx.notify), called directly on it, and from each replica's own handle.
    for (const replica of replicas) {
      const { client } = await pinnedClient(replica.url);
      opened.push(client);
      expect(text(await client.callTool({ name: "announce", arguments: { uri: "live://a" } }))).toBe(replica.name);
    }
    replicas[1]!.handle.notify.resourceUpdated("live://b");
    replicas[0]!.handle.notify.resourceUpdated("live://elsewhere");

    const [watchingA, watchingB] = watchers as [LiveClient, LiveClient];
    const updatedA = "notifications/resources/updated live://a";
    const updatedB = "notifications/resources/updated live://b";
    const toolsChanged = "notifications/tools/list_changed";
    await waitFor("both streams to hear everything", () => {
      const a = watchingA.notifications;
      const b = watchingB.notifications;
      return (
        a.filter((n) => n === toolsChanged).length === 2 &&
        a.filter((n) => n === updatedA).length === 2 &&
        b.filter((n) => n === toolsChanged).length === 2 &&
        b.includes(updatedB)
      );
    });
    // Nothing more arrives: no echo of a replica's own events, nothing a stream did not subscribe to. Each replica's
    // events reach a stream in the order raised, so once both replicas' markers are in, everything before them is.
    for (const replica of replicas) replica.handle.notify.resourceUpdated(MARKER);
    await waitFor("both replicas' markers on both streams", () =>
      [watchingA, watchingB].every((w) => w.notifications.filter((n) => n === markerUpdated).length === 2),
    );
    const withoutMarkers = (w: LiveClient) => w.notifications.filter((n) => n !== markerUpdated).sort();
    expect(withoutMarkers(watchingA)).toEqual([updatedA, updatedA, toolsChanged, toolsChanged]);
    expect(withoutMarkers(watchingB)).toEqual([updatedB, toolsChanged, toolsChanged]);
  });

  it("lives a task across replicas: created on one, polled, answered and its result fetched through the other", async () => {
    const created = await rpc(proxy.url, "tools/call", { name: "job", arguments: { tag: randomUUID() } }, "job");
    const runner = lastHop("tools/call");
    expect(created.result).toMatchObject({ resultType: "task", status: "working" });
    const { taskId } = created.result;

    let task: Json;
    do task = (await rpc(proxy.url, "tasks/get", { taskId }, taskId)).result;
    while (task.status === "working");
    expect(task.status).toBe("input_required");
    expect(task.inputRequests.go.params.message).toBe("Go on?");

    // Sent to the replica that does not run the task: relayed to the one that does, which resumes the handler.
    const other = replicas[1 - runner]!;
    const ack = await rpc(
      other.url,
      "tasks/update",
      { taskId, inputResponses: { go: { action: "accept", content: { finish: true } } } },
      taskId,
    );
    expect(ack.result.resultType).toBe("complete");
    do task = (await rpc(other.url, "tasks/get", { taskId }, taskId)).result;
    while (task.status !== "completed");
    expect(text(task.result)).toBe(`finished on ${replicas[runner]!.name}`);
  });

  it("cancels a task from the replica that does not run it: the running handler's signal is aborted", async () => {
    const tag = randomUUID();
    const created = await rpc(replicas[0]!.url, "tools/call", { name: "job", arguments: { tag } }, "job");
    const { taskId } = created.result;
    let task: Json;
    do task = (await rpc(replicas[1]!.url, "tasks/get", { taskId }, taskId)).result;
    while (task.status !== "input_required");
    await rpc(
      replicas[1]!.url,
      "tasks/update",
      { taskId, inputResponses: { go: { action: "accept", content: { finish: false } } } },
      taskId,
    );
    await waitFor("the handler to wait for a cancel", () => seen.has(tag));

    const ack = await rpc(replicas[1]!.url, "tasks/cancel", { taskId }, taskId);
    expect(ack.result.resultType).toBe("complete");
    expect(seen.get(tag)).toEqual({ replica: "A", aborted: true });
    expect((await rpc(replicas[1]!.url, "tasks/get", { taskId }, taskId)).result.status).toBe("cancelled");
    expect((await rpc(replicas[0]!.url, "tasks/get", { taskId }, taskId)).result.status).toBe("cancelled");
  });

  it("keeps task state under a Redis TTL equal to the task's, and forgets an expired task on every replica", async () => {
    const created = await rpc(replicas[0]!.url, "tools/call", { name: "job", arguments: { tag: randomUUID() } }, "job");
    const { taskId, ttlMs } = created.result;
    const probe = new RedisLink(REDIS_URL, { prefix, log: () => {} });
    try {
      await waitFor("Redis", () => probe.commands !== undefined, 10_000);
      const pttl = await probe.commands!.pttl(`${prefix}task:${taskId}`);
      expect(pttl).toBeGreaterThan(ttlMs - 5_000);
      expect(pttl).toBeLessThanOrEqual(ttlMs);
      // A task whose time ran out, saved by one store: Redis drops it, and the other store no longer finds it.
      const store = redisTaskStore(probe);
      const now = Date.now();
      const short = { ...created.result, taskId: randomUUID(), expiresAt: now + 200, ttlMs: 200 };
      delete short.resultType;
      await store.save(short);
      expect(await redisTaskStore(probe).load(short.taskId)).toMatchObject({ status: "working" });
      await vi.waitUntil(async () => (await probe.commands!.exists(`${prefix}task:${short.taskId}`)) === 0, {
        timeout: 5_000,
        interval: 20,
      });
      expect((await rpc(replicas[1]!.url, "tasks/get", { taskId: short.taskId }, short.taskId)).error.code).toBe(
        -32602,
      );
    } finally {
      await rpc(replicas[0]!.url, "tasks/cancel", { taskId }, taskId);
      await probe.close();
    }
  });
});

describe("legacy sessions across replicas (no Redis involved)", () => {
  let replicas: Replica[];
  const proxies: RoundRobinProxy[] = [];

  beforeAll(async () => {
    replicas = await Promise.all(
      ["A", "B"].map(async (name) => {
        const handle = await serve(app(name), {
          transport: "http",
          http: { port: 0 },
          exitOnShutdown: false,
          options: { requestState: { key: STATE_KEY } },
        });
        return { name, handle, url: handle.url! };
      }),
    );
  });
  afterAll(async () => {
    await Promise.allSettled(proxies.map((proxy) => proxy.close()));
    await Promise.allSettled((replicas ?? []).map((replica) => replica.handle.close()));
  });

  const legacyKinds: ClientKind[] = ["v2 legacy", "v1"];

  it.each(legacyKinds)(
    "%s: a session sent to a replica that does not hold it is told to re-initialize",
    async (kind) => {
      const proxy = await roundRobinProxy(replicas.map((replica) => replica.url));
      proxies.push(proxy);
      // The handshake's second request (notifications/initialized) already lands on the other replica.
      const failure = await connectClient(kind, { transport: "http", url: proxy.url }).then(
        async (client) => {
          try {
            await client.listTools();
            return undefined;
          } finally {
            await client.close();
          }
        },
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/Session not found: .*does not hold it.*Re-initialize/);
    },
  );

  it.each(legacyKinds)("%s: sticky routing by Mcp-Session-Id keeps a session on its replica", async (kind) => {
    const proxy = await roundRobinProxy(
      replicas.map((replica) => replica.url),
      { sticky: true },
    );
    proxies.push(proxy);
    const client = await connectClient(kind, { transport: "http", url: proxy.url });
    try {
      const answers = new Set<string>();
      for (let i = 0; i < 3; i++) answers.add(text(await client.callTool({ name: "whoami", arguments: {} })));
      expect(answers.size).toBe(1);
    } finally {
      await client.close();
    }
  });
});

const ownRedisPossible = redisServerAvailable();

describe.runIf(ownRedisPossible)("Redis stopped and started again under two replicas", () => {
  const prefix = `mcpsmith-test-scale-outage-${randomUUID()}:`;
  const logs: string[] = [];
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let replicas: Replica[];
  let proxy: RoundRobinProxy;
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    redis = await ownRedis();
    const log = (message: string) => void logs.push(message);
    replicas = [await codeReplica("A", redis.url, prefix, log), await codeReplica("B", redis.url, prefix, log)];
    await bothSubscribed(redis.url, prefix);
    proxy = await roundRobinProxy(replicas.map((replica) => replica.url));
  });
  afterAll(async () => {
    await Promise.allSettled(opened.map((client) => client.close()));
    await proxy?.close();
    await Promise.allSettled((replicas ?? []).map((replica) => replica.handle.close()));
    await redis?.stop();
  });

  it("serves requests while Redis is down, says so, reconnects, and has every stream refetch its lists", async () => {
    const watcher = await connectLive("v2 pinned 2026-07-28", { kind: "http", url: replicas[0]!.url });
    opened.push(watcher);
    await watcher.watch(["live://a", MARKER]);

    await redis.stop();
    await waitFor(
      "both replicas to say notifications are degraded",
      () => logs.filter((l) => /degraded/.test(l)).length >= 2,
    );
    const { client } = await pinnedClient(proxy.url);
    opened.push(client);
    const answers = new Set<string>();
    for (let i = 0; i < 2; i++) answers.add(text(await client.callTool({ name: "whoami", arguments: {} })));
    expect(answers).toEqual(new Set(["A", "B"]));
    // Raised on B while Redis is down: it cannot reach A's stream now.
    // (That it is not delivered twice, now and after the outage, is checked once Redis is back.)
    replicas[1]!.handle.notify.resourceUpdated("live://a");
    expect(watcher.notifications).toEqual([]);

    await redis.start();
    await waitFor(
      "both replicas to say they reconnected",
      () => logs.filter((l) => /reachable again/.test(l)).length >= 2,
      15_000,
    );
    // A tells its stream every list changed (it may have missed changes), and B sends what it could not, once.
    await waitFor("the catch-up notifications", () =>
      ["notifications/tools/list_changed", "notifications/resources/updated live://a"].every((n) =>
        watcher.notifications.includes(n),
      ),
    );
    // B's events arrive in the order raised: once its marker is in, any second copy of the catch-up would be too.
    replicas[1]!.handle.notify.resourceUpdated(MARKER);
    await waitFor("B's marker", () => watcher.notifications.includes(markerUpdated));
    expect(watcher.notifications.filter((n) => n === "notifications/resources/updated live://a")).toHaveLength(1);
    // (The model has no prompts, so there is no prompt list to refetch.)
    expect(watcher.notifications).toContain("notifications/resources/list_changed");

    // And events cross replicas again.
    const before = watcher.notifications.length;
    replicas[1]!.handle.notify.toolsChanged();
    await waitFor("a change raised on B after the outage", () => watcher.notifications.length > before);
    expect(watcher.notifications.slice(before)).toEqual(["notifications/tools/list_changed"]);
  });
});
