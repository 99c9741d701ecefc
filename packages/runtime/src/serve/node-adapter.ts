import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FastReply, writeFastAnswer } from "./fast-answer.js";
import { NodeIncoming, NodeSink } from "./node-exchange.js";
import { type Exchange, exchangeOf, type Reply } from "./pipeline.js";

/** Serves one request from Node. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The endpoint on Node's http server: the Node front. Each request is handed in as it came (`NodeIncoming`): the
 * endpoint reads its headers and body straight from Node, and a web `Request` is made only if a step needs one
 * (the SDK's handler, a hook that reads it). A fast-path answer is written straight to Node's response; any other
 * `Response` is written back as it streams (SSE), at the pace the client reads it. A client that goes away before
 * its answer is complete aborts the request's signal: on HTTP a closed stream is a cancel.
 */
export function toNodeListener(endpoint: { handle(exchange: Exchange): Promise<Reply> }): NodeListener {
  return async (req, res) => {
    const incoming = new NodeIncoming(req, res);
    const reply = await endpoint.handle(exchangeOf(incoming));
    if (reply instanceof FastReply) await writeFastAnswer(reply, new NodeSink(res, incoming));
    else await send(reply, res, incoming.signal, req);
    incoming.answered();
  };
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
  // Sent now, not with the first event: a stream that stays quiet (a session's GET stream) is still answered.
  res.flushHeaders();
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
