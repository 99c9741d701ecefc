import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { LiveModel } from "../engine/live-model.js";
import { createConnectionServer, createServer } from "../engine/server/server-factory.js";
import { TaskManager, type TaskOptions } from "../engine/tasks/manager.js";
import { type GuardOptions, resolveGuards } from "./guards.js";
import { type LegacySessionLimits, sessionLimits, withLegacySessions } from "./legacy-sessions.js";
import { withParsedBody } from "./node-body.js";
import { withTasksEndpoint } from "./tasks-endpoint.js";

export interface HttpOptions extends GuardOptions {
  /** Default: `MCPSMITH_PORT`, else `PORT`, else 3000. `0` picks a free port. */
  port?: number;
  /** Default: `MCPSMITH_HOST`, else 127.0.0.1 (loopback only). */
  host?: string;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  responseMode?: "auto" | "json" | "sse";
  onError?: (error: Error) => void;
  /**
   * Legacy (2025-era) clients get a session in this process (default true), so they can cancel calls.
   * Set false behind a load balancer without session affinity: they are then served statelessly.
   */
  legacySessions?: boolean | LegacySessionLimits;
}

export interface HttpHandle {
  /** Where clients connect, e.g. `http://127.0.0.1:3000/mcp`. */
  url: URL;
  close(): Promise<void>;
}

/** Streamable HTTP on one endpoint, for 2026-07-28 and legacy clients, behind Host/Origin/body-size guards. */
export async function listenHttp(
  live: LiveModel,
  options: HttpOptions,
  taskOptions?: TaskOptions,
): Promise<HttpHandle> {
  const host = options.host ?? process.env.MCPSMITH_HOST ?? "127.0.0.1";
  const port = options.port ?? Number(process.env.MCPSMITH_PORT ?? process.env.PORT ?? 3000);
  const path = options.path ?? "/mcp";
  const guards = resolveGuards(options, host);
  const tasks = new TaskManager(taskOptions);
  const stateless = createMcpHandler(() => createServer(live, tasks), {
    // 2026-07-28 `subscriptions/listen` streams read change events from here.
    bus: live.bus,
    onerror: options.onError ?? (() => {}),
    // The SDK has its own cap (4 MiB by default); without this, a larger maxBodyBytes would be silently ignored.
    maxRequestBodySize: guards.maxBodyBytes,
    ...(options.responseMode && { responseMode: options.responseMode }),
  });
  const mcp =
    options.legacySessions === false
      ? stateless
      : withLegacySessions(stateless, () => createConnectionServer(live, "legacy"), {
          maxBodyBytes: guards.maxBodyBytes,
          ...sessionLimits(options.legacySessions),
        });
  const endpoint = withTasksEndpoint(mcp, tasks, () => live.current.info);
  // Host and Origin first (headers only), then the body, read once and capped: each check runs once per request.
  const handle = withParsedBody(toNodeHandler(endpoint, { maxRequestBodySize: guards.maxBodyBytes }), guards);

  const server: HttpServer = createHttpServer((req, res) => {
    const pathname = (req.url ?? "/").split("?", 1)[0];
    if (pathname !== path) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`Not found. The MCP endpoint is ${path}\n`);
      return;
    }
    void handle(req, res);
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
  return {
    url: new URL(`http://${shownHost}:${address.port}${path}`),
    async close() {
      await endpoint.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
