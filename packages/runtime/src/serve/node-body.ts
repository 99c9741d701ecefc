import type { IncomingMessage, ServerResponse } from "node:http";
import { type Refusal, type ResolvedGuards, refusalJson, refuseHostOrOrigin, tooLarge } from "./guards.js";

/** The SDK's Node adapter (`toNodeHandler`): a third argument is a body already parsed. */
type NodeHandler = (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => Promise<void>;

/**
 * Reads each POST body here, once, and hands the SDK's Node adapter the parsed JSON. Left to itself, the adapter
 * turns the body into a web stream, and the SDK clones (tees) that stream and reads it again to decide the
 * request's era before serving it: about a quarter of the server's CPU per `tools/call` (bench/runtime). Given
 * the parsed value, the SDK classifies from it and reads nothing.
 *
 * A body that is not JSON is passed on as no body, which the SDK answers exactly as it answers invalid JSON
 * (-32700), and a wrong Content-Type still gets its 415 (the SDK checks the header before the body).
 * Host and Origin are checked before the body is read, so a refused request costs no body.
 */
export function withParsedBody(
  handle: NodeHandler,
  guards: ResolvedGuards,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const refused = refuseHostOrOrigin(req.headers.host, req.headers.origin, guards);
    if (refused) return refuse(res, refused);
    if (req.method !== "POST") return handle(req, res);
    const body = await readBody(req, guards.maxBodyBytes).catch(() => null);
    if (body === null) return;
    if (body === undefined) return refuse(res, tooLarge(guards.maxBodyBytes));
    return handle(req, res, parseJson(body));
  };
}

function refuse(res: ServerResponse, refusal: Refusal): void {
  const headers = { "content-type": "application/json", ...(refusal.status === 413 && { connection: "close" }) };
  res.writeHead(refusal.status, headers).end(refusalJson(refusal));
}

/**
 * The whole body, or undefined once it is known to exceed the limit (declared, or counted for chunked bodies).
 * Events rather than `for await`: leaving that loop early destroys the request, and with it the socket the
 * 413 must still be written to. Rejects when the client goes away mid-body (there is no one left to answer).
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  if (Number(req.headers["content-length"]) > limit) return Promise.resolve(undefined);
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

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
