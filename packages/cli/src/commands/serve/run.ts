import type { ServeHandle, ServeOptions, ServeTarget } from "@mcpsmith/runtime";
import type { AuthOptions } from "@mcpsmith/runtime/auth";
import { CliError } from "../../errors.js";
import type { Io } from "../../io.js";

/** Where and how `serve --http` listens; undefined serves stdio. */
export interface HttpServing {
  port: number | undefined;
  host?: string | undefined;
  auth?: AuthOptions | undefined;
}

/**
 * Serves until the host closes stdin or a signal arrives; `main` then returns and the bin exits. With `OTEL_*`
 * variables set, traces and metrics go to their OTLP endpoint (docs/observability.md), sent in full before exit.
 */
export async function serveUntilStopped(
  target: ServeTarget,
  http: HttpServing | undefined,
  more: Pick<ServeOptions, "bus" | "tasks"> = {},
  onServing?: (handle: ServeHandle) => void,
): Promise<void> {
  const { startTelemetry } = await import("@mcpsmith/runtime/otel");
  const telemetry = await startTelemetry();
  // The lean entry: on stdio the first answers go out before the SDK (and zod) is loaded.
  const { serve } = await import("@mcpsmith/runtime/lean");
  await new Promise<void>((resolve, reject) => {
    serve(target, {
      ...more,
      exitOnShutdown: false,
      onShutdown: async () => {
        await telemetry?.shutdown();
        resolve();
      },
      ...(http
        ? {
            transport: "http" as const,
            http: {
              ...(http.port !== undefined && { port: http.port }),
              ...(http.host !== undefined && { host: http.host }),
              ...(http.auth && { auth: http.auth }),
            },
          }
        : { transport: "stdio" as const }),
    }).then(onServing, reject);
  });
}

/** Where `serve --http` will listen, as the runtime works it out: the default token audience. */
export function listeningUrl(port: number | undefined, io: Io, host?: string): URL {
  const chosenHost = host ?? io.env.MCPSMITH_HOST ?? "127.0.0.1";
  const chosen = port ?? Number(io.env.MCPSMITH_PORT ?? io.env.PORT ?? 3000);
  return new URL(`http://${chosenHost}:${chosen}/mcp`);
}

export function portNumber(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError("E_USAGE", `The port must be a number from 0 to 65535, got "${text}".`, {
      hint: "For example `--http 8080`, or 0 for a free port.",
    });
  }
  return port;
}
