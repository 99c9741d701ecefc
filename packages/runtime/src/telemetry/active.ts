import type { Attributes, Histogram, Meter, MeterProvider, Tracer, TracerProvider } from "@opentelemetry/api";
import { type OtelApi, otelApi } from "./api.js";
import { OPERATION_DURATION, SESSION_DURATION } from "./conventions.js";

/**
 * What the runtime records with, when an OpenTelemetry SDK has registered a tracer or meter provider. The runtime
 * depends only on `@opentelemetry/api`, which does nothing until then (the convention for libraries): a server
 * whose process registers a provider, through `@mcpsmith/runtime/otel` or on its own, gets the spans and metrics.
 */
export interface Telemetry {
  /** The API the providers are registered with (telemetry/api.ts loads it only then). */
  readonly api: typeof OtelApi;
  /** Undefined when only a meter provider is registered. */
  readonly tracer: Tracer | undefined;
  readonly operationDuration: Histogram | undefined;
  readonly sessionDuration: Histogram | undefined;
}

const SCOPE = "@mcpsmith/runtime";

/** Seconds, with the buckets the MCP semantic conventions advise for both duration metrics. */
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

// The api's own no-op tracer provider, which a `ProxyTracerProvider` delegates to until a provider registers.
let noopTracerProvider: TracerProvider | undefined;

// Worked out again only when the registered providers change: a request with no provider costs two global lookups.
let seenTracerProvider: TracerProvider | undefined;
let seenMeterProvider: MeterProvider | undefined;
let current: Telemetry | undefined;

/** The registered telemetry, or undefined when no provider is registered (then nothing is recorded). */
export function activeTelemetry(): Telemetry | undefined {
  const api = otelApi();
  if (api === undefined) return undefined;
  const tracerProvider = api.trace.getTracerProvider();
  const meterProvider = api.metrics.getMeterProvider();
  if (tracerProvider !== seenTracerProvider || meterProvider !== seenMeterProvider) {
    seenTracerProvider = tracerProvider;
    seenMeterProvider = meterProvider;
    current = telemetryOf(api, tracerProvider, meterProvider);
  }
  return current;
}

function telemetryOf(
  api: typeof OtelApi,
  tracerProvider: TracerProvider,
  meterProvider: MeterProvider,
): Telemetry | undefined {
  const tracer = tracing(api, tracerProvider) ? tracerProvider.getTracer(SCOPE) : undefined;
  const meter = meterProvider.getMeter(SCOPE);
  const metered = meter !== api.createNoopMeter();
  if (tracer === undefined && !metered) return undefined;
  return {
    api,
    tracer,
    operationDuration: metered ? operationDuration(meter) : undefined,
    sessionDuration: metered ? sessionDuration(meter) : undefined,
  };
}

/**
 * Whether a tracer provider is registered. Until one is, the api hands out its own proxy delegating to a no-op; once
 * one is, the proxy (of this copy of the api, or of another copy that registered it) delegates to it.
 */
function tracing(api: typeof OtelApi, provider: TracerProvider): boolean {
  noopTracerProvider ??= new api.ProxyTracerProvider().getDelegate();
  return !(provider instanceof api.ProxyTracerProvider) || provider.getDelegate() !== noopTracerProvider;
}

function operationDuration(meter: Meter): Histogram {
  return meter.createHistogram(OPERATION_DURATION, {
    description: "Duration of an MCP request or notification, as the server observes it.",
    unit: "s",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
}

function sessionDuration(meter: Meter): Histogram {
  return meter.createHistogram(SESSION_DURATION, {
    description: "Duration of an MCP session, as the server observes it.",
    unit: "s",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
}

/**
 * Starts timing a session (a legacy HTTP session) for `mcp.server.session.duration`; the returned function records
 * it when the session ends. Nothing is timed without a meter provider.
 */
export function sessionTimer(attributes: Attributes): () => void {
  if (activeTelemetry()?.sessionDuration === undefined) return () => {};
  const started = performance.now();
  return () => activeTelemetry()?.sessionDuration?.record((performance.now() - started) / 1000, attributes);
}
