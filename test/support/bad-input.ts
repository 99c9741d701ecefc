import { chunkedBody, envelope, MODERN, modernHeaders, toolCall } from "./http.js";

/**
 * A request the HTTP endpoint must refuse, and how: test/http.bad-input.test.ts checks each refusal, and
 * test/fast-path.differential.test.ts checks that both serving paths refuse it alike. The requests target a server
 * with an `echo` tool (`{ text: string }`) and a `size` tool of the same input.
 */
export interface BadInput {
  what: string;
  method: "POST" | "GET" | "DELETE";
  headers: Record<string, string>;
  /** A text, or a body sent chunked (no Content-Length): `chunks` pieces of `size` bytes. */
  body?: string | { chunks: number; size: number };
  /** The HTTP status expected. */
  status: number;
  /** The JSON-RPC error code expected, when the answer carries one. */
  code?: number;
}

/** A JSON-RPC request with id 7 and these params (default method `tools/call`). */
export const callBody = (params: Record<string, unknown>, method = "tools/call") =>
  JSON.stringify({ jsonrpc: "2.0", id: 7, method, params });

/** The refusals of a server whose body limit is `maxBodyBytes` (at most 8 KiB, so the chunked one goes over it). */
export function badInputs(maxBodyBytes: number): BadInput[] {
  const good = toolCall("echo", { text: "hi" });
  const { "Mcp-Method": _dropped, ...withoutMethod } = good.headers;
  const post = (what: string, body: BadInput["body"], headers: Record<string, string>, status: number, code: number) =>
    ({ what, method: "POST", headers, body, status, code }) satisfies BadInput;
  return [
    post("malformed JSON", '{"jsonrpc": "2.0", "id": 1, "method": ', good.headers, 400, -32700),
    post("JSON that is not JSON-RPC (an object)", JSON.stringify({ hello: "world" }), good.headers, 400, -32600),
    post("JSON that is not JSON-RPC (a number)", "42", good.headers, 400, -32600),
    post("a wrong Content-Type", good.body, { ...good.headers, "Content-Type": "text/plain" }, 415, -32000),
    post("an oversize body with Content-Length", "x".repeat(maxBodyBytes + 1), good.headers, 413, -32000),
    post("an oversize chunked body (no Content-Length)", { chunks: 8, size: 1024 }, good.headers, 413, -32000),
    post(
      "an unknown method",
      callBody({ _meta: envelope() }, "nope/nothing"),
      modernHeaders("nope/nothing"),
      404,
      -32601,
    ),
    post(
      "initialize sent in 2026 form",
      callBody(
        { _meta: envelope(), protocolVersion: MODERN, capabilities: {}, clientInfo: { name: "x", version: "1" } },
        "initialize",
      ),
      modernHeaders("initialize"),
      404,
      -32601,
    ),
    post(
      "logging/setLevel sent in 2026 form",
      callBody({ _meta: envelope(), level: "debug" }, "logging/setLevel"),
      modernHeaders("logging/setLevel"),
      404,
      -32601,
    ),
    post(
      "an Mcp-Method header that disagrees with the body",
      good.body,
      { ...good.headers, "Mcp-Method": "tools/list" },
      400,
      -32020,
    ),
    post(
      "an Mcp-Name header that disagrees with the body",
      good.body,
      { ...good.headers, "Mcp-Name": "size" },
      400,
      -32020,
    ),
    post("a missing Mcp-Name header on tools/call", good.body, modernHeaders("tools/call"), 400, -32020),
    post("a missing Mcp-Method header", good.body, withoutMethod, 400, -32020),
    post("a missing _meta", callBody({ name: "echo", arguments: { text: "hi" } }), good.headers, 400, -32602),
    post(
      "a _meta without clientCapabilities",
      callBody({
        name: "echo",
        arguments: { text: "hi" },
        _meta: { "io.modelcontextprotocol/protocolVersion": MODERN },
      }),
      good.headers,
      400,
      -32602,
    ),
    post("a foreign Origin", good.body, { ...good.headers, Origin: "https://evil.example" }, 403, -32000),
    { what: "GET", method: "GET", headers: { Accept: "text/event-stream" }, status: 405 },
    { what: "DELETE", method: "DELETE", headers: { "MCP-Protocol-Version": MODERN }, status: 405 },
  ];
}

/** The body of a bad input as `fetch` sends it (a stream is sent chunked). */
export function fetchBody(input: BadInput): RequestInit {
  if (input.body === undefined) return {};
  if (typeof input.body === "string") return { body: input.body };
  return { body: chunkedBody(input.body.chunks, input.body.size), duplex: "half" } as RequestInit;
}
