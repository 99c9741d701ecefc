import { LiveModel } from "../engine/live-model.js";
import { EPHEMERAL_KEY_WARNING } from "../engine/request-state.js";
import { McpsmithError } from "../errors.js";
import type { LiveServer, Notifier } from "../model/context.js";
import { type ServeTarget, toModel } from "../model/resolve.js";
import type { ServerModel } from "../model/types.js";
import { REDIS_URL_ENV } from "../redis/env.js";
import type { RedisFromEnv } from "../redis/from-env.js";
import { loadSdk } from "../sdk.js";
import { telemetryReady } from "../telemetry/api.js";
import type { HttpOptions } from "./node-server.js";
import type { TargetServingOptions } from "./options.js";
import { listenStdio } from "./stdio.js";

export interface ServeOptions extends TargetServingOptions {
  /** Default: `MCPSMITH_TRANSPORT` (`stdio` or `http`), else `http` when `http` options are given, else `stdio`. */
  transport?: "stdio" | "http";
  http?: HttpOptions;
  /**
   * Answer the hot requests (`tools/call`, `tools/list`, `resources/read`, `resources/list`, `prompts/get`,
   * `prompts/list`; `server/discover` on 2026-07-28) straight from the compiled model, on Node's HTTP server and on
   * stdio, instead of through the SDK's per-request dispatch: stateless 2026-07-28 requests, and those of legacy
   * clients once initialised (stdio connections, HTTP sessions) or outside a session. The same answers, byte for
   * byte. Everything else (`initialize`, input rounds, tasks, listen, subscriptions) goes through the SDK either way,
   * but on stdio before the SDK is loaded (`@mcpsmith/runtime/lean`), where the front answers a connection's opening
   * (`initialize` too) until the SDK takes over (serve/stdio-front.ts). Default: `MCPSMITH_FAST_PATH` (`0` or
   * `false` turn it off), else true; `false` sends every request through the SDK, to bisect a difference
   * (docs/serving.md, "The fast path").
   */
  fastPath?: boolean;
  /**
   * Exit the process once the server has shut down (stdin closed, SIGINT, SIGTERM). Default true, which is
   * what hosts expect of a server process; set false to keep the process for your own clean-up.
   */
  exitOnShutdown?: boolean;
  /** Runs after the server stopped accepting requests and before the process exits (close pools here). */
  onShutdown?: () => void | Promise<void>;
}

export interface ServeHandle {
  transport: "stdio" | "http";
  /** The HTTP endpoint's URL (HTTP only). */
  url?: URL;
  /** Change the served model while it runs (the same API handlers get as `ctx.server`). */
  server: LiveServer;
  /** Announce changes the model cannot see (the same API handlers get as `ctx.notify`). */
  notify: Notifier;
  /**
   * Serves another model in place of the whole catalogue and its instructions, checked first (an invalid one throws
   * and nothing changes); identity, options and middleware stay; each list that differs is announced, and the
   * instructions are those of connections made from then on. What `mcpsmith serve` does with a config when a remote
   * source's lists changed or it came back after a reconnect.
   */
  replace(model: ServerModel): void;
  close(): Promise<void>;
}

/**
 * Serves a target: stdio by default, or Streamable HTTP on one endpoint. The model is validated and compiled
 * before anything listens, so a broken model fails at start-up with every problem listed.
 */
export async function serve(target: ServeTarget, given: ServeOptions = {}): Promise<ServeHandle> {
  // A provider registered before serving (`startTelemetry()`) sees the first request.
  await telemetryReady();
  const redis = await redisFromEnv(given);
  const options = withRedis(given, redis);
  const live = new LiveModel(toModel(target, options), options.bus);
  const transport = options.transport ?? envTransport() ?? (options.http ? "http" : "stdio");
  const fastPath = options.fastPath ?? envFastPath();
  const listening: Listening =
    transport === "http" ? await serveHttp(live, options, fastPath) : await listenStdio(live, options.tasks, fastPath);
  const handle = { ...listening, close: () => listening.close().finally(() => redis?.close()) };

  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= (async () => {
      await handle.close();
      await options.onShutdown?.();
      if (options.exitOnShutdown !== false) process.exit(0);
    })();
    return stopping;
  };
  const onSignal = () => void shutdown();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  if (handle.ended) void handle.ended.then(shutdown);

  return {
    transport,
    ...(handle.url && { url: handle.url }),
    server: live.server,
    notify: live.notify,
    replace: (model) => live.replace(model),
    async close() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await handle.close();
    },
  };
}

interface Listening {
  url?: URL;
  ended?: Promise<void>;
  close(): Promise<void>;
}

async function serveHttp(live: LiveModel, options: ServeOptions, fastPath: boolean): Promise<Listening> {
  // Loaded on demand: a stdio server (the common case, and one whose start-up a host waits for) never needs
  // node:http and the HTTP pipeline. The model was compiled before the SDK was loaded (the lean entry, src/sdk.ts).
  await loadSdk();
  const { listenHttp } = await import("./node-server.js");
  const handle = await listenHttp(live, options.http ?? {}, options.tasks, fastPath);
  const compiled = live.current;
  process.stderr.write(`[mcpsmith] ${compiled.info.name} ${compiled.info.version} listening on ${handle.url.href}\n`);
  if (compiled.requestState.ephemeral) process.stderr.write(EPHEMERAL_KEY_WARNING);
  return handle;
}

/** `MCPSMITH_REDIS_URL` (docs/serving.md, "Several replicas"): loaded only when set, ioredis with it. */
async function redisFromEnv(options: ServeOptions): Promise<RedisFromEnv | undefined> {
  const url = process.env[REDIS_URL_ENV];
  if (!url) return undefined;
  const { redisFromEnv } = await import("../redis/from-env.js");
  return redisFromEnv(url, {
    ...(options.bus && { bus: options.bus }),
    ...(options.tasks?.store && { store: options.tasks.store }),
  });
}

function withRedis(options: ServeOptions, redis: RedisFromEnv | undefined): ServeOptions {
  if (!redis) return options;
  return {
    ...options,
    ...(redis.bus && { bus: redis.bus }),
    ...(redis.store && { tasks: { ...options.tasks, store: redis.store } }),
  };
}

/** `MCPSMITH_FAST_PATH`: off with `0` or `false` (a generated server, or `mcpsmith serve`, bisected without an edit). */
function envFastPath(): boolean {
  const value = process.env.MCPSMITH_FAST_PATH;
  if (value === undefined || value === "" || value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new McpsmithError("E_SERVE_OPTIONS", `MCPSMITH_FAST_PATH must be "0", "1", "true" or "false", got "${value}"`);
}

function envTransport(): "stdio" | "http" | undefined {
  const value = process.env.MCPSMITH_TRANSPORT;
  if (value === undefined || value === "") return undefined;
  if (value === "stdio" || value === "http") return value;
  throw new McpsmithError("E_SERVE_OPTIONS", `MCPSMITH_TRANSPORT must be "stdio" or "http", got "${value}"`);
}
