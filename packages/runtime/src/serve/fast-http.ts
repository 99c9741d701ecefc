import type { IncomingMessage, ServerResponse } from "node:http";
import { type AuthInfo, isJsonContentType, type Notification } from "@modelcontextprotocol/server";
import { closeAtExpiry } from "../auth/expiry.js";
import type { FastAnswer, FastExchange, FastPath } from "../engine/fast/fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import type { AuthSteps } from "./auth.js";
import { type Guards, guardProblem, internalError } from "./guards.js";
import { MAX_JSON_DEPTH, textNestsDeeperThan } from "./json-limits.js";
import { headersOf, type NodeListener, readBody, send, toRequest } from "./node-adapter.js";
import { type Exchange, pipeline, type Step } from "./pipeline.js";

/** What the fast path needs of the endpoint it stands in front of: the same guards, credentials, hooks and modes. */
export interface FastRoute {
  readonly fast: FastPath;
  readonly guards: Guards;
  readonly auth: AuthSteps | undefined;
  /** The middleware's `http` hooks, as the endpoint's steps. */
  readonly httpSteps: readonly Step[];
  readonly responseMode: "auto" | "json" | "sse";
  readonly onError: (error: Error) => void;
}

/**
 * The HTTP front of the fast path (engine/fast/fast-path.ts), on Node's request and response: a POST to the
 * endpoint that passes the same guards as on the SDK path (Host/Origin, credential, body limit, JSON depth, scopes)
 * and that the fast path recognises is answered here, with no web Request or Response; everything else, refusals
 * included, goes to `fallback` (the endpoint through node-adapter.ts), with the body this listener read, if it
 * read one. The fast path only ever answers what the SDK path would answer the same way; the SDK path answers
 * the rest, errors included.
 */
export function fastNodeListener(route: FastRoute, fallback: NodeListener, path: string): NodeListener {
  const { fast, guards, auth } = route;
  const limit = guards.maxBodyBytes;
  return async (req, res) => {
    const { headers } = req;
    if (
      req.method !== "POST" ||
      // The endpoint's own path only (the auth metadata paths are the endpoint's too), with no query.
      req.url !== path ||
      headers["mcp-session-id"] !== undefined ||
      headers.host === undefined ||
      !isJsonContentType(headers["content-type"] ?? "") ||
      Number(headers["content-length"]) > limit ||
      guardProblem(guards, headers.host, headers.origin) !== undefined
    ) {
      return fallback(req, res);
    }
    let authInfo: AuthInfo | undefined;
    let verified: Promise<AuthInfo | undefined> | undefined;
    if (auth) {
      verified = auth.verify(headersOf(req));
      // A refusal is the SDK path's to answer and report, from this same outcome.
      authInfo = await verified.catch(() => undefined);
      if (authInfo === undefined) return fallback(req, res, { verified });
    }
    let text: string | undefined;
    try {
      text = await readBody(req, limit);
    } catch {
      // The client went away mid-body: the SDK path says so to nobody, as it would have.
      const readBody = async (): Promise<string | undefined> => {
        throw new Error("the client closed the request before sending its whole body");
      };
      return fallback(req, res, { readBody, ...(verified && { verified }) });
    }
    const body = text === undefined ? undefined : parsed(text);
    const request =
      body === undefined
        ? undefined
        : fast.recognise(body, {
            protocolVersion: single(headers["mcp-protocol-version"]),
            method: single(headers["mcp-method"]),
            name: single(headers["mcp-name"]),
          });
    if (request === undefined || (authInfo && !auth?.allows(authInfo, request.method, request.params))) {
      return fallback(req, res, { readBody: async () => text, ...(verified && { verified }) });
    }
    if (route.httpSteps.length > 0) await serveHooked(route, request, body, req, res, authInfo);
    else await serveFast(fast, request, req, res, route.responseMode, authInfo);
  };
}

/** The body as JSON, when it is JSON no deeper than the endpoint accepts; undefined otherwise. */
function parsed(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return textNestsDeeperThan(text, value, MAX_JSON_DEPTH) ? undefined : value;
}

/** A header Node gives as a string (the standard headers are never repeated by a well-behaved client). */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

const JSON_HEAD = ["content-type", "application/json"];
/** The SDK's event-stream answer headers, in the order its `Response` lists them. */
const STREAM_HEAD = [
  "cache-control",
  "no-cache, no-transform",
  "connection",
  "keep-alive",
  "content-type",
  "text/event-stream",
  "x-accel-buffering",
  "no",
];
/** The SDK's keep-alive comment interval on an answer that streams (its `DEFAULT_SSE_KEEP_ALIVE_MS`). */
const KEEP_ALIVE_MS = 15_000;

/**
 * Answers one recognised request as the SDK's per-request transport does: one JSON body, or (when the handler sends
 * progress or logs first, in `auto`; always, in `sse`) an event stream ending with the answer. A client that goes
 * away aborts the request's signal, and gets nothing more.
 */
async function serveFast(
  fast: FastPath,
  request: FastRequest,
  req: IncomingMessage,
  res: ServerResponse,
  mode: FastRoute["responseMode"],
  authInfo: AuthInfo | undefined,
): Promise<void> {
  let controller: AbortController | undefined;
  let answered = false;
  let gone = false;
  let stream: Stream | undefined;
  res.once("close", () => {
    if (answered) return;
    gone = true;
    controller?.abort();
    stream?.stop();
  });
  const open = () => {
    stream ??= openStream(res, authInfo?.expiresAt);
    return stream;
  };
  if (mode === "sse") open();
  const exchange: FastExchange = {
    ...(authInfo !== undefined && { authInfo }),
    headers: () => headersOf(req),
    signal: () => {
      controller ??= new AbortController();
      if (gone) controller.abort();
      return controller.signal;
    },
    notify: async (notification: Notification) => {
      if (gone || mode === "json") return;
      open().write(JSON.stringify({ jsonrpc: "2.0", ...notification }));
    },
  };
  const answer: FastAnswer = await fast.answer(request, exchange);
  answered = true;
  if (gone || controller?.signal.aborted) return;
  // The answer streams once anything did (and always in `sse`); else it is one JSON body, with the SDK's status.
  if (stream === undefined) {
    writeJson(res, answer);
    return;
  }
  open().end(answer.text);
}

/** One JSON answer with its length, in one write (a prepared answer's result from bytes encoded once). */
function writeJson(res: ServerResponse, answer: FastAnswer): void {
  const { parts } = answer;
  if (parts === undefined) {
    res.writeHead(answer.status, [...JSON_HEAD, "content-length", String(Buffer.byteLength(answer.text))]);
    res.end(answer.text);
    return;
  }
  const [head, bytes, tail] = parts;
  const length = Buffer.byteLength(head) + bytes.byteLength + Buffer.byteLength(tail);
  res.cork();
  res.writeHead(answer.status, [...JSON_HEAD, "content-length", String(length)]);
  res.write(head);
  res.write(bytes);
  res.end(tail);
  res.uncork();
}

interface Stream {
  write(message: string): void;
  end(message: string): void;
  stop(): void;
}

/** An event stream on the response: messages as `event: message` frames, and a keep-alive comment while quiet. */
function openStream(res: ServerResponse, expiresAt: number | undefined): Stream {
  res.writeHead(200, STREAM_HEAD);
  const keepAlive = setInterval(() => res.write(": keepalive\n\n"), KEEP_ALIVE_MS);
  keepAlive.unref();
  // As on the SDK path (auth/expiry.ts): a stream answered to a caller ends when its credential does.
  const expiry =
    expiresAt === undefined
      ? undefined
      : setTimeout(() => stop(), Math.min(expiresAt * 1000 - Date.now(), 2 ** 31 - 1));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(keepAlive);
    clearTimeout(expiry);
    res.end();
  };
  return {
    write: (message) => {
      if (!stopped) res.write(`event: message\ndata: ${message}\n\n`);
    },
    end: (message) => {
      if (stopped) return;
      res.write(`event: message\ndata: ${message}\n\n`);
      stop();
    },
    stop,
  };
}

/**
 * A recognised request when the model has `http` hooks: they run as on the SDK path, around the fast path's answer
 * as a web Response, and see a web Request only if they read it (the rate limiter reads the address only).
 */
async function serveHooked(
  route: FastRoute,
  request: FastRequest,
  body: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  const gone = new AbortController();
  let answered = false;
  res.once("close", () => {
    if (!answered) gone.abort();
  });
  let web: Request | undefined;
  const exchange: Exchange = {
    get request() {
      web ??= toRequest(req, gone.signal);
      return web;
    },
    body,
    ...(authInfo !== undefined && { authInfo }),
    ...(req.socket.remoteAddress !== undefined && { remoteAddress: req.socket.remoteAddress }),
  };
  const answer = () => fastResponse(route, request, authInfo, gone.signal, () => headersOf(req));
  let response: Response;
  try {
    response = await pipeline(route.httpSteps, answer)(exchange);
  } catch (error) {
    route.onError(error instanceof Error ? error : new Error(String(error)));
    response = internalError();
  }
  await send(closeAtExpiry(response, authInfo?.expiresAt), res, gone.signal, req);
  answered = true;
}

/** The fast path's answer as the SDK's per-request transport gives it: a JSON `Response`, or one that streams. */
function fastResponse(
  route: FastRoute,
  request: FastRequest,
  authInfo: AuthInfo | undefined,
  gone: AbortSignal,
  headers: () => Headers,
): Promise<Response> {
  const mode = route.responseMode;
  return new Promise((resolve) => {
    const encoder = new TextEncoder();
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    let keepAlive: NodeJS.Timeout | undefined;
    const frame = (message: string) => encoder.encode(`event: message\ndata: ${message}\n\n`);
    const open = () => {
      if (stream === undefined) {
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            stream = controller;
          },
          cancel: () => clearInterval(keepAlive),
        });
        keepAlive = setInterval(() => stream?.enqueue(encoder.encode(": keepalive\n\n")), KEEP_ALIVE_MS);
        keepAlive.unref();
        resolve(new Response(body, { status: 200, headers: pairs(STREAM_HEAD) }));
      }
      return stream as ReadableStreamDefaultController<Uint8Array>;
    };
    if (mode === "sse") open();
    const exchange: FastExchange = {
      ...(authInfo !== undefined && { authInfo }),
      headers,
      signal: () => gone,
      notify: async (notification: Notification) => {
        if (mode !== "json" && !gone.aborted)
          open().enqueue(frame(JSON.stringify({ jsonrpc: "2.0", ...notification })));
      },
    };
    void route.fast.answer(request, exchange).then((answer) => {
      if (stream === undefined) {
        resolve(new Response(answer.text, { status: answer.status, headers: pairs(JSON_HEAD) }));
        return;
      }
      clearInterval(keepAlive);
      try {
        stream.enqueue(frame(answer.text));
        stream.close();
      } catch {
        // The client went away and the stream was cancelled: nobody is left to read the answer.
      }
    });
  });
}

/** `[name, value, name, value]` as header pairs. */
function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}
