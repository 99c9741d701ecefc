import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorResponse, wireError } from "@mcpsmith/runtime/internal";
import { NOT_RUNNING } from "../commands/dev/stdio-proxy.js";
import { readLimited } from "./replies.js";
import { SseReader } from "./sse-reader.js";
import type { Channel, TrafficRecorder } from "./traffic.js";

/**
 * The largest request body the proxy reads (to file it in the log) before passing it on. Above the runtime's own
 * default limit, so the server, not the proxy, is what refuses a large body, as it would without the page.
 */
export const MAX_PROXIED_BODY = 16 * 1024 * 1024;
/** The largest JSON answer, or event, the log reads; larger ones still reach the client whole. */
const MAX_TAPPED = 4 * 1024 * 1024;
/** Sent by the page's own client, so the log can tell its calls from those of other clients. */
export const PAGE_CLIENT_HEADER = "x-mcpsmith-dev-page";

// Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are not passed on.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "content-length",
  PAGE_CLIENT_HEADER,
]);

export interface HttpProxyOptions {
  /** The port clients connect to (the one `--http` names). */
  port: number;
  /** The port of the server that runs now, once it listens; undefined when none runs (a failed build). */
  upstream(): Promise<number | undefined>;
  recorder: TrafficRecorder;
}

export interface HttpProxy {
  url: URL;
  close(): Promise<void>;
}

/**
 * `mcpsmith dev --http --ui` listens where the server would, and passes every request to the server it runs,
 * reading the JSON-RPC messages both ways (JSON answers and event streams alike) into the call log as they pass.
 * Requests that arrive while the server restarts wait for the new one, as over stdio.
 */
export async function startHttpProxy(options: HttpProxyOptions): Promise<HttpProxy> {
  let exchanges = 0;
  const server = createServer((incoming, outgoing) => {
    void proxy(incoming, outgoing, `h${++exchanges}`, options).catch(() => outgoing.destroy());
  });
  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(options.port, "127.0.0.1", () => listening());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

async function proxy(incoming: IncomingMessage, outgoing: ServerResponse, exchange: string, options: HttpProxyOptions) {
  const body = await readLimited(incoming, MAX_PROXIED_BODY);
  if (body === undefined) return refuse(outgoing, 413, "Payload Too Large");
  const session = header(incoming, "mcp-session-id") ?? exchange;
  const channel: Channel = {
    exchange,
    session,
    page: incoming.headers[PAGE_CLIENT_HEADER] !== undefined,
    traceparent: header(incoming, "traceparent"),
  };
  const forwarded = recordClientMessages(body, channel, options.recorder);
  const port = await options.upstream();
  if (port === undefined) return refuse(outgoing, 503, NOT_RUNNING);
  const headers = passedOn(incoming.headers);
  if (forwarded.length > 0) headers["content-length"] = String(forwarded.length);
  const upstream = request({ host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers });
  // A client that closes its stream cancels its request (Streamable HTTP): the server must see it close too.
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) upstream.destroy();
    options.recorder.ended(exchange);
  });
  upstream.once("error", () => {
    if (!outgoing.headersSent) refuse(outgoing, 502, NOT_RUNNING);
    else outgoing.destroy();
  });
  upstream.once("response", (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
    const tap = serverTap(answer.headers["content-type"], channel, options.recorder);
    answer.on("data", (chunk: Buffer) => {
      tap.push(chunk);
      outgoing.write(chunk);
    });
    answer.once("end", () => {
      tap.end();
      outgoing.end();
    });
    answer.once("error", () => outgoing.destroy());
  });
  upstream.end(forwarded.length > 0 ? forwarded : undefined);
}

/** Files the body's messages (one, or a batch) in the log; returns the body to send on, traced where it must be. */
function recordClientMessages(body: Buffer, channel: Channel, recorder: TrafficRecorder): Buffer {
  if (body.length === 0) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return body;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const passed = messages.map((message) => recorder.fromClient(message, channel));
  if (passed.every((message, index) => message === messages[index])) return body;
  return Buffer.from(JSON.stringify(Array.isArray(parsed) ? passed : passed[0]));
}

/** Reads the server's answer as it passes: a JSON body once whole, an event stream event by event. */
function serverTap(contentType: string | undefined, channel: Channel, recorder: TrafficRecorder) {
  const deliver = (text: string) => {
    try {
      const value = JSON.parse(text) as unknown;
      for (const message of Array.isArray(value) ? value : [value]) recorder.fromServer(message, channel);
    } catch {
      // Not JSON (an HTML error page, a truncated body): nothing for the log.
    }
  };
  if (contentType?.includes("text/event-stream")) {
    const reader = new SseReader(deliver, MAX_TAPPED);
    return { push: (chunk: Buffer) => reader.push(chunk), end: () => {} };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk: Buffer) {
      size += chunk.length;
      if (size <= MAX_TAPPED) chunks.push(chunk);
    },
    end() {
      if (size <= MAX_TAPPED && contentType?.includes("json")) deliver(Buffer.concat(chunks).toString("utf8"));
    },
  };
}

function passedOn(headers: IncomingMessage["headers"]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

function header(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The proxy's own refusals, as JSON-RPC errors a client reads like the server's. */
function refuse(outgoing: ServerResponse, status: number, message: string): void {
  outgoing.writeHead(status, { "content-type": "application/json", connection: "close" });
  outgoing.end(JSON.stringify(errorResponse(null, { ...wireError("INTERNAL_SERVER_ERROR"), message })));
}
