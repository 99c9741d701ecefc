import { connect } from "node:net";

/** How long a started server has to start listening before the page says it does not. */
export const LISTEN_TIMEOUT_MS = 60_000;

/**
 * Resolves true once something accepts connections on 127.0.0.1:`port`, false when `gone()` says the process
 * exited first or {@link LISTEN_TIMEOUT_MS} passed. A server says it listens in no common way (mcpsmith's print a
 * line, others nothing), so the port is tried, at growing intervals.
 */
export async function whenListening(port: number, gone: () => boolean): Promise<boolean> {
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (let wait = 10; Date.now() < deadline && !gone(); wait = Math.min(wait * 2, 250)) {
    if (await accepts(port)) return !gone();
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return false;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}
