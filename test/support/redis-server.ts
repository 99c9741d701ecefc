import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort } from "./free-port.js";
import { stopProcess } from "./servers.js";
import { listening, REQUIRE_SERVICES } from "./services.js";

/**
 * A redis-server of the test's own on a free loopback port, which the test may stop and start again (the machine's
 * Redis is shared with other tests and cannot be). Nothing is saved to disk.
 */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Whether `redis-server` can be run here; a skip with a message otherwise (a failure under REQUIRE_SERVICES). */
export function redisServerAvailable(): boolean {
  if (spawnSync("redis-server", ["--version"]).status === 0) return true;
  if (REQUIRE_SERVICES) throw new Error("redis-server is not installed and MCPSMITH_REQUIRE_SERVICES=1.");
  console.warn("Skipping the Redis outage tests: redis-server is not installed.");
  return false;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const deadline = Date.now() + 10_000;
    while (!(await listening(url))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await start();
  return {
    url,
    start,
    stop: async () => {
      if (child) await stopProcess(child);
      child = undefined;
    },
  };
}
