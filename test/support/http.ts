import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** The revision every hand-built request in these tests speaks. */
export const MODERN = "2026-07-28";

/** The per-request `_meta` envelope a 2026-07-28 request must carry. */
export function envelope(version = MODERN): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": version,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "raw-http-test", version: "1.0.0" },
  };
}

/** The headers a 2026-07-28 POST carries: version, method, and for named methods `Mcp-Name`. */
export function modernHeaders(method: string, name?: string, version = MODERN): Record<string, string> {
  return {
    "MCP-Protocol-Version": version,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "Mcp-Method": method,
    ...(name !== undefined && { "Mcp-Name": name }),
  };
}

let nextId = 1;

/** A well-formed 2026-07-28 `tools/call` body and its headers. */
export function toolCall(
  name: string,
  args: Record<string, unknown>,
): { headers: Record<string, string>; body: string } {
  return {
    headers: modernHeaders("tools/call", name),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: nextId++,
      method: "tools/call",
      params: { name, arguments: args, _meta: envelope() },
    }),
  };
}

export interface JsonRpcAnswer {
  status: number;
  headers: Headers;
  /** The JSON-RPC message of the answer (the last one of an SSE stream), or undefined for an empty body. */
  message: {
    id?: unknown;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
  text: string;
}

/** Reads a response whether it is plain JSON or an SSE stream of JSON-RPC messages. */
export async function readAnswer(response: Response): Promise<JsonRpcAnswer> {
  const text = await response.text();
  let message: JsonRpcAnswer["message"] = {};
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const data = text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trim())
      .filter((line) => line.length > 0);
    if (data.length > 0) message = JSON.parse(data[data.length - 1]!);
  } else if (text.length > 0 && (response.headers.get("content-type") ?? "").includes("json")) {
    message = JSON.parse(text);
  }
  return { status: response.status, headers: response.headers, message, text };
}

/** `fetch` a URL with a POST and read the answer. */
export async function post(
  url: URL | string,
  body: NonNullable<RequestInit["body"]>,
  headers: Record<string, string>,
  init: RequestInit = {},
): Promise<JsonRpcAnswer> {
  return readAnswer(await fetch(url, { method: "POST", headers, body, ...init }));
}

/** What a raw `node:http` exchange saw: the answer as far as it came, and any error the client got. */
export interface RawAnswer {
  status?: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** A reset connection, a broken pipe, an abort: what ended the exchange early. */
  error?: string;
}

/**
 * A request sent with Node's own `http.request`, exactly as given: any method, any header (`Host` included, which
 * `fetch` always writes itself), and a body sent as it is, or chunked (no Content-Length) when it is a list of
 * pieces. Resolves once the exchange is over, with what came and any error; `signal` ends it early. Loopback only.
 */
export function exchange(
  url: URL,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer | readonly (string | Buffer)[];
    signal?: AbortSignal;
    /** Called when the answer's status and headers have come (its body may still be on its way). */
    onResponse?: () => void;
    /** Called with the answer's text so far, each time more of it comes. */
    onText?: (text: string) => void;
  },
): Promise<RawAnswer> {
  if (url.hostname !== "127.0.0.1") throw new Error(`tests stay on 127.0.0.1, not ${url.hostname}`);
  return new Promise((resolve) => {
    const answer: RawAnswer = { headers: {}, text: "" };
    const req = httpRequest(
      url,
      {
        method: options.method ?? "POST",
        headers: options.headers ?? {},
        setHost: !options.headers?.Host,
        ...(options.signal && { signal: options.signal }),
      },
      (res) => {
        answer.status = res.statusCode;
        answer.headers = res.headers;
        options.onResponse?.();
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          answer.text += chunk;
          options.onText?.(answer.text);
        });
      },
    );
    req.on("error", (failure: NodeJS.ErrnoException) => {
      answer.error ??= failure.code ?? failure.message;
    });
    req.on("close", () => resolve(answer));
    if (Array.isArray(options.body)) {
      for (const piece of options.body) req.write(piece);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

/** `exchange`, for a request that must be answered: rejects when it was not. Loopback only. */
export async function rawRequest(
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  const answer = await exchange(url, options);
  if (answer.status === undefined || answer.error) throw new Error(`${url.href}: ${answer.error ?? "no answer"}`);
  return { status: answer.status, text: answer.text };
}

/** A body stream of `chunks` pieces of `size` bytes: `fetch` sends it chunked, with no Content-Length. */
export function chunkedBody(chunks: number, size: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode("x".repeat(size));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(piece);
      else controller.close();
    },
  });
}

/**
 * POSTs `body` with Node's own `http.request`, which (unlike curl) sends the body straight away without waiting for
 * `100 Continue`: with its Content-Length, or chunked. Resolves once the request is over, with the answer and any
 * error the client saw (a reset connection, a broken pipe). Loopback only.
 */
export async function upload(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  { chunked = false } = {},
): Promise<{ status?: number; text: string; error?: string }> {
  const sent = chunked ? headers : { ...headers, "Content-Length": String(body.length) };
  const { status, text, error } = await exchange(url, { method: "POST", headers: sent, body });
  return { ...(status !== undefined && { status }), text, ...(error && { error }) };
}
