import { writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  answerMessages,
  completeEvents,
  HOP_HEADERS,
  issuedValues,
  type RecordedExchange,
  type Recording,
} from "./traffic.js";

export interface TrafficRecorder {
  /** The upstream's URL, through the proxy. */
  url: URL;
  /** Names the run the next requests belong to. */
  startRun(name: string): void;
  /** Writes what was recorded so far as a `Recording`. */
  write(file: string, about: Pick<Recording, "about" | "recapture">): void;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of `upstream` that records every request it passes on (test/support/traffic.ts says
 * what is kept). Answers are passed through untouched and streamed as they come; only the values they issue are
 * kept, so that a replay can send back the ones its own server issued.
 */
export async function recordTraffic(upstream: URL): Promise<TrafficRecorder> {
  if (upstream.hostname !== "127.0.0.1") throw new Error(`tests stay on 127.0.0.1, not ${upstream.hostname}`);
  const exchanges: RecordedExchange[] = [];
  /** The exchanges whose answers are still coming, with their text so far. */
  const open = new Map<number, string>();
  let run = "";
  let lastSent = Date.now();

  const proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks);
      const now = Date.now();
      const exchange: RecordedExchange = {
        index: exchanges.length,
        run,
        method: incoming.method ?? "GET",
        path: incoming.url ?? "/",
        headers: kept(incoming.headers),
        ...(body.length > 0 && { body: body.toString("utf8") }),
        open: [...open].map(([index, text]) => ({ index, events: completeEvents(text) })),
        gapMs: now - lastSent,
        endedBy: "server",
        issued: [],
      };
      exchanges.push(exchange);
      lastSent = now;
      open.set(exchange.index, "");
      const forward = httpRequest(
        new URL(exchange.path, upstream),
        { method: exchange.method, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          let text = "";
          answer.setEncoding("utf8");
          answer.on("data", (chunk: string) => {
            text += chunk;
            open.set(exchange.index, text);
            outgoing.write(chunk);
          });
          answer.on("end", () => {
            exchange.issued = issuedValues(
              header(answer.headers, "mcp-session-id"),
              answerMessages(header(answer.headers, "content-type"), text),
            );
            open.delete(exchange.index);
            outgoing.end();
          });
          outgoing.on("close", () => {
            if (answer.complete) return;
            // The client stopped reading (a stream it no longer needs): so does the proxy.
            exchange.endedBy = "client";
            exchange.issued = issuedValues(header(answer.headers, "mcp-session-id"), []);
            open.delete(exchange.index);
            forward.destroy();
          });
        },
      );
      forward.on("error", () => outgoing.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;

  return {
    url: new URL(`${upstream.pathname}${upstream.search}`, `http://127.0.0.1:${port}`),
    startRun(name) {
      run = name;
    },
    write(file, about) {
      // One exchange a line: a recapture's diff shows which requests changed.
      const lines = exchanges.map((exchange) => JSON.stringify(exchange));
      const head = JSON.stringify(about).slice(0, -1);
      writeFileSync(file, `${head},"exchanges":[\n${lines.join(",\n")}\n]}\n`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

function kept(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    result[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return result;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
