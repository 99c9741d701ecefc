/**
 * The wire messages the bench sends, built once. Both servers get byte-identical requests, so any difference
 * in the figures is the server's.
 */

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

/** The tool both servers expose; the filler tools of the 1,000-tool model share its shape. */
export const TOOL = "echo";
export const ECHO_TEXT = "hello from the bench";

/**
 * What `echo` returns when the servers run with `--object` (the object-result scenarios): an object, sent as
 * structuredContent (checked against the tool's output schema) and as its JSON in a text block.
 */
export function echoObject(text: string): { text: string; length: number } {
  return { text, length: text.length };
}
/** Every server, the floor included, calls itself this, so their answers can be compared byte for byte. */
export const SERVER_NAME = "bench";

const CLIENT_INFO = { name: "mcpsmith-bench", version: "0.0.0" };

/** The per-request envelope every 2026-07-28 request carries. */
export const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
};

export type Headers = Record<string, string>;

export interface HttpCall {
  headers: Headers;
  body: string;
}

const POST_HEADERS: Headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

export function modernToolCall(): HttpCall {
  return {
    headers: {
      ...POST_HEADERS,
      "mcp-protocol-version": MODERN,
      "mcp-method": "tools/call",
      "mcp-name": TOOL,
    },
    body: JSON.stringify(modernToolCallMessage(1)),
  };
}

/** The 2026-07-28 `tools/call` of `echo`, with its `_meta` envelope (over HTTP, its headers go with it). */
export function modernToolCallMessage(id: number): object {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: TOOL, arguments: { text: ECHO_TEXT }, _meta: MODERN_META },
  };
}

export function modernToolsListCall(): HttpCall {
  return {
    headers: { ...POST_HEADERS, "mcp-protocol-version": MODERN, "mcp-method": "tools/list" },
    body: JSON.stringify(modernToolsList(1)),
  };
}

/** A 2025-11-25 client opens with `initialize` (no session: both servers are stateless), then calls. */
export function legacyHandshake(): HttpCall[] {
  return [
    { headers: POST_HEADERS, body: JSON.stringify(initialize(0)) },
    {
      headers: { ...POST_HEADERS, "mcp-protocol-version": LEGACY },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    },
  ];
}

export function legacyToolCall(): HttpCall {
  return {
    headers: { ...POST_HEADERS, "mcp-protocol-version": LEGACY },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: TOOL, arguments: { text: ECHO_TEXT } },
    }),
  };
}

export function initialize(id: number): object {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: CLIENT_INFO },
  };
}

export function modernToolsList(id: number): object {
  return { jsonrpc: "2.0", id, method: "tools/list", params: { _meta: MODERN_META } };
}

export function legacyToolsList(id: number): object {
  return { jsonrpc: "2.0", id, method: "tools/list", params: {} };
}

/** Filler tool names for the large model: `tool_0001` … (the echo tool is the first of the count). */
export function fillerName(index: number): string {
  return `tool_${String(index).padStart(4, "0")}`;
}

/**
 * Reads the JSON-RPC message out of an HTTP answer, whether the server chose a JSON body or an SSE stream.
 * Returns undefined when there is none.
 */
export function messageOf(contentType: string, body: string): Record<string, unknown> | undefined {
  if (contentType.includes("text/event-stream")) {
    for (const line of body.split("\n")) {
      if (line.startsWith("data:")) {
        const data = line.slice(5).trim();
        if (data) return JSON.parse(data) as Record<string, unknown>;
      }
    }
    return undefined;
  }
  return body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
}

/**
 * What a measured answer must be: the echo call's result (with `object`, the object `echoObject` makes, as
 * structuredContent), or a complete tool list of this many tools.
 */
export type Expect = { kind: "echo"; modern: boolean; object?: boolean } | { kind: "list"; tools: number };

export function checkResult(message: Record<string, unknown> | undefined, expect: Expect): string | undefined {
  if (expect.kind === "echo") return checkEchoResult(message, expect.modern, expect.object);
  if (!message) return "no JSON-RPC message in the answer";
  const tools = (message.result as { tools?: unknown[] } | undefined)?.tools;
  if (tools?.length !== expect.tools) return `expected ${expect.tools} tools: ${JSON.stringify(message).slice(0, 300)}`;
  return undefined;
}

/** Why an answer to the echo call is not the expected result, or undefined when it is. */
export function checkEchoResult(
  message: Record<string, unknown> | undefined,
  modern: boolean,
  object = false,
): string | undefined {
  if (!message) return "no JSON-RPC message in the answer";
  if (message.error) return `error: ${JSON.stringify(message.error)}`;
  const result = message.result as
    | {
        content?: { type?: string; text?: string }[];
        structuredContent?: unknown;
        isError?: boolean;
        resultType?: string;
      }
    | undefined;
  if (!result) return `no result: ${JSON.stringify(message)}`;
  if (result.isError) return `isError result: ${JSON.stringify(result)}`;
  const first = result.content?.[0];
  const text = object ? JSON.stringify(echoObject(ECHO_TEXT)) : ECHO_TEXT;
  if (first?.type !== "text" || first.text !== text) return `unexpected content: ${JSON.stringify(result)}`;
  if (object && JSON.stringify(result.structuredContent) !== text) {
    return `unexpected structuredContent: ${JSON.stringify(result)}`;
  }
  if (modern && result.resultType !== "complete") return `2026-07-28 result without resultType "complete"`;
  return undefined;
}
