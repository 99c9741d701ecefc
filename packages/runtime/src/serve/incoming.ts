/**
 * A request as a front hands it to the endpoint (endpoint.ts): what the endpoint's steps read, each part made only
 * when a step reads it. A front that starts from a web `Request` (a fetch handler, Bun, Deno) wraps it with
 * `incomingOf`; one that does not (Node's http server, node-adapter.ts) answers from its own request and builds a
 * web `Request` only for the steps that need one (the SDK's handler, a hook that reads it).
 */
export interface Incoming {
  readonly method: string;
  /** The request-target as sent: path and query. */
  readonly target: string;
  /** A header's value (the name in lower case), repeated values joined by ", "; undefined when absent. */
  header(name: string): string | undefined;
  /** Every header, as web `Headers`. */
  readonly headers: Headers;
  /** Aborted when the client goes away before its answer is complete: on HTTP a closed stream is a cancel. */
  readonly signal: AbortSignal;
  /** The client's IP address, when the front knows it (Node's socket; a fetch runtime does not say). */
  readonly remoteAddress: string | undefined;
  /**
   * The body as text, or undefined as soon as it is longer than `limit` bytes (the rest is left unread). Rejects
   * when it cannot be read (the client went away mid-body). Read once, by the endpoint's body step.
   */
  text(limit: number): Promise<string | undefined>;
  /**
   * The request as a web `Request`, its body unread (the body step reads it with `text`). Throws
   * {@link UnrepresentableRequest} for what the front received but a `Request` cannot carry.
   */
  readonly request: Request;
}

/** A request a front received that a web `Request` cannot carry (a `TRACE`, say): the endpoint answers 400. */
export class UnrepresentableRequest extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "UnrepresentableRequest";
  }
}

/** A web `Request` as the endpoint reads it. */
export function incomingOf(request: Request, remoteAddress?: string): Incoming {
  let target: string | undefined;
  return {
    method: request.method,
    get target() {
      if (target === undefined) {
        const url = new URL(request.url);
        target = `${url.pathname}${url.search}`;
      }
      return target;
    },
    header: (name) => request.headers.get(name) ?? undefined,
    headers: request.headers,
    signal: request.signal,
    remoteAddress,
    text: (limit) => (request.body ? readStream(request.body, limit) : Promise.resolve("")),
    request,
  };
}

async function readStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<string | undefined> {
  const reader = stream.getReader();
  // A byte order mark stays, as Node's reader keeps it: JSON with one is not JSON on either front.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}
