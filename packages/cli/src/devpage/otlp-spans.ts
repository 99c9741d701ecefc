import { isJsonObject as isObject } from "../json.js";
import type { SpanView } from "./model.js";

// The OTLP/JSON encoding of an export (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding): ids are hex strings,
// 64-bit integers may come as strings, attribute values are `AnyValue` objects. Only what the page shows is read;
// anything malformed is skipped, so a server with a broken exporter cannot take the page down.

/** The spans of one OTLP/JSON `ExportTraceServiceRequest`. */
export function spansOfExport(body: unknown): SpanView[] {
  const spans: SpanView[] = [];
  for (const resource of arrayAt(body, "resourceSpans")) {
    for (const scope of arrayAt(resource, "scopeSpans")) {
      for (const span of arrayAt(scope, "spans")) {
        const view = spanView(span);
        if (view) spans.push(view);
      }
    }
  }
  return spans;
}

// SpanKind: 2 SERVER, 3 CLIENT.
const SERVER = 2;
const CLIENT = 3;
// Status code: 1 OK, 2 ERROR.
const STATUS = { 1: "ok", 2: "error" } as const;

function spanView(span: unknown): SpanView | undefined {
  if (!isObject(span)) return undefined;
  const { traceId, spanId, name } = span;
  if (typeof traceId !== "string" || typeof spanId !== "string" || typeof name !== "string") return undefined;
  const attributes = attributesOf(span.attributes);
  const start = nanos(span.startTimeUnixNano);
  const end = nanos(span.endTimeUnixNano);
  const status = isObject(span.status) ? span.status : {};
  const code = Number(status.code ?? 0);
  const view: SpanView = {
    traceId: traceId.toLowerCase(),
    spanId: spanId.toLowerCase(),
    name,
    kind: "other",
    start: start / 1e6,
    durationMs: Math.max(0, (end - start) / 1e6),
    status: code === 1 || code === 2 ? STATUS[code] : "unset",
    attributes,
  };
  if (typeof span.parentSpanId === "string" && span.parentSpanId !== "") view.parentSpanId = span.parentSpanId;
  if (typeof status.message === "string" && status.message !== "") view.statusMessage = status.message;
  classify(view, Number(span.kind ?? 0));
  return view;
}

/** What the span is, by the conventions' attributes: an HTTP request, an SQL statement, an MCP request. */
function classify(view: SpanView, kind: number): void {
  const at = view.attributes;
  const text = at["db.query.text"];
  if (typeof text === "string") {
    view.kind = "sql";
    view.sql = { text };
    if (typeof at["db.system.name"] === "string") view.sql.system = at["db.system.name"];
    if (typeof at["db.operation.name"] === "string") view.sql.operation = at["db.operation.name"];
    return;
  }
  const method = at["http.request.method"];
  const url = at["url.full"];
  if (kind === CLIENT && typeof method === "string" && typeof url === "string") {
    view.kind = "http";
    view.http = { method, url };
    const status = at["http.response.status_code"];
    if (typeof status === "number") view.http.status = status;
    return;
  }
  if (typeof at["mcp.method.name"] === "string") view.kind = kind === SERVER ? "server" : "mcp-client";
}

function attributesOf(list: unknown): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.key !== "string") continue;
    const value = anyValue(entry.value);
    if (value !== undefined) attributes[entry.key] = value;
  }
  return attributes;
}

function anyValue(value: unknown): string | number | boolean | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.stringValue === "string") return value.stringValue;
  if (typeof value.boolValue === "boolean") return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (isObject(value.arrayValue) && Array.isArray(value.arrayValue.values)) {
    return value.arrayValue.values.map(anyValue).join(", ");
  }
  return undefined;
}

function nanos(value: unknown): number {
  const number = typeof value === "string" || typeof value === "number" ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

function arrayAt(value: unknown, key: string): unknown[] {
  if (!isObject(value)) return [];
  const found = value[key];
  return Array.isArray(found) ? found : [];
}
