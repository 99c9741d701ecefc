import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { refusal } from "../wire-errors.js";
import { requestFollowing } from "./follow-signal.js";
import type { Exchange, Next } from "./pipeline.js";

/**
 * Serves one request from Node. A front that already read the body or verified the credential (serve/fast-http.ts)
 * hands them on in `done`: the body's reader instead of the request's stream, the verification's outcome.
 */
export type NodeListener = (
  req: IncomingMessage,
  res: ServerResponse,
  done?: Pick<Exchange, "readBody" | "verified">,
) => Promise<void>;

/**
 * The endpoint on Node's http server. Each request becomes a web `Request` (headers, URL, signal) and the
 * endpoint reads its body straight from Node, as far as its limit; each `Response` is written back as it streams
 * (SSE), at the pace the client reads it. A client that goes away before its answer is complete aborts the
 * request's signal: on HTTP a closed stream is a cancel.
 */
export function toNodeListener(endpoint: { answer: Next }): NodeListener {
  return async (req, res, done) => {
    const gone = new AbortController();
    let answered = false;
    res.once("close", () => {
      if (!answered) gone.abort();
    });
    let request: Request;
    try {
      request = toRequest(req, gone.signal);
    } catch (error) {
      // What Node parses but a web Request cannot carry (a TRACE, say) never reaches the endpoint.
      await send(refusal("BAD_REQUEST", { detail: error instanceof Error ? error.message : String(error) }), res);
      return;
    }
    const response = await endpoint.answer({
      request,
      readBody: done?.readBody ?? ((limit) => readBody(req, limit)),
      ...(done?.verified !== undefined && { verified: done.verified }),
      ...(req.socket.remoteAddress !== undefined && { remoteAddress: req.socket.remoteAddress }),
    });
    await send(response, res, gone.signal, req);
    answered = true;
  };
}

/** The request without its body, which the endpoint reads with `readBody` if it needs it. */
export function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  return requestFollowing(`http://${authorityOf(req)}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers: headersOf(req),
    signal,
  });
}

/** Node's request headers as web `Headers`. */
export function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The URL's host: the Host header, or the address the connection reached when there is no usable one. */
function authorityOf(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host !== undefined && URL.canParse(`http://${host}`)) return host;
  const { localAddress = "localhost", localPort } = req.socket;
  return `${localAddress.includes(":") ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/**
 * The whole body, or undefined once it is known to exceed the limit. Events rather than `for await`: leaving that
 * loop early destroys the request, and with it the socket the 413 must still be written to. A body nobody asks
 * for (a refused request, a GET) is never touched, and Node discards it. Rejects when the client goes away
 * mid-body.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      done();
      req.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    };
    const onGone = () => {
      done();
      reject(new Error("the client closed the request before sending its whole body"));
    };
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onGone);
  });
}

/**
 * Writes the response. A JSON answer goes out in one write with its length; a stream is copied chunk by chunk,
 * waiting for the socket to drain, until it ends or the client goes away.
 */
export async function send(
  response: Response,
  res: ServerResponse,
  gone?: AbortSignal,
  req?: IncomingMessage,
): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    // Node frames the body itself: by the length given below, or chunked.
    if (name !== "content-length") headers.push(name, value);
  });
  const stream = response.body;
  if (stream === null) {
    res.writeHead(response.status, headers).end();
    return;
  }
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, [...headers, "content-length", String(bytes.byteLength)]);
    if (req === undefined || req.complete) res.end(bytes);
    else await answerBeforeBody(req, res, bytes);
    return;
  }
  res.writeHead(response.status, headers);
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  gone?.addEventListener("abort", stop, { once: true });
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (!res.write(read.value) && !gone?.aborted) await once(res, "drain", gone && { signal: gone });
    }
  } catch {
    // The stream failed, or the client went away while it was written: end what was sent.
  } finally {
    gone?.removeEventListener("abort", stop);
    res.end();
  }
}

/** How long a client still sending a body nobody will read (a 413, a 403) may take to finish it. */
const LINGER_MS = 10_000;

/**
 * Answers a request whose body is still arriving (refused before it was read, or past the limit): the answer is
 * written at once, and the rest of the body is read and dropped until the client has sent it all, or for
 * `LINGER_MS` at most. Only then does the response end (and a `Connection: close` one close the socket). Closing
 * while the client is still sending would make the kernel reset the connection, and a client that does not wait
 * for `100 Continue` (Node's `http.request`, browsers) would see the reset instead of the answer.
 */
async function answerBeforeBody(req: IncomingMessage, res: ServerResponse, bytes: Uint8Array): Promise<void> {
  res.write(bytes);
  const drained = new Promise<void>((resolve) => {
    req.once("end", resolve).once("close", resolve).once("error", resolve);
  });
  // Flowing with no one listening: what arrives is dropped.
  req.resume();
  const timer = setTimeout(() => req.destroy(), LINGER_MS);
  await drained;
  clearTimeout(timer);
  res.end();
}
