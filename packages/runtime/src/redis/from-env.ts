import type { ServerEventBus } from "@modelcontextprotocol/server";
import type { TaskStore } from "../engine/tasks/store.js";
import { RedisEventBus } from "./bus.js";
import { REDIS_PREFIX_ENV } from "./env.js";
import { RedisLink } from "./link.js";
import { RedisTaskStore } from "./task-store.js";

/** What `MCPSMITH_REDIS_URL` gives a server that was not handed its own bus or task store. */
export interface RedisFromEnv {
  bus?: ServerEventBus;
  store?: TaskStore;
  close(): Promise<void>;
}

/**
 * One link for both, to the Redis at `url` (`MCPSMITH_REDIS_URL`): the bus (unless one was given) and the task store
 * (unless one was given). Waits for ioredis to load, so a missing package fails at start-up, but not for Redis itself: a
 * server starts while Redis is down, degraded, and catches up once it is back.
 */
export async function redisFromEnv(
  url: string,
  given: { bus?: ServerEventBus; store?: TaskStore },
): Promise<RedisFromEnv> {
  if (given.bus && given.store) return { close: async () => {} };
  const link = new RedisLink(url, { ...(process.env[REDIS_PREFIX_ENV] && { prefix: process.env[REDIS_PREFIX_ENV] }) });
  await link.opened;
  const shared = [given.bus === undefined && "change notifications", given.store === undefined && "tasks"].filter(
    Boolean,
  );
  process.stderr.write(
    `[mcpsmith] ${shared.join(" and ")} shared through Redis at ${link.where} (prefix ${link.prefix})\n`,
  );
  return {
    ...(given.bus === undefined && { bus: new RedisEventBus(link) }),
    ...(given.store === undefined && { store: new RedisTaskStore(link) }),
    close: () => link.close(),
  };
}
