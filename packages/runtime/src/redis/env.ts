// The environment variables of the Redis scale-out, apart from the code that needs ioredis: serve() reads them on
// every start, and loads that code only when they are set.

/** `redis://[user:password@]host:port[/db]`: the Redis every replica shares (bus and task store). */
export const REDIS_URL_ENV = "MCPSMITH_REDIS_URL";
/** The key and channel prefix (default `mcpsmith:`): one per server sharing a Redis with others. */
export const REDIS_PREFIX_ENV = "MCPSMITH_REDIS_PREFIX";
