/**
 * `--telemetry`: an OpenTelemetry tracer and meter provider as a production server registers them (batched spans,
 * periodic metrics), whose exporters drop what they are given: the price measured is the runtime's spans and
 * metrics and the SDK's processing of them, not a backend's network.
 */
import { metrics } from "@opentelemetry/api";
import { ExportResultCode } from "@opentelemetry/core";
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";

const dropSpans: SpanExporter = {
  export: (_spans, done) => done({ code: ExportResultCode.SUCCESS }),
  shutdown: async () => {},
};

const dropMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: ExportResultCode.SUCCESS }),
  forceFlush: async () => {},
  shutdown: async () => {},
};

export function registerTelemetry(): void {
  new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropSpans)] }).register();
  metrics.setGlobalMeterProvider(
    new MeterProvider({
      readers: [new PeriodicExportingMetricReader({ exporter: dropMetrics, exportIntervalMillis: 1_000 })],
    }),
  );
}
