// `@mcpsmith/runtime/otel`: the OpenTelemetry SDK set up from the standard `OTEL_*` variables, for Node servers
// (`mcpsmith serve` and generated Node projects call it). The spans and metrics themselves come from the runtime,
// which records them whenever a provider is registered, this way or any other (docs/observability.md).
export { startTelemetry, type TelemetryHandle } from "./start.js";
