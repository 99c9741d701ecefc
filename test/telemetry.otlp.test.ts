// One trace end to end, as a backend receives it: `startTelemetry()` (what `mcpsmith serve` and generated Node
// projects call) set up from OTEL_* variables, exporting OTLP/HTTP to a receiver in this test; a client's
// `_meta.traceparent` continued by the tool's server span, with the upstream HTTP request (a mock API on 127.0.0.1,
// which gets the trace in its `traceparent` header) and the SQL statement (SQLite) as children; and the
// `mcp.server.operation.duration` metric. Then `mcpsmith serve` itself, exporting protobuf.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusFile } from "@mcpsmith/corpus";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHttpExecutor } from "../packages/runtime/dist/executors/http/index.js";
import { createSqlExecutor } from "../packages/runtime/dist/executors/sql/index.js";
import { startTelemetry, type TelemetryHandle } from "../packages/runtime/dist/telemetry/index.js";
import { CHINOOK } from "./sql-executor.chinook.test-support.js";
import { connectClient } from "./support/clients.js";
import { envelope, modernHeaders, readAnswer } from "./support/http.js";
import { type ServeHandle, serve, server } from "./support/runtime.js";
import { ROOT, stdioCommand } from "./support/servers.js";
import { startUpstream, type Upstream } from "./support/upstream.js";

const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const CLIENT_SPAN = "b7ad6b7169203331";
const API_KEY = "otlp-test-key-123456";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
}

/** An OTLP/HTTP receiver: every export request's body, by path, and a way to wait for what a test expects. */
class Receiver {
  readonly bodies: { path: string; contentType: string; body: Buffer }[] = [];
  readonly #server: Server;
  #waiters: (() => void)[] = [];

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        this.bodies.push({
          path: req.url ?? "",
          contentType: req.headers["content-type"] ?? "",
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
        for (const waiter of this.#waiters.splice(0)) waiter();
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Resolves once `found` finds what it looks for in what has arrived. */
  async until<T>(found: () => T | undefined): Promise<T> {
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  spans(): OtlpSpan[] {
    return this.#json("/v1/traces").flatMap((body) =>
      (body.resourceSpans ?? []).flatMap((rs: { scopeSpans?: { spans?: OtlpSpan[] }[] }) =>
        (rs.scopeSpans ?? []).flatMap((ss) => ss.spans ?? []),
      ),
    );
  }

  metricNames(): string[] {
    return this.#json("/v1/metrics").flatMap((body) =>
      (body.resourceMetrics ?? []).flatMap((rm: { scopeMetrics?: { metrics?: { name: string }[] }[] }) =>
        (rm.scopeMetrics ?? []).flatMap((sm) => (sm.metrics ?? []).map((metric) => metric.name)),
      ),
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: OTLP/JSON as received
  #json(path: string): any[] {
    return this.bodies.filter((entry) => entry.path === path).map((entry) => JSON.parse(entry.body.toString("utf8")));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

function attribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

describe("a trace from a client's _meta.traceparent, through a tool, to its upstream request and SQL", () => {
  const receiver = new Receiver();
  const dir = mkdtempSync(join(tmpdir(), "otlp-"));
  let upstream: Upstream;
  let telemetry: TelemetryHandle | undefined;
  let handle: ServeHandle;
  const saved = { ...process.env };

  beforeAll(async () => {
    const endpoint = await receiver.listen();
    upstream = await startUpstream(() => ({ json: { genre: "rock" } }));
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "otlp-test",
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
      OTLP_TEST_API_KEY: API_KEY,
    });
    telemetry = await startTelemetry();
    const file = join(dir, "chinook.sqlite");
    copyFileSync(corpusFile("sql/chinook.sqlite"), file);
    const sql = createSqlExecutor(CHINOOK, { connection: `sqlite:${file}` });
    const http = createHttpExecutor({
      servers: [{ url: upstream.url }],
      securitySchemes: { key: { type: "apiKey", in: "query", name: "api_key", env: "OTLP_TEST_API_KEY" } },
    });
    const genre = { method: "GET", path: "/genres/{id}", security: [["key"]], parameters: [] };
    const app = server({ name: "otlp", version: "1.0.0" }).tool(
      "artist_with_genre",
      { description: "An artist, and its genre from the API", input: z.object({ id: z.number() }) },
      async ({ id }, ctx) => {
        const artist = await sql.call({ kind: "get", table: { name: "Artist" } }, { ArtistId: id }, ctx);
        const found = await http.call(
          {
            ...genre,
            parameters: [{ name: "id", argument: "id", in: "path", style: "simple", explode: false, required: true }],
          },
          { id },
          ctx,
        );
        return JSON.stringify({ artist: artist.structuredContent, genre: found });
      },
    );
    handle = await serve(app, { exitOnShutdown: false, http: { port: 0 } });
  });

  afterAll(async () => {
    await handle?.close();
    await telemetry?.shutdown();
    process.env = saved;
    await upstream?.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("arrives at the receiver whole, with the operation metric", async () => {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "artist_with_genre",
        arguments: { id: 1 },
        _meta: { ...envelope(), traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-01` },
      },
    });
    const answer = await readAnswer(
      await fetch(handle.url!, { method: "POST", headers: modernHeaders("tools/call", "artist_with_genre"), body }),
    );
    expect(answer.message.result?.isError).toBeUndefined();
    // The upstream API was told the trace, with a span of its own as the parent.
    const traceparent = upstream.last().headers.traceparent;
    expect(traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

    // A legacy session, opened and ended by the official client: its duration is the session metric.
    const client = new Client({ name: "otlp-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(handle.url!);
    await client.connect(transport);
    await client.listTools();
    await transport.terminateSession();
    await client.close();

    await telemetry!.shutdown();
    const spans = await receiver.until(() => {
      const found = receiver.spans().filter((span) => span.traceId === TRACE_ID);
      return found.length >= 3 ? found : undefined;
    });
    const tool = spans.find((span) => span.name === "tools/call artist_with_genre")!;
    expect(tool.parentSpanId).toBe(CLIENT_SPAN);
    expect(attribute(tool, "gen_ai.tool.name")).toBe("artist_with_genre");
    expect(attribute(tool, "mcp.method.name")).toBe("tools/call");

    const request = spans.find((span) => span.name === "GET")!;
    expect(request.parentSpanId).toBe(tool.spanId);
    expect(traceparent).toBe(`00-${TRACE_ID}-${request.spanId}-01`);
    expect(attribute(request, "http.request.method")).toBe("GET");
    expect(attribute(request, "http.response.status_code")).toBe(200);
    expect(attribute(request, "url.full")).toBe(`${upstream.url}/genres/1?api_key=REDACTED`);
    expect(JSON.stringify(spans)).not.toContain(API_KEY);

    const statement = spans.find((span) => attribute(span, "db.system.name") === "sqlite")!;
    expect(statement.parentSpanId).toBe(tool.spanId);
    expect(attribute(statement, "db.operation.name")).toBe("SELECT");
    const text = attribute(statement, "db.query.text") as string;
    expect(text).toMatch(/^SELECT .*"Artist".*\?/s);
    expect(text).not.toMatch(/= ?1\b/);

    expect(receiver.metricNames()).toEqual(
      expect.arrayContaining(["mcp.server.operation.duration", "mcp.server.session.duration"]),
    );
  });
});

describe("mcpsmith serve with OTEL_* variables", () => {
  it("exports its spans over OTLP/HTTP in protobuf, sent in full when the host closes it", async () => {
    const receiver = new Receiver();
    const endpoint = await receiver.listen();
    const dir = mkdtempSync(join(tmpdir(), "otlp-serve-"));
    try {
      const file = join(dir, "chinook.sqlite");
      copyFileSync(corpusFile("sql/chinook.sqlite"), file);
      const command = stdioCommand(join(ROOT, "packages/cli/dist/bin.js"), ["serve", "db", file]);
      const env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "serve-db-test" };
      const client = await connectClient("v2 auto", { transport: "stdio", command: { ...command, env } });
      await client.callTool({ name: "list_Artist", arguments: { limit: 1 } });
      await client.close();
      const traces = await receiver.until(() => {
        const found = receiver.bodies.filter((entry) => entry.path === "/v1/traces");
        return found.length > 0 ? found : undefined;
      });
      expect(traces[0]!.contentType).toBe("application/x-protobuf");
      // The protobuf encoding keeps strings as they are: the span's name and the service's are in the bytes.
      const bytes = Buffer.concat(traces.map((entry) => entry.body)).toString("latin1");
      expect(bytes).toContain("tools/call list_Artist");
      expect(bytes).toContain("serve-db-test");
      expect(bytes).toContain("db.query.text");
    } finally {
      await receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
