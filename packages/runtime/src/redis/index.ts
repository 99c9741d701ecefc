// `@mcpsmith/runtime/redis`: replicas sharing change notifications and tasks through Redis (ioredis, an optional
// peer dependency loaded only here). docs/serving.md, "Several replicas".
// The SDK bound before any of the runtime runs (src/sdk.ts).
import "../sdk-eager.js";

export { RedisEventBus, redisBus } from "./bus.js";
export { REDIS_PREFIX_ENV, REDIS_URL_ENV } from "./env.js";
export { IOREDIS_PACKAGE, RedisLink, type RedisLinkOptions } from "./link.js";
export { RedisTaskStore, redisTaskStore } from "./task-store.js";
