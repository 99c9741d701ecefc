import type { Context, TextMapGetter, TextMapSetter } from "@opentelemetry/api";
import type { OtelApi } from "./api.js";
import { TRACE_CONTEXT_KEYS } from "./conventions.js";

/**
 * The context a request's span continues: the trace its client sent in `_meta` (`traceparent`, `tracestate`,
 * `baggage`, SEP-414), else the one its HTTP request carried in headers, else whatever is active (an instrumented
 * HTTP server's span). Read through the registered propagator, as OpenTelemetry libraries do.
 */
export function parentContext(
  { context, propagation }: typeof OtelApi,
  meta: unknown,
  headers: Headers | undefined,
): Context {
  const active = context.active();
  if (carriesTrace(meta)) return propagation.extract(active, meta, metaGetter);
  if (headers?.has("traceparent")) return propagation.extract(active, headers, headersGetter);
  return active;
}

/** `_meta` of an outgoing MCP request, with the current trace context added (what a remote server continues). */
export function metaWithTrace(
  { propagation }: typeof OtelApi,
  meta: Record<string, unknown> | undefined,
  from: Context,
): Record<string, unknown> {
  const carrier: Record<string, unknown> = { ...meta };
  propagation.inject(from, carrier, metaSetter);
  return carrier;
}

/** Adds the trace context's headers (W3C `traceparent` & co.) to an outgoing HTTP request's. */
export function injectHeaders({ propagation }: typeof OtelApi, headers: Headers, from: Context): void {
  propagation.inject(from, headers, headersSetter);
}

function carriesTrace(meta: unknown): meta is Record<string, unknown> {
  return typeof meta === "object" && meta !== null && typeof (meta as Record<string, unknown>).traceparent === "string";
}

const metaGetter: TextMapGetter<Record<string, unknown>> = {
  keys: () => [...TRACE_CONTEXT_KEYS],
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === "string" ? value : undefined;
  },
};

const metaSetter: TextMapSetter<Record<string, unknown>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

const headersGetter: TextMapGetter<Headers> = {
  keys: (carrier) => [...carrier.keys()],
  get: (carrier, key) => carrier.get(key) ?? undefined,
};

const headersSetter: TextMapSetter<Headers> = {
  set: (carrier, key, value) => carrier.set(key, value),
};
