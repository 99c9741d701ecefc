import { createServer } from "node:net";

/**
 * A loopback port nobody listens on now, for a server whose URL must be known before it starts (a token's
 * audience, a redis-server's command line). Another process could take it in between; tests accept that.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
