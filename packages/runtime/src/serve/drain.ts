import type { IncomingMessage, ServerResponse } from "node:http";

/** Liveness: the process answers. Load balancers and orchestrators probe it to restart a hung server. */
export const HEALTH_PATH = "/healthz";
/** Readiness: the server takes new requests (503 once it drains, so the load balancer sends them elsewhere). */
export const READY_PATH = "/readyz";
/** How long a drain waits for requests in flight before it ends them anyway. */
export const DEFAULT_DRAIN_MS = 10_000;

/**
 * The Node server's probes and graceful drain. Requests in flight are counted, except the streams that never end
 * by themselves (a 2026-07-28 `subscriptions/listen`, named by its `Mcp-Method` header, and a legacy GET stream):
 * draining waits for the others, then the endpoint's close ends the streams.
 */
export class Drain {
  #draining = false;
  #inFlight = 0;
  #idle: (() => void) | undefined;
  #drained: Promise<void> | undefined;

  /** Answers the two probe paths; false for any other path. */
  probe(pathname: string, res: ServerResponse): boolean {
    if (pathname === HEALTH_PATH) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}\n');
      return true;
    }
    if (pathname === READY_PATH) {
      const status = this.#draining ? 503 : 200;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(`{"status":"${this.#draining ? "draining" : "ready"}"}\n`);
      return true;
    }
    return false;
  }

  /**
   * Counts a request until its response is done, or refuses it (503, connection closed) once draining: a client
   * on a kept-alive connection is told to go elsewhere rather than started on work that would be cut short.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.#draining) {
      res.writeHead(503, { "content-type": "text/plain", connection: "close", "retry-after": "1" });
      res.end("The server is shutting down; retry on another replica\n");
      return false;
    }
    if (isStream(req)) return true;
    this.#inFlight++;
    res.once("close", () => {
      this.#inFlight--;
      if (this.#inFlight === 0) this.#idle?.();
    });
    return true;
  }

  /** Stops taking requests and resolves once those in flight are answered, or after `timeoutMs`. Idempotent. */
  drain(timeoutMs: number): Promise<void> {
    this.#draining = true;
    this.#drained ??= this.#inFlight === 0 ? Promise.resolve() : this.#whenIdle(timeoutMs);
    return this.#drained;
  }

  #whenIdle(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.#idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function isStream(req: IncomingMessage): boolean {
  return req.method === "GET" || req.headers["mcp-method"] === "subscriptions/listen";
}
