// Database services the tests use on loopback, and what to do when one is absent: skip with a message saying so,
// unless MCPSMITH_REQUIRE_SERVICES=1 (CI), where an absent service (or tool, such as yarn for the scaffold test) is
// a failure. The one place that reads these variables; package tests import it too.
import { connect } from "node:net";

export const POSTGRES_URL = process.env.MCPSMITH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** MySQL or MariaDB (the same driver and URL scheme). */
export const MYSQL_URL = process.env.MCPSMITH_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
/** CI sets it: what a test needs must be there. */
export const REQUIRE_SERVICES = process.env.MCPSMITH_REQUIRE_SERVICES === "1";

/** Whether something listens at the URL's host and port (answered within a second). */
export function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Whether the service is there to test against. When it is not: a skip with a message, or a failure under
 * MCPSMITH_REQUIRE_SERVICES=1. Call at the top level of a test file and pass the answer to `describe.runIf`.
 */
export async function serviceAvailable(name: string, url: string): Promise<boolean> {
  if (await listening(url)) return true;
  const where = new URL(url).host;
  if (REQUIRE_SERVICES) {
    throw new Error(`${name} is not reachable at ${where} and MCPSMITH_REQUIRE_SERVICES=1.`);
  }
  console.warn(
    `Skipping the ${name} tests: nothing listens at ${where} (set MCPSMITH_REQUIRE_SERVICES=1 to fail instead).`,
  );
  return false;
}

/** The same URL on another port of 127.0.0.1 (a relay the test can take down). */
export function withPort(url: string, port: number): string {
  const changed = new URL(url);
  changed.hostname = "127.0.0.1";
  changed.port = String(port);
  return changed.toString();
}

/**
 * The shared Redis (keys and channels under a prefix of the test's own). Not `MCPSMITH_REDIS_URL`: serve() reads that
 * one, and every other test's server would then use Redis.
 */
export const REDIS_URL = process.env.MCPSMITH_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
