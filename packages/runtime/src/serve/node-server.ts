import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { LiveModel } from "../engine/live-model.js";
import type { TaskOptions } from "../engine/tasks/manager.js";
import { DEFAULT_DRAIN_MS, Drain } from "./drain.js";
import { createEndpoint, type Endpoint } from "./endpoint.js";
import { requireNamedHosts } from "./guards.js";
import { type NodeListener, toNodeListener } from "./node-adapter.js";
import type { EndpointOptions } from "./options.js";

/** `serve({ http })`: the endpoint's options, and where Node listens. */
export interface HttpOptions extends EndpointOptions {
  /** Default: `MCPSMITH_PORT`, else `PORT`, else 3000. `0` picks a free port. */
  port?: number;
  /** Default: `MCPSMITH_HOST`, else 127.0.0.1 (loopback only). */
  host?: string;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  /** On shutdown, how long requests in flight may take to finish before they are cut short, in ms. Default 10 s. */
  drainMs?: number;
}

export interface HttpHandle {
  /** Where clients connect, e.g. `http://127.0.0.1:3000/mcp`. */
  url: URL;
  close(): Promise<void>;
}

/** The endpoint on a port of its own, at one path; legacy sessions are on unless turned off. */
export async function listenHttp(
  live: LiveModel,
  options: HttpOptions,
  taskOptions?: TaskOptions,
  fastPath = true,
): Promise<HttpHandle> {
  const host = options.host ?? process.env.MCPSMITH_HOST ?? "127.0.0.1";
  const port = options.port ?? Number(process.env.MCPSMITH_PORT ?? process.env.PORT ?? 3000);
  const path = options.path ?? "/mcp";
  requireNamedHosts(host, options);
  // Created once the port is known: with `auth` and no `auth.resource`, the listening URL is the resource.
  let endpoint: Endpoint | undefined;
  let listener: NodeListener | undefined;
  const drain = new Drain();
  const server: HttpServer = createHttpServer((req, res) => {
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    if (pathname !== path && drain.probe(pathname, res)) return;
    if (!endpoint || !listener || (pathname !== path && !endpoint.paths.includes(pathname))) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`Not found. The MCP endpoint is ${path}\n`);
      return;
    }
    if (drain.admit(req, res)) void listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = new URL(`http://${shownHost}:${address.port}${path}`);
  let ready: Endpoint;
  try {
    ready = createEndpoint(
      live,
      { ...options, legacySessions: options.legacySessions ?? true },
      { taskOptions, defaultResource: url, fastPath },
    );
  } catch (error) {
    server.close();
    throw error;
  }
  endpoint = ready;
  listener = toNodeListener(ready);
  return {
    url,
    // Graceful: new requests are turned away (503, readiness too) while those in flight finish (within drainMs);
    // then tasks, legacy sessions and listen streams end, and the port closes.
    async close() {
      await drain.drain(options.drainMs ?? DEFAULT_DRAIN_MS);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await ready.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
