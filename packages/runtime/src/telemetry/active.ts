import {
  type Attributes,
  createNoopMeter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type Tracer,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import { OPERATION_DURATION, SESSION_DURATION } from "./conventions.js";

/**
 * What the runtime records with, when an OpenTelemetry SDK has registered a tracer or meter provider. The runtime
 * depends only on `@opentelemetry/api`, which does nothing until then (the convention for libraries): a server
 * whose process registers a provider, through `@mcpsmith/runtime/otel` or on its own, gets the spans and metrics.
 */
export interface Telemetry {
  /** Undefined when only a meter provider is registered. */
  readonly tracer: Tracer | undefined;
  readonly operationDuration: Histogram | undefined;
  readonly sessionDuration: Histogram | undefined;
}

const SCOPE = "@mcpsmith/runtime";

/** Seconds, with the buckets the MCP semantic conventions advise for both duration metrics. */
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

// The api's own no-op tracer provider, which a `ProxyTracerProvider` delegates to until a provider registers.
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();

// Worked out again only when the registered providers change: a request with no provider costs two global lookups.
let seenTracerProvider: TracerProvider | undefined;
let seenMeterProvider: MeterProvider | undefined;
let current: Telemetry | undefined;

/** The registered telemetry, or undefined when no provider is registered (then nothing is recorded). */
export function activeTelemetry(): Telemetry | undefined {
  const tracerProvider = trace.getTracerProvider();
  const meterProvider = metrics.getMeterProvider();
  if (tracerProvider !== seenTracerProvider || meterProvider !== seenMeterProvider) {
    seenTracerProvider = tracerProvider;
    seenMeterProvider = meterProvider;
    current = telemetryOf(tracerProvider, meterProvider);
  }
  return current;
}

function telemetryOf(tracerProvider: TracerProvider, meterProvider: MeterProvider): Telemetry | undefined {
  const tracer = tracing(tracerProvider) ? tracerProvider.getTracer(SCOPE) : undefined;
  const meter = meterProvider.getMeter(SCOPE);
  const metered = meter !== createNoopMeter();
  if (tracer === undefined && !metered) return undefined;
  return {
    tracer,
    operationDuration: metered ? operationDuration(meter) : undefined,
    sessionDuration: metered ? sessionDuration(meter) : undefined,
  };
}

/**
 * Whether a tracer provider is registered. Until one is, the api hands out its own proxy delegating to a no-op; once
 * one is, the proxy (of this copy of the api, or of another copy that registered it) delegates to it.
 */
function tracing(provider: TracerProvider): boolean {
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_TRACER_PROVIDER;
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
