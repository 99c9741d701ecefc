/**
 * A plain round-robin HTTP load balancer, the stand-in for nginx in the scale bench and tests: each request goes to
 * the next upstream, on kept-alive connections, and responses (SSE streams included) stream back as they come. No
 * session affinity unless `sticky`: then a request carrying an `Mcp-Session-Id` goes where the response that gave
 * out that id came from (what a load balancer set up for legacy sessions does, e.g. nginx `hash $http_mcp_session_id`).
 *
 * As a process: `node proxy.js <upstream-url>...`, which tells its parent the URL over IPC.
 */
import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export interface ProxyOptions {
  sticky?: boolean;
  /** Told of each request passed on: which upstream (by index) and what it was (`Mcp-Method`, else HTTP method). */
  onHop?: (upstream: number, method: string) => void;
}

export interface Proxy {
  /** The first upstream's URL with the proxy's host and port. */
  url: URL;
  close(): Promise<void>;
}

export async function roundRobinProxy(upstreams: readonly URL[], options: ProxyOptions = {}): Promise<Proxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const sessions = new Map<string, number>();
  let next = 0;
  const server: Server = createServer((req, res) => {
    const session = req.headers["mcp-session-id"];
    const pinned = options.sticky && typeof session === "string" ? sessions.get(session) : undefined;
    const index = pinned ?? next++ % upstreams.length;
    const target = upstreams[index]!;
    options.onHop?.(index, String(req.headers["mcp-method"] ?? req.method));
    const forwarded = request(
      {
        agent,
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
    // A client that goes away cancels the upstream request too (on MCP over HTTP, a closed stream is a cancel).
    res.on("close", () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}${upstreams[0]!.pathname}`),
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  const proxy = await roundRobinProxy(process.argv.slice(2).map((url) => new URL(url)));
  process.send?.({ url: proxy.url.href });
  process.once("SIGTERM", () => void proxy.close().then(() => process.exit(0)));
}
