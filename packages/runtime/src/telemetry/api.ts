import type * as OtelApi from "@opentelemetry/api";

export type { OtelApi };

/** The global where every copy of the OpenTelemetry API 1.x keeps what is registered with it (providers, propagator). */
const REGISTRY = Symbol.for("opentelemetry.js.api.1");

let api: typeof OtelApi | undefined;
let loading: Promise<void> | undefined;

/**
 * The OpenTelemetry API, once loaded. It is loaded only when something has been registered with any copy of it (a
 * tracer or meter provider, through `@mcpsmith/runtime/otel` or otherwise): until then the runtime records nothing
 * and never needs it, and a server starts without loading it (its bundled copy is some 40 KB of code, about 3 ms of
 * a stdio server's start-up). Undefined while nothing is registered, or while the API is loading: a provider
 * registered after the server started is used from the next request on.
 */
export function otelApi(): typeof OtelApi | undefined {
  if (api === undefined && loading === undefined && registered()) void telemetryReady();
  return api;
}

/**
 * Resolves once the API is loaded, when something is registered; at once otherwise. `serve()`, `toFetchHandler`
 * and the test client wait for it before their first request, so a provider registered before them sees it.
 */
export function telemetryReady(): Promise<void> {
  if (api !== undefined || !registered()) return Promise.resolve();
  loading ??= import("@opentelemetry/api").then((loaded) => {
    api = loaded;
  });
  return loading;
}

function registered(): boolean {
  return (globalThis as Record<symbol, unknown>)[REGISTRY] !== undefined;
}
