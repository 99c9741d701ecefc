// Spans made by the OpenTelemetry SDK and exported as OTLP/JSON, as a server's SDK sends them: what the dev page's
// receiver is tested with where the server under test sends none of its own.
import { type Attributes, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

export interface TestSpan {
  name: string;
  kind: SpanKind;
  attributes: Attributes;
  error?: string;
}

/** Exports `spans` as children of a remote parent in `traceId`, to the OTLP endpoint (the base, before /v1/traces). */
export async function exportSpans(endpoint: string, traceId: string, spans: readonly TestSpan[]): Promise<void> {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": "dev-page-test" }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  const parent = trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId: "00f067aa0ba902b7",
    traceFlags: 1,
    isRemote: true,
  });
  const tracer = provider.getTracer("dev-page-test");
  for (const { name, kind, attributes, error } of spans) {
    const span = tracer.startSpan(name, { kind, attributes }, parent);
    if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    span.end();
  }
  await provider.forceFlush();
  await provider.shutdown();
}

export { SpanKind };
