// The server spans the runtime opens by the MCP semantic conventions, caught by the OpenTelemetry SDK's in-memory
// exporter: one per request, continuing the client's `_meta.traceparent` (or the HTTP `traceparent` header), a tool
// error as status ERROR with `error.type`, and the same span from the fast path and the SDK path, in both eras.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { traceRemoteCall } from "../packages/runtime/dist/internal.js";
import { connectClient } from "./support/clients.js";
import { envelope, modernHeaders, readAnswer } from "./support/http.js";
import { configFolder, stdioRemote } from "./support/remotes.js";
import { type ServeHandle, serve, server, ToolError } from "./support/runtime.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN}-01`;

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

const app = server({ name: "traced", version: "1.0.0" })
  .tool("echo", { description: "Echo", input: z.object({ text: z.string() }) }, ({ text }) => text)
  .tool("refuse", { description: "Always fails" }, () => {
    throw new ToolError("no, never");
  })
  .resource("traced://about", { mimeType: "text/plain" }, () => "about")
  .prompt("ask", { description: "Ask" }, () => "?");

const handles: Record<"fast" | "sdk", ServeHandle> = {} as never;

beforeAll(async () => {
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  handles.fast = await serve(app, { exitOnShutdown: false, fastPath: true, http: { port: 0 } });
  handles.sdk = await serve(app, { exitOnShutdown: false, fastPath: false, http: { port: 0 } });
});

afterAll(async () => {
  await handles.fast?.close();
  await handles.sdk?.close();
  trace.disable();
  propagation.disable();
  context.disable();
  await provider.shutdown();
});

beforeEach(() => exporter.reset());

let nextId = 1;

/** A 2026-07-28 request, with `_meta` entries besides the envelope and extra headers. */
async function modern(
  side: "fast" | "sdk",
  method: string,
  params: Record<string, unknown>,
  options: { meta?: Record<string, unknown>; headers?: Record<string, string>; name?: string } = {},
) {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: nextId++,
    method,
    params: { ...params, _meta: { ...envelope(), ...options.meta } },
  });
  const headers = { ...modernHeaders(method, options.name), ...options.headers };
  return readAnswer(await fetch(handles[side].url!, { method: "POST", headers, body }));
}

/** What a span says, without what differs from run to run (ids, times, the request id's value). */
function shape(span: ReadableSpan) {
  const { "jsonrpc.request.id": id, ...attributes } = span.attributes;
  return {
    name: span.name,
    kind: span.kind,
    attributes,
    hasRequestId: typeof id === "string",
    status: span.status,
    traceId: span.spanContext().traceId,
    parentSpanId: span.parentSpanContext?.spanId,
  };
}

function onlySpan() {
  const spans = exporter.getFinishedSpans();
  expect(spans.map((span) => span.name)).toHaveLength(1);
  return shape(spans[0]!);
}

describe.each(["fast", "sdk"] as const)("the server span (%s path, 2026-07-28)", (side) => {
  it("of a tool call, continuing the client's _meta.traceparent", async () => {
    const answer = await modern(
      side,
      "tools/call",
      { name: "echo", arguments: { text: "hi" } },
      {
        meta: { traceparent: TRACEPARENT },
        name: "echo",
      },
    );
    expect(answer.message.result).toMatchObject({ content: [{ type: "text", text: "hi" }] });
    expect(onlySpan()).toEqual({
      name: "tools/call echo",
      kind: SpanKind.SERVER,
      attributes: {
        "mcp.method.name": "tools/call",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "echo",
        "mcp.protocol.version": "2026-07-28",
        "network.transport": "tcp",
        "network.protocol.name": "http",
      },
      hasRequestId: true,
      status: { code: SpanStatusCode.UNSET },
      traceId: TRACE_ID,
      parentSpanId: CLIENT_SPAN,
    });
  });

  it("of a tool that fails: status ERROR, error.type tool_error, though JSON-RPC answers a result", async () => {
    const answer = await modern(side, "tools/call", { name: "refuse", arguments: {} }, { name: "refuse" });
    expect(answer.message.result).toMatchObject({ isError: true });
    const span = onlySpan();
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span.attributes["error.type"]).toBe("tool_error");
  });

  it("of a refused request: the JSON-RPC error code as error.type", async () => {
    const answer = await modern(side, "tools/call", { name: "missing", arguments: {} }, { name: "missing" });
    const code = answer.message.error?.code;
    expect(code).toBeTypeOf("number");
    const span = onlySpan();
    expect(span.name).toBe("tools/call missing");
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes["error.type"]).toBe(String(code));
    expect(span.attributes["rpc.response.status_code"]).toBe(String(code));
  });

  it("continues the HTTP traceparent header when _meta carries none", async () => {
    await modern(side, "tools/list", {}, { headers: { traceparent: TRACEPARENT } });
    expect(onlySpan()).toMatchObject({ name: "tools/list", traceId: TRACE_ID, parentSpanId: CLIENT_SPAN });
  });

  it("of a resource read and a prompt", async () => {
    await modern(side, "resources/read", { uri: "traced://about" }, { name: "traced://about" });
    expect(onlySpan()).toMatchObject({
      name: "resources/read traced://about",
      attributes: { "mcp.method.name": "resources/read", "mcp.resource.uri": "traced://about" },
    });
    exporter.reset();
    await modern(side, "prompts/get", { name: "ask" }, { name: "ask" });
    expect(onlySpan()).toMatchObject({ name: "prompts/get ask", attributes: { "gen_ai.prompt.name": "ask" } });
  });
});

describe("the fast path and the SDK path", () => {
  it("open the same spans for the same requests", async () => {
    const requests: [string, Record<string, unknown>, string?][] = [
      ["tools/call", { name: "echo", arguments: { text: "hi" } }, "echo"],
      ["tools/call", { name: "refuse", arguments: {} }, "refuse"],
      ["tools/call", { name: "missing", arguments: {} }, "missing"],
      ["tools/list", {}],
      ["resources/list", {}],
      ["resources/read", { uri: "traced://about" }, "traced://about"],
      ["prompts/list", {}],
      ["prompts/get", { name: "ask" }, "ask"],
      ["server/discover", {}],
    ];
    const spansOf = async (side: "fast" | "sdk") => {
      exporter.reset();
      for (const [method, params, name] of requests) {
        await modern(side, method, params, { meta: { traceparent: TRACEPARENT }, ...(name && { name }) });
      }
      return exporter.getFinishedSpans().map(shape);
    };
    const fast = await spansOf("fast");
    expect(fast).toHaveLength(requests.length);
    expect(await spansOf("sdk")).toEqual(fast);
  });
});

describe("the server span on a legacy session", () => {
  /** The spans of one legacy session's requests, made by the official client, without the session's own id. */
  async function legacySpans(side: "fast" | "sdk") {
    // The official client's default mode: a legacy session (it speaks 2025-11-25 to a server that offers it).
    const client = new Client({ name: "telemetry-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(handles[side].url!));
    try {
      exporter.reset();
      await client.callTool({ name: "echo", arguments: { text: "hi" }, _meta: { traceparent: TRACEPARENT } });
      await client.callTool({ name: "refuse", arguments: {} });
      await client.listTools();
      return exporter.getFinishedSpans().map((span) => {
        const { "mcp.session.id": session, ...attributes } = shape(span).attributes;
        expect(session).toEqual(expect.any(String));
        // A request that carries no trace starts one of its own, with an id of its own.
        const traceId = span.spanContext().traceId === TRACE_ID ? TRACE_ID : "a new trace";
        return { ...shape(span), attributes, traceId };
      });
    } finally {
      await client.close();
    }
  }

  it("carries the negotiated version and the session, and continues _meta.traceparent", async () => {
    const spans = await legacySpans("fast");
    expect(spans.find((span) => span.name === "tools/call echo")).toMatchObject({
      kind: SpanKind.SERVER,
      attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "echo", "mcp.protocol.version": "2025-11-25" },
      traceId: TRACE_ID,
      parentSpanId: CLIENT_SPAN,
    });
    expect(spans.find((span) => span.name === "tools/call refuse")?.attributes["error.type"]).toBe("tool_error");
  });

  it("is the same from the fast path and the SDK path", async () => {
    const fast = await legacySpans("fast");
    expect(fast.map((span) => span.name)).toEqual(["tools/call echo", "tools/call refuse", "tools/list"]);
    expect(await legacySpans("sdk")).toEqual(fast);
  });
});

describe("a call to a remote MCP server", () => {
  it("is a client span whose context the request carries on in _meta.traceparent", async () => {
    const parent = trace.setSpanContext(context.active(), {
      traceId: TRACE_ID,
      spanId: CLIENT_SPAN,
      traceFlags: 1,
      isRemote: true,
    });
    const request = { method: "tools/call", params: { name: "search", arguments: {}, _meta: { other: 1 } } };
    const sent = await context.with(parent, () => traceRemoteCall(request, async (outgoing) => outgoing));
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      name: "tools/call search",
      kind: SpanKind.CLIENT,
      attributes: { "mcp.method.name": "tools/call", "gen_ai.tool.name": "search" },
    });
    expect(span!.parentSpanContext?.spanId).toBe(CLIENT_SPAN);
    expect(sent.params._meta).toEqual({ other: 1, traceparent: `00-${TRACE_ID}-${span!.spanContext().spanId}-01` });
    expect(request.params._meta).toEqual({ other: 1 });
  });
});

describe("a remote MCP server composed as a source", () => {
  it("is called inside a client span whose context reaches the remote in _meta.traceparent", async () => {
    const folder = configFolder();
    const composition = await folder.compose({ sources: { notes: { mcp: stdioRemote("v2") } } });
    try {
      const client = await connectClient("v2 pinned 2026-07-28", { transport: "in-memory", target: composition.model });
      exporter.reset();
      // The test client's type lists no `_meta`; the official client sends what the params hold.
      const params = { name: "notes_traceparent", arguments: {}, _meta: { traceparent: TRACEPARENT } };
      const result = await client.callTool(params);
      const spans = exporter.getFinishedSpans();
      const remoteCall = spans.find((span) => span.kind === SpanKind.CLIENT);
      const served = spans.find((span) => span.kind === SpanKind.SERVER);
      expect(served?.name).toBe("tools/call notes_traceparent");
      expect(remoteCall).toMatchObject({ name: "tools/call traceparent" });
      expect(remoteCall!.parentSpanContext?.spanId).toBe(served!.spanContext().spanId);
      const seen = (result.content as { text: string }[])[0]!.text;
      expect(seen).toBe(`00-${TRACE_ID}-${remoteCall!.spanContext().spanId}-01`);
      await client.close();
    } finally {
      await composition.close();
      folder.remove();
    }
  });
});
