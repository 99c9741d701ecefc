import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastAnswer } from "../engine/fast/fast-path.js";
import type { AnswerSink } from "./fast-answer.js";
import { requestFollowing } from "./follow-signal.js";
import { type Incoming, UnrepresentableRequest } from "./incoming.js";

// Node's request and response as the endpoint reads one (`Incoming`) and the fast path's writer writes the other
// (`AnswerSink`): the Node front's side of the endpoint's two interfaces (node-adapter.ts).

/** A request on Node's http server, as the endpoint reads it: each part made when first read. */
export class NodeIncoming implements Incoming {
  readonly method: string;
  readonly target: string;
  readonly remoteAddress: string | undefined;
  readonly #req: IncomingMessage;
  #headers: Headers | undefined;
  #request: Request | undefined;
  #controller: AbortController | undefined;
  #gone = false;
  #answered = false;
  #onGone: (() => void) | undefined;

  constructor(req: IncomingMessage, res: ServerResponse) {
    this.#req = req;
    this.method = req.method ?? "GET";
    this.target = req.url ?? "/";
    this.remoteAddress = req.socket.remoteAddress;
    res.once("close", () => {
      if (this.#answered) return;
      this.#gone = true;
      this.#controller?.abort();
      this.#onGone?.();
    });
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  get headers(): Headers {
    this.#headers ??= headersOf(this.#req);
    return this.#headers;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#gone) this.#controller.abort();
    }
    return this.#controller.signal;
  }

  get request(): Request {
    if (this.#request === undefined) {
      try {
        this.#request = toRequest(this.#req, this.signal);
      } catch (error) {
        throw new UnrepresentableRequest(error);
      }
    }
    return this.#request;
  }

  text(limit: number): Promise<string | undefined> {
    return readBody(this.#req, limit);
  }

  /** Whether the client went away before its answer was complete. */
  get gone(): boolean {
    return this.#gone;
  }

  /** Runs `listener` if the client goes away before the answer is complete. */
  onGone(listener: () => void): void {
    this.#onGone = listener;
  }

  /** The answer is complete: the connection closing from now on cancels nothing. */
  answered(): void {
    this.#answered = true;
  }
}

/** Node's response as the fast-path answer's writer sees it (fast-answer.ts). */
export class NodeSink implements AnswerSink {
  readonly #res: ServerResponse;
  readonly #incoming: NodeIncoming;
  /** An event stream's headers, until its first chunk goes out. */
  #head: readonly string[] | undefined;
  /** The chunks written while the headers wait (`open`). */
  #held = "";

  constructor(res: ServerResponse, incoming: NodeIncoming) {
    this.#res = res;
    this.#incoming = incoming;
  }

  get gone(): boolean {
    return this.#incoming.gone;
  }

  /** One write with its length; a prepared answer's result from the bytes it was encoded to once. */
  json(answer: FastAnswer, headers: readonly string[]): void {
    const res = this.#res;
    const { parts } = answer;
    if (parts === undefined) {
      res.writeHead(answer.status, [...headers, "content-length", String(Buffer.byteLength(answer.text))]);
      res.end(answer.text);
      return;
    }
    const [head, bytes, tail] = parts;
    const length = Buffer.byteLength(head) + bytes.byteLength + Buffer.byteLength(tail);
    res.cork();
    res.writeHead(answer.status, [...headers, "content-length", String(length)]);
    res.write(head);
    res.write(bytes);
    res.end(tail);
    res.uncork();
  }

  /**
   * The stream's headers, and the chunks written before the next `process.nextTick`, wait for it: Node itself corks
   * a response's first write until then, so nothing leaves later than it would have. The fronts write a reply once
   * the endpoint's promise has given it, in a microtask, so that tick comes after every microtask of the turn: a
   * stream that ends within it (an answer finished before anything else went out but the priming event of a
   * resumable stream, or progress sent along the way) goes out in one write with its length, as a JSON answer does,
   * rather than as a chunked body.
   */
  open(headers: readonly string[], onGone: () => void): void {
    this.#head = headers;
    this.#incoming.onGone(onGone);
  }

  write(chunk: string): void {
    if (this.#head === undefined) {
      this.#res.write(chunk);
      return;
    }
    if (this.#held === "") process.nextTick(() => this.#sendHeld());
    this.#held += chunk;
  }

  end(last?: string): void {
    const res = this.#res;
    const head = this.#head;
    const whole = last === undefined ? this.#held : this.#held + last;
    if (head !== undefined && whole !== "") {
      this.#head = undefined;
      this.#held = "";
      res.writeHead(200, [...head, "content-length", String(Buffer.byteLength(whole))]);
      res.end(whole);
      return;
    }
    this.#flushHead();
    if (last === undefined) {
      res.end();
      return;
    }
    // The last frame and the end of the chunked body in one write.
    res.cork();
    res.write(last);
    res.end();
    res.uncork();
  }

  /** What waited for the end of the turn goes out, if the stream is still open: its head, then its first chunks. */
  #sendHeld(): void {
    if (this.#head === undefined || this.#held === "") return;
    const held = this.#held;
    this.#held = "";
    this.#flushHead();
    this.#res.write(held);
  }

  #flushHead(): void {
    if (this.#head === undefined) return;
    this.#res.writeHead(200, this.#head as string[]);
    this.#head = undefined;
  }
}

/** The request without its body, which the endpoint reads through `text`. */
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
