/**
 * A mock upstream HTTP API on 127.0.0.1 that records every request exactly as it arrived (method, raw request
 * target, headers as sent, raw body bytes), for tests that assert the exact request an executor or a generated
 * server makes. Replies come from a handler the test sets (JSON `{ ok: true }` by default).
 *
 * @example
 * ```ts
 * const upstream = await startUpstream((req) => ({ json: { id: 1 } }));
 * // ... make the call with upstream.url as the base URL ...
 * expect(upstream.last().url).toBe("/pets/1?tags=a,b");
 * await upstream.close();
 * ```
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** The raw request target, path and query, exactly as sent (nothing decoded). */
  url: string;
  path: string;
  /** The raw query string without `?` ("" when there is none). */
  query: string;
  /** Header names lower-cased; repeated headers joined with ", " (as Node does, `cookie` with "; "). */
  headers: Record<string, string>;
  /** Name/value pairs in the order they were sent, names as sent. */
  rawHeaders: [string, string][];
  /** The `Cookie` header split into pairs (values left encoded). */
  cookies: Record<string, string>;
  body: Buffer;
  /** The body as UTF-8 text. */
  text: string;
  /**
   * Resolves when the exchange is over: `answered` is false when the client went away (an aborted fetch) before
   * the reply was sent.
   */
  closed: Promise<{ answered: boolean }>;
}

export interface UpstreamReply {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON reply (sets `Content-Type: application/json` unless given). */
  json?: unknown;
  body?: string | Uint8Array;
  /** Never answer (to test timeouts and cancellation); the request still gets recorded. */
  hang?: boolean;
}

export type UpstreamHandler = (request: RecordedRequest) => UpstreamReply | Promise<UpstreamReply>;

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  url: string;
  readonly requests: readonly RecordedRequest[];
  /** The last recorded request; throws when there is none, so a test that expected a request says so. */
  last(): RecordedRequest;
  /** Forgets the recorded requests (between tests). */
  clear(): void;
  /** Replaces the reply handler. */
  reply(handler: UpstreamHandler): void;
  /**
   * The next request to arrive from now on. Call it before the request can arrive (right after starting the call
   * that sends it, in the same tick) to hold on to a request a test is about to cancel or time out.
   */
  nextRequest(): Promise<RecordedRequest>;
  close(): Promise<void>;
}

export async function startUpstream(handler: UpstreamHandler = () => ({ json: { ok: true } })): Promise<Upstream> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  let waiting: ((request: RecordedRequest) => void)[] = [];

  const server = createServer(async (req, res) => {
    const recorded = await record(req, res);
    requests.push(recorded);
    for (const wake of waiting) wake(recorded);
    waiting = [];
    try {
      const reply = await current(recorded);
      if (!reply.hang) send(res, reply);
    } catch (error) {
      send(res, { status: 500, body: `upstream handler failed: ${String(error)}` });
    }
  });
  // Idle connections stay open while a test works between requests: a client reusing one the server has just timed
  // out would see ECONNRESET. close() ends them all.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error("The upstream has received no request.");
      return request;
    },
    clear() {
      requests.length = 0;
    },
    reply(next) {
      current = next;
    },
    nextRequest() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function record(req: IncomingMessage, res: ServerResponse): Promise<RecordedRequest> {
  // Listen before reading the body: a client that aborts early closes the exchange while the body is read.
  const closed = new Promise<{ answered: boolean }>((resolve) =>
    res.on("close", () => resolve({ answered: res.writableFinished })),
  );
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req) chunks.push(chunk as Buffer);
  } catch {
    // The client went away mid-body: record what arrived; `closed` says it was not answered.
  }
  const body = Buffer.concat(chunks);
  const url = req.url ?? "";
  const mark = url.indexOf("?");
  const rawHeaders: [string, string][] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) rawHeaders.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    method: req.method ?? "",
    url,
    path: mark < 0 ? url : url.slice(0, mark),
    query: mark < 0 ? "" : url.slice(mark + 1),
    headers,
    rawHeaders,
    cookies: parseCookies(headers.cookie),
    body,
    text: body.toString("utf8"),
    closed,
  };
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of header?.split(/;\s*/) ?? []) {
    const eq = pair.indexOf("=");
    if (eq > 0) cookies[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return cookies;
}

function send(res: ServerResponse, reply: UpstreamReply): void {
  const headers = { ...reply.headers };
  let body: string | Uint8Array | undefined = reply.body;
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === "content-type")) {
      headers["Content-Type"] = "application/json";
    }
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}
