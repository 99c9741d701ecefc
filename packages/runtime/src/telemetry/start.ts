import { McpsmithError } from "../errors.js";

/** A started OpenTelemetry SDK: what a process calls on its way out, so the last spans and metrics are sent. */
export interface TelemetryHandle {
  /** Sends what is buffered and stops the exporters. */
  shutdown(): Promise<void>;
}

/** The variables whose presence turns telemetry on (any one of them). */
const TURNS_ON = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
  "OTEL_EXPORTER_OTLP_PROTOCOL",
  "OTEL_SERVICE_NAME",
  "OTEL_TRACES_EXPORTER",
  "OTEL_METRICS_EXPORTER",
  "OTEL_TRACES_SAMPLER",
];

/** What `startTelemetry` loads, as a project installs it (docs/observability.md). */
const SDK_PACKAGES = [
  "@opentelemetry/sdk-trace-node",
  "@opentelemetry/sdk-metrics",
  "@opentelemetry/resources",
  "@opentelemetry/exporter-trace-otlp-proto",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/exporter-metrics-otlp-proto",
  "@opentelemetry/exporter-metrics-otlp-http",
];

const PROTOCOLS = ["http/protobuf", "http/json"] as const;
type Protocol = (typeof PROTOCOLS)[number];

/**
 * Sets up the OpenTelemetry SDK from the standard `OTEL_*` variables, when one of them is set (`OTEL_SDK_DISABLED=true`
 * keeps it off): traces and the MCP metrics exported over OTLP/HTTP, JSON or protobuf (`OTEL_EXPORTER_OTLP_PROTOCOL`,
 * default `http/protobuf`), to `OTEL_EXPORTER_OTLP_ENDPOINT` (default `http://localhost:4318`), as
 * `OTEL_SERVICE_NAME`, sampled by `OTEL_TRACES_SAMPLER` and batched by `OTEL_BSP_*`, all read by the SDK itself.
 * `OTEL_TRACES_EXPORTER` and `OTEL_METRICS_EXPORTER` take `otlp` or `none`. The SDK's packages load only then:
 * without the variables this costs
 * one look at the environment. Undefined when telemetry stays off.
 */
export async function startTelemetry(): Promise<TelemetryHandle | undefined> {
  // The SDK's exporters and processors read the environment themselves: this reads the same one.
  const env = process.env;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  if (!TURNS_ON.some((name) => nonEmpty(env[name]))) return undefined;
  const protocol = protocolOf(env);
  const traces = exporterChoice(env, "OTEL_TRACES_EXPORTER");
  const metrics = exporterChoice(env, "OTEL_METRICS_EXPORTER");
  const sdk = await loadSdk();
  if (sdk === undefined) return undefined;
  const resource = sdk.resources
    .resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME?.trim() || "mcpsmith-server" })
    .merge(sdk.resources.detectResources({ detectors: [sdk.resources.envDetector] }));

  const stops: (() => Promise<void>)[] = [];
  if (traces === "otlp") {
    const exporter =
      protocol === "http/json" ? new sdk.traceJson.OTLPTraceExporter() : new sdk.traceProto.OTLPTraceExporter();
    const provider = new sdk.traceNode.NodeTracerProvider({
      resource,
      spanProcessors: [new sdk.traceNode.BatchSpanProcessor(exporter)],
    });
    // Registers the provider, the W3C trace context and baggage propagators, and an AsyncLocalStorage context.
    provider.register();
    stops.push(() => provider.shutdown());
  }
  if (metrics === "otlp") {
    const exporter =
      protocol === "http/json" ? new sdk.metricsJson.OTLPMetricExporter() : new sdk.metricsProto.OTLPMetricExporter();
    const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;
    const provider = new sdk.metrics.MeterProvider({
      resource,
      readers: [new sdk.metrics.PeriodicExportingMetricReader({ exporter, exportIntervalMillis: interval })],
    });
    sdk.api.metrics.setGlobalMeterProvider(provider);
    stops.push(() => provider.shutdown());
  }
  let stopped: Promise<void> | undefined;
  return {
    shutdown: () => {
      stopped ??= Promise.allSettled(stops.map((stop) => stop())).then(() => undefined);
      return stopped;
    },
  };
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== "";
}

function protocolOf(env: Readonly<Record<string, string | undefined>>): Protocol {
  const given = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (!given) return "http/protobuf";
  if ((PROTOCOLS as readonly string[]).includes(given)) return given as Protocol;
  throw new McpsmithError(
    "E_TELEMETRY",
    `OTEL_EXPORTER_OTLP_PROTOCOL is "${given}"; mcpsmith exports over ${PROTOCOLS.join(" or ")}.`,
  );
}

function exporterChoice(env: Readonly<Record<string, string | undefined>>, name: string): "otlp" | "none" {
  const given = env[name]?.trim();
  if (!given || given === "otlp") return "otlp";
  if (given === "none") return "none";
  throw new McpsmithError("E_TELEMETRY", `${name} is "${given}"; mcpsmith takes otlp or none.`);
}

/**
 * The SDK's packages, optional dependencies of the runtime: loaded only when telemetry is on. Missing, they are
 * reported and the server runs without telemetry: observability settings never keep a server from starting.
 */
async function loadSdk() {
  try {
    const [api, resources, traceNode, traceJson, traceProto, metrics, metricsJson, metricsProto] = await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/exporter-trace-otlp-proto"),
      import("@opentelemetry/sdk-metrics"),
      import("@opentelemetry/exporter-metrics-otlp-http"),
      import("@opentelemetry/exporter-metrics-otlp-proto"),
    ]);
    return { api, resources, traceNode, traceJson, traceProto, metrics, metricsJson, metricsProto };
  } catch (error) {
    console.error(
      `[mcpsmith] OTEL_* variables are set, but the OpenTelemetry SDK is not installed (${(error as Error).message}); ` +
        `serving without telemetry. Install it: npm install ${SDK_PACKAGES.join(" ")}`,
    );
    return undefined;
  }
}
