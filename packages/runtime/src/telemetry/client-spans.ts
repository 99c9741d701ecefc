import type { Attributes, Span } from "@opentelemetry/api";
import { activeTelemetry } from "./active.js";
import type { OtelApi } from "./api.js";
import {
  DB_NAMESPACE,
  DB_OPERATION,
  DB_QUERY,
  DB_SYSTEM,
  ERROR_TYPE,
  GEN_AI_TOOL,
  HTTP_METHOD,
  HTTP_STATUS,
  MCP_METHOD,
  MESSAGING_DESTINATION,
  MESSAGING_OPERATION,
  MESSAGING_OPERATION_TYPE,
  MESSAGING_SYSTEM,
  SERVER_ADDRESS,
  SERVER_PORT,
  URL_FULL,
} from "./conventions.js";
import { injectHeaders, metaWithTrace } from "./propagation.js";

/** The span `work` runs in, and the API it was made with. */
interface Traced {
  readonly span: Span;
  readonly api: typeof OtelApi;
}

/**
 * Runs `work` inside a span of its own, a child of the active one (the request's server span): ended when `work`
 * settles, an error when it throws. Without a tracer provider, `work` runs alone and gets no span.
 */
export async function withSpan<T>(
  name: string,
  kind: "CLIENT" | "PRODUCER",
  attributes: Attributes,
  work: (traced: Traced | undefined) => Promise<T>,
): Promise<T> {
  const telemetry = activeTelemetry();
  const tracer = telemetry?.tracer;
  if (telemetry === undefined || tracer === undefined) return work(undefined);
  const { api } = telemetry;
  const span = tracer.startSpan(name, { kind: api.SpanKind[kind], attributes });
  try {
    return await api.context.with(api.trace.setSpan(api.context.active(), span), () => work({ span, api }));
  } catch (error) {
    failed(api, span, error instanceof Error ? error.name : "_OTHER", error);
    throw error;
  } finally {
    span.end();
  }
}

function failed(api: typeof OtelApi, span: Span, errorType: string, error?: unknown): void {
  span.setAttribute(ERROR_TYPE, errorType);
  span.setStatus({
    code: api.SpanStatusCode.ERROR,
    ...(error instanceof Error && { message: error.message }),
  });
}

/**
 * One HTTP request to an upstream API, by the HTTP client conventions: named by its method, with `url.full`
 * (credentials left out), the status, and an error from 400 up. The request carries the trace onward in W3C
 * `traceparent` (and `tracestate`) headers, added to `headers` before `send` reads them.
 */
export function traceHttpRequest(
  request: { method: string; url: string; headers: Headers; secrets: readonly string[] },
  send: () => Promise<Response>,
): Promise<Response> {
  if (activeTelemetry()?.tracer === undefined) return send();
  const url = new URL(request.url);
  const attributes: Attributes = {
    [HTTP_METHOD]: request.method,
    [URL_FULL]: redactedUrl(url, request.secrets),
    [SERVER_ADDRESS]: url.hostname,
    [SERVER_PORT]: Number(url.port) || (url.protocol === "https:" ? 443 : 80),
  };
  return withSpan(request.method, "CLIENT", attributes, async (traced) => {
    if (traced === undefined) return send();
    const { span, api } = traced;
    injectHeaders(api, request.headers, api.context.active());
    const response = await send();
    span.setAttribute(HTTP_STATUS, response.status);
    if (response.status >= 400) failed(api, span, String(response.status));
    return response;
  });
}

/**
 * A URL as a span may show it: no user name or password, and `REDACTED` for every query value that is one of the
 * request's credentials (an API key in the query), as the HTTP conventions ask.
 */
export function redactedUrl(url: URL, secrets: readonly string[]): string {
  const shown = new URL(url);
  if (shown.username !== "" || shown.password !== "") {
    shown.username = "REDACTED";
    shown.password = "REDACTED";
  }
  if (secrets.length > 0) {
    for (const [name, value] of [...shown.searchParams]) {
      if (secrets.includes(value)) shown.searchParams.set(name, "REDACTED");
    }
  }
  return shown.href;
}

/** The database systems, as `db.system.name` spells them. */
const DB_SYSTEMS: Readonly<Record<string, string>> = { postgres: "postgresql", mysql: "mysql", sqlite: "sqlite" };

/**
 * One SQL statement, by the database conventions: `db.query.text` is the statement as sent, whose values are all
 * placeholders; the values themselves never reach a span. `sanitize` says the text is not the executor's own (the
 * `query` tool's SQL), so its literals are replaced by `?` first.
 */
export function traceStatement<T>(
  statement: { dialect: string; database: string | undefined; text: string; sanitize?: boolean },
  run: () => Promise<T>,
): Promise<T> {
  if (activeTelemetry()?.tracer === undefined) return run();
  const text = statement.sanitize ? withoutLiterals(statement.text) : statement.text;
  const operation = /^\s*\(?\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
  const system = DB_SYSTEMS[statement.dialect] ?? statement.dialect;
  const attributes: Attributes = { [DB_SYSTEM]: system, [DB_QUERY]: text };
  if (operation !== undefined) attributes[DB_OPERATION] = operation;
  if (statement.database !== undefined) attributes[DB_NAMESPACE] = statement.database;
  const target = statement.database ?? system;
  return withSpan(operation === undefined ? target : `${operation} ${target}`, "CLIENT", attributes, run);
}

/** SQL text with its string, number and hex literals replaced by `?` (the conventions' sanitised form). */
function withoutLiterals(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, "?")
    .replace(/\bx'[0-9a-f]*'/gi, "?")
    .replace(/(?<![\w$.])\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi, "?");
}

/** A publish on the Redis bus, by the messaging conventions. */
export function tracePublish<T>(channel: string, publish: () => Promise<T>): Promise<T> {
  if (activeTelemetry()?.tracer === undefined) return publish();
  const attributes: Attributes = {
    [MESSAGING_SYSTEM]: "redis",
    [MESSAGING_OPERATION]: "publish",
    [MESSAGING_OPERATION_TYPE]: "send",
    [MESSAGING_DESTINATION]: channel,
  };
  return withSpan(`publish ${channel}`, "PRODUCER", attributes, publish);
}

/** An MCP request to another server, as a client sends it. */
export interface RemoteRequest {
  method: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

/**
 * A call to a remote MCP server, by the MCP conventions: a client span named like the server span it leads to
 * (`{mcp.method.name} {target}`), whose context the request carries on in `_meta.traceparent` (and `tracestate`),
 * where the remote server continues the trace. `send` gets the request to send; without a tracer provider, the
 * request as given.
 */
export function traceRemoteCall<R extends RemoteRequest, T>(request: R, send: (request: R) => Promise<T>): Promise<T> {
  if (activeTelemetry()?.tracer === undefined) return send(request);
  const target = request.method === "resources/read" ? request.params?.uri : request.params?.name;
  const name = typeof target === "string" ? `${request.method} ${target}` : request.method;
  const attributes: Attributes = { [MCP_METHOD]: request.method };
  if (request.method === "tools/call" && typeof target === "string") attributes[GEN_AI_TOOL] = target;
  return withSpan(name, "CLIENT", attributes, (traced) => {
    if (traced === undefined) return send(request);
    const { api } = traced;
    const _meta = metaWithTrace(api, request.params?._meta, api.context.active());
    return send({ ...request, params: { ...request.params, _meta } });
  });
}
