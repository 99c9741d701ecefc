/**
 * The floor: what answering the bench's requests costs with no MCP library at all. Plain `node:http` (or lines on
 * stdin) and `JSON.parse`: it reads the JSON-RPC message, checks the few fields the answer depends on, and writes the
 * same result bytes the other servers send (the runner compares them during warm-up). No envelope validation, no
 * per-request objects beyond the parsed body, the `tools/list` page serialised once at start-up. The fast
 * path's targets are ratios to this server: it is the price of Node's HTTP parser, a socket write and two JSON calls.
 *
 * It speaks only what the bench sends: 2026-07-28 `tools/call` of `echo` and `tools/list`, and a 2025-11-25
 * `initialize` (the start-up measurement's legacy client). With `--object`, `echo` answers the object the other
 * servers return as structuredContent (and its JSON as text), to a 2026-07-28 call and to a 2025-11-25 one (a call
 * without the `_meta` envelope), which is the only legacy call it answers. Anything else gets a JSON-RPC error.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { echoObject, fillerName, LEGACY, SERVER_NAME, TOOL } from "../protocol.js";
import { announce, parseServerArgs } from "./args.js";

const args = parseServerArgs(process.argv.slice(2));
const SERVER_INFO = { name: SERVER_NAME, version: "1.0.0" };
const RESULT_META = { "io.modelcontextprotocol/serverInfo": SERVER_INFO };

/** The tool list as the other servers list it (mcpsmith's JSON Schemas of the same zod shapes), serialised once. */
function toolList(): string {
  const tools: object[] = [
    {
      name: TOOL,
      description: "Echo the text back",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
  ];
  for (let i = 1; i < args.tools; i++) {
    tools.push({
      name: fillerName(i),
      description: `Filler tool number ${i}: echo the text back`,
      inputSchema: {
        type: "object",
        properties: { text: { type: "string" }, count: { type: "integer" } },
        required: ["text"],
      },
    });
  }
  return JSON.stringify(tools);
}

const TOOLS_JSON = toolList();
// Everything of the 2026-07-28 tools/list answer but the id, encoded once: per request only the id is added.
const LIST_HEAD = Buffer.from(
  `{"result":{"tools":${TOOLS_JSON},"resultType":"complete","ttlMs":60000,"cacheScope":"public","_meta":${JSON.stringify(RESULT_META)}},"jsonrpc":"2.0","id":`,
);

function listAnswer(id: unknown): Buffer {
  return Buffer.concat([LIST_HEAD, Buffer.from(`${JSON.stringify(id)}}`)]);
}

interface Message {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; arguments?: { text?: unknown }; _meta?: Record<string, unknown> };
}

function error(id: unknown, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code, message } });
}

/** The answer to one message, or undefined for a notification. */
function answer(message: Message): string | Buffer | undefined {
  const { id, method, params } = message;
  if (id === undefined) return undefined;
  if (method === "tools/call") {
    const text = params?.arguments?.text;
    if (params?.name !== TOOL) return error(id, -32602, `Unknown tool: ${String(params?.name)}`);
    if (typeof text !== "string") return error(id, -32602, "arguments.text must be a string");
    if (args.object) {
      const structuredContent = echoObject(text);
      const content = [{ type: "text", text: JSON.stringify(structuredContent) }];
      const result =
        params?._meta === undefined
          ? { content, structuredContent }
          : { content, structuredContent, resultType: "complete", _meta: RESULT_META };
      return JSON.stringify({ result, jsonrpc: "2.0", id });
    }
    return JSON.stringify({
      result: { content: [{ type: "text", text }], resultType: "complete", _meta: RESULT_META },
      jsonrpc: "2.0",
      id,
    });
  }
  if (method === "tools/list") {
    // A 2025-11-25 client (no `_meta` envelope) gets the page without the 2026-07-28 fields.
    if (params?._meta === undefined)
      return JSON.stringify({ result: { tools: JSON.parse(TOOLS_JSON) }, jsonrpc: "2.0", id });
    return listAnswer(id);
  }
  if (method === "initialize") {
    return JSON.stringify({
      result: { protocolVersion: LEGACY, capabilities: { tools: {} }, serverInfo: SERVER_INFO },
      jsonrpc: "2.0",
      id,
    });
  }
  return error(id, -32601, `Method not found: ${String(method)}`);
}

function parse(text: string): Message | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Message) : undefined;
  } catch {
    return undefined;
  }
}

const NEWLINE = Buffer.from("\n");

/** One answer line on stdout (named, like `send` below, so that profiles count it as writing). */
function sendLine(reply: string | Buffer): void {
  process.stdout.write(typeof reply === "string" ? `${reply}\n` : Buffer.concat([reply, NEWLINE]));
}

/** An HTTP answer with its length, in one write. */
function send(res: ServerResponse, status: number, reply: string | Buffer | undefined): void {
  if (reply === undefined) {
    res.writeHead(202).end();
    return;
  }
  const body = typeof reply === "string" ? Buffer.from(reply) : reply;
  res.writeHead(status, { "content-type": "application/json", "content-length": body.byteLength });
  res.end(body);
}

if (args.transport === "stdio") {
  createInterface({ input: process.stdin }).on("line", (line) => {
    const message = parse(line);
    const reply = message ? answer(message) : error(null, -32700, "Parse error");
    if (reply !== undefined) sendLine(reply);
  });
  process.stdin.once("end", () => process.exit(0));
} else {
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
      const message = parse(text);
      send(res, message ? 200 : 400, message ? answer(message) : error(null, -32700, "Parse error"));
    });
  });
  http.listen(0, "127.0.0.1", () => {
    announce(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });
}
// A clean exit on SIGTERM, so `--cpu-prof` can write its profile.
process.once("SIGTERM", () => process.exit(0));
