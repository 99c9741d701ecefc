/** The protocol era a request is served in: `modern` is 2026-07-28 (stateless), `legacy` is 2024-11-05 … 2025-11-25. */
export type Era = "modern" | "legacy";

export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** Who is calling, as far as the protocol tells. */
export interface ClientInfo {
  era: Era;
  /** The revision the request speaks (`2026-07-28`, `2025-11-25`, …), when known. */
  protocolVersion?: string;
  name?: string;
  version?: string;
  /** The capabilities the client declared (per request on 2026-07-28, at `initialize` on legacy). */
  capabilities: Readonly<Record<string, unknown>>;
}

/** The second argument of every handler. */
export interface Context {
  /** Aborted when the client cancels the request or goes away. Pass it to `fetch` and friends. */
  readonly signal: AbortSignal;
  /** Reports progress to the client, when it asked for progress (otherwise a no-op). */
  progress(done: number, total?: number, message?: string): Promise<void>;
  /** Sends a log message to the client, only when the client asked for logs at this level or above. */
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>;
  readonly client: ClientInfo;
  /** The JSON-RPC id of the request being served. */
  readonly requestId: string | number;
}
