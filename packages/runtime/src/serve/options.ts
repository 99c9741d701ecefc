import type { ServerEventBus } from "@modelcontextprotocol/server";
import type { AuthOptions } from "../auth/types.js";
import type { TaskOptions } from "../engine/tasks/manager.js";
import type { TargetOptions } from "../model/resolve.js";
import type { LegacySessionLimits } from "./legacy-sessions.js";

/** What every way of serving a target takes besides the target: `serve()` on any transport, and `toFetchHandler()`. */
export interface TargetServingOptions extends TargetOptions {
  /**
   * Where change notifications travel. Default: an in-memory bus, which reaches the clients of this process only;
   * give every replica the same shared bus (the SDK's `ServerEventBus` interface) to reach all of them.
   */
  bus?: ServerEventBus;
  /** Task state and timing for tools declared with `task` (docs/runtime.md, "Long-running tools: tasks"). */
  tasks?: TaskOptions;
}

/** The HTTP endpoint's options, the same for `serve({ http })` and `toFetchHandler()` (docs/serving.md). */
export interface EndpointOptions {
  /**
   * Hostnames accepted in the `Host` header (DNS-rebinding protection). Defaults to the loopback names;
   * a server bound to a public interface must name the hostnames it is reached by.
   */
  allowedHosts?: readonly string[];
  /** Hostnames accepted in the `Origin` header, when a browser sends one. Defaults to the loopback names. */
  allowedOrigins?: readonly string[];
  /** Largest request body accepted, in bytes (413 above it). Default 1 MiB. */
  maxBodyBytes?: number;
  /** `auto` (default) streams only when a handler sends progress or logs; `json` never streams; `sse` always. */
  responseMode?: "auto" | "json" | "sse";
  /** Reports errors the SDK handled out of band (rejected requests, failed exchanges). Default: ignored. */
  onError?: (error: Error) => void;
  /**
   * Give legacy (2025-era) clients a session kept in this process, so they can cancel calls and receive
   * server-to-client requests, and resume a cut stream with `Last-Event-ID`; `{ maxSessions, idleMs, maxEvents,
   * maxEventBytes }` sets its limits. Default: on for `serve()`, one
   * long-lived process; off for `toFetchHandler()`, since on serverless platforms consecutive requests may reach
   * different instances, which would lose the session. Turn it off behind a load balancer without session
   * affinity: legacy clients are then served statelessly.
   */
  legacySessions?: boolean | LegacySessionLimits;
  /**
   * Require a credential on every request: OAuth access tokens (JWT, introspection), API keys, or a chain of them,
   * with Protected Resource Metadata for discovery and scopes per tool, resource and prompt (docs/auth.md).
   * Default: none (a server bound to loopback, or behind a gateway that authenticates).
   */
  auth?: AuthOptions;
}
