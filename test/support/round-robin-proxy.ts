import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the proxy passed on: where it went, and what it was (its `Mcp-Method` header, or the HTTP method). */
export interface Hop {
  upstream: number;
  method: string;
}

export interface RoundRobinProxy {
  /** The MCP endpoint's URL through the proxy. */
  url: URL;
  /** Every request passed on, in order. */
  hops: Hop[];
  close(): Promise<void>;
}

/**
 * A plain round-robin load balancer, as a test's stand-in for nginx: each request goes to the next replica, and
 * responses (SSE streams included) are streamed back as they come. No session affinity, unless `sticky`: then a
 * request carrying an `Mcp-Session-Id` goes where the response that gave out that id came from (what a load
 * balancer configured for legacy sessions does, e.g. nginx `hash $http_mcp_session_id`).
 */
export async function roundRobinProxy(
  upstreams: readonly URL[],
  options: { sticky?: boolean } = {},
): Promise<RoundRobinProxy> {
  const hops: Hop[] = [];
  const sessions = new Map<string, number>();
  let next = 0;
  const server: Server = createServer((req, res) => {
    const session = req.headers["mcp-session-id"];
    const pinned = options.sticky && typeof session === "string" ? sessions.get(session) : undefined;
    const index = pinned ?? next++ % upstreams.length;
    const target = upstreams[index]!;
    hops.push({ upstream: index, method: String(req.headers["mcp-method"] ?? req.method) });
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const given = answer.headers["mcp-session-id"];
        if (options.sticky && typeof given === "string") sessions.set(given, index);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on("close", () => forwarded.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}${upstreams[0]!.pathname}`),
    hops,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
