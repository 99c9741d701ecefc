import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { guardProblem, resolveGuards } from "@mcpsmith/runtime/internal-http";
import { isJsonObject } from "../json.js";
import { type PageAsset, pageAssets } from "./assets.js";
import type { CallOutcome, PageUpdate } from "./model.js";
import { receiveTraces } from "./otlp-receiver.js";
import { json, plain, readLimited, SECURITY_HEADERS } from "./replies.js";
import type { PageStore } from "./store.js";

/** What the page asks the dev process to do: call a tool with its form, answer a question the tool asked. */
export interface PageActions {
  call(tool: string, args: Record<string, unknown>): Promise<CallOutcome>;
  answer(inputId: string, answer: { action: string; content?: Record<string, unknown> }): boolean;
}

export interface PageServer {
  /** The page's address, token included: the only way in. */
  url: URL;
  /** Where the server's OTLP exporter sends its spans (`OTEL_EXPORTER_OTLP_ENDPOINT`). */
  otlpEndpoint: string;
  close(): Promise<void>;
}

/** The largest body the page's API and the span receiver read. */
const MAX_API_BODY = 1024 * 1024;
const MAX_TRACES_BODY = 8 * 1024 * 1024;
/** Open pages at once; each holds an event stream. */
const MAX_STREAMS = 16;
/** A page that stops reading its event stream is cut off (it reconnects and gets the whole state) past this. */
const MAX_UNREAD = 8 * 1024 * 1024;

/**
 * The dev page's HTTP server, on 127.0.0.1 at a port of its own. Everything lives under a random token (`/<token>/`),
 * and every request passes the MCP endpoint's Host and Origin checks first, since the page can call tools: a page on
 * another site cannot reach it, and neither can one that does not know the token. It serves the page's files, its
 * event stream and API, and the OTLP/HTTP receiver the server's spans arrive at.
 */
export async function startPageServer(store: PageStore, actions: PageActions, port = 0): Promise<PageServer> {
  const token = randomBytes(24).toString("base64url");
  const assets = pageAssets();
  const guards = resolveGuards({});
  let streams = 0;

  const server: Server = createServer((incoming, outgoing) => {
    const problem = guardProblem(guards, incoming.headers.host ?? "", incoming.headers.origin);
    if (problem !== undefined) return plain(outgoing, 403, problem);
    const path = new URL(incoming.url ?? "/", "http://page").pathname;
    const route = routeOf(path, token);
    if (route === undefined) return plain(outgoing, 404, "Not found");
    void serve(route, incoming, outgoing).catch(() => outgoing.destroy());
  });

  async function serve(route: string, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const method = incoming.method ?? "GET";
    if (route === "api/events" && method === "GET") return openStream(outgoing);
    if (route === "v1/traces" && method === "POST") return receiveTraces(incoming, outgoing, store, MAX_TRACES_BODY);
    if (route === "api/call" && method === "POST") {
      const body = await jsonBody(incoming);
      if (!isJsonObject(body) || typeof body.tool !== "string") return plain(outgoing, 400, "Send { tool, arguments }");
      const args = isJsonObject(body.arguments) ? body.arguments : {};
      return json(outgoing, 200, await actions.call(body.tool, args));
    }
    if (route === "api/input" && method === "POST") {
      const body = await jsonBody(incoming);
      if (!isJsonObject(body) || typeof body.id !== "string" || typeof body.action !== "string") {
        return plain(outgoing, 400, "Send { id, action, content }");
      }
      const content = isJsonObject(body.content) ? body.content : undefined;
      const answered = actions.answer(body.id, { action: body.action, ...(content && { content }) });
      return json(outgoing, answered ? 200 : 404, { answered });
    }
    const asset = method === "GET" ? assets.get(route === "" ? "index.html" : route) : undefined;
    if (asset) return sendAsset(outgoing, asset);
    plain(outgoing, 404, "Not found");
  }

  function openStream(outgoing: ServerResponse): void {
    if (streams >= MAX_STREAMS) {
      plain(outgoing, 429, "Too many open pages; close one");
      return;
    }
    streams++;
    outgoing.writeHead(200, { ...SECURITY_HEADERS, "content-type": "text/event-stream" });
    const send = (update: PageUpdate) => {
      if (outgoing.writableLength > MAX_UNREAD) return void outgoing.destroy();
      outgoing.write(`data: ${JSON.stringify(update)}\n\n`);
    };
    send({ type: "state", state: store.state() });
    const stop = store.listen(send);
    outgoing.once("close", () => {
      streams--;
      stop();
    });
  }

  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(port, "127.0.0.1", () => listening());
  });
  const { port: bound } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${bound}/${token}`;
  return {
    url: new URL(`${base}/`),
    otlpEndpoint: base,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

/** The path under the token, or undefined for any path outside it (compared in constant time). */
function routeOf(path: string, token: string): string | undefined {
  const [, first = "", ...rest] = path.split("/");
  const given = Buffer.from(first);
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return rest.join("/");
}

async function jsonBody(incoming: IncomingMessage): Promise<unknown> {
  const body = await readLimited(incoming, MAX_API_BODY);
  try {
    return body === undefined ? undefined : JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function sendAsset(outgoing: ServerResponse, asset: PageAsset): void {
  outgoing.writeHead(200, { ...SECURITY_HEADERS, "content-type": asset.type });
  outgoing.end(asset.body);
}
