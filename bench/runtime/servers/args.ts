/**
 * Command line of the bench servers: `--transport http|stdio --tools N [--middleware N]`, and for mcpsmith
 * `[--no-fast-path]` (`serve({ fastPath: false })`), `[--auth-jwks URL --auth-issuer ISS --auth-audience AUD]`
 * (JWT access tokens required, docs/auth.md) and `[--telemetry]` (an OpenTelemetry tracer and meter provider
 * registered, docs/observability.md). `--object`: `echo` returns an object (protocol.ts, `echoObject`) and declares
 * its output schema, for the object-result scenarios.
 */
export interface ServerArgs {
  transport: "http" | "stdio";
  /** Total tools registered: `echo` plus `tools - 1` fillers of the same shape. */
  tools: number;
  /** mcpsmith only: middleware that pass everything on (http, request and tool hooks), to price the chain. */
  middleware: number;
  /** mcpsmith only: `serve({ fastPath })`; false sends every request through the SDK (what the fast path is compared with). */
  fastPath: boolean;
  /** mcpsmith only: require JWT access tokens verified against this key set, to price authorization. */
  auth?: { jwksUrl: string; issuer: string; audience: string };
  /** mcpsmith only: register an OpenTelemetry tracer and meter provider, to price the spans and metrics. */
  telemetry: boolean;
  /** `echo` returns an object, sent as structuredContent, and declares an output schema. */
  object: boolean;
}

export function parseServerArgs(argv: readonly string[]): ServerArgs {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const transport = value("--transport") ?? "stdio";
  if (transport !== "http" && transport !== "stdio") throw new Error(`--transport must be http or stdio`);
  const tools = Number(value("--tools") ?? 1);
  if (!Number.isSafeInteger(tools) || tools < 1) throw new Error(`--tools must be a positive whole number`);
  const middleware = Number(value("--middleware") ?? 0);
  if (!Number.isSafeInteger(middleware) || middleware < 0) throw new Error(`--middleware must be a whole number`);
  const jwksUrl = value("--auth-jwks");
  const issuer = value("--auth-issuer");
  const audience = value("--auth-audience");
  const auth = jwksUrl && issuer && audience ? { jwksUrl, issuer, audience } : undefined;
  const fastPath = !argv.includes("--no-fast-path");
  const telemetry = argv.includes("--telemetry");
  const object = argv.includes("--object");
  return { transport, tools, middleware, fastPath, telemetry, object, ...(auth && { auth }) };
}

/** An HTTP server tells the bench where it listens over the IPC channel the bench opened. */
export function announce(url: string): void {
  if (process.send) process.send({ url });
  else process.stderr.write(`listening on ${url}\n`);
}
