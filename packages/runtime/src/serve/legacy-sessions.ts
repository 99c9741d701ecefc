import {
  isInitializeRequest,
  isJsonContentType,
  type Server,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import { isPlainObject } from "../engine/sdk/contract.js";
import { McpsmithError } from "../errors.js";
import { principalOf } from "../model/auth.js";
import { sessionTimer } from "../telemetry/active.js";
import { NETWORK_PROTOCOL, NETWORK_TRANSPORT } from "../telemetry/conventions.js";
import { refusal } from "../wire-errors.js";
import { type Journal, pairs, STREAM_HEAD } from "./fast-answer.js";
import { type Exchange, handlerOptions, type Step } from "./pipeline.js";
import { type SessionEventLimits, SessionEvents } from "./session-events.js";
import { LegacyReplies } from "./session-fast-path.js";

/** How many legacy sessions a process keeps, for how long, and how much of what each sent it keeps for resumption. */
export interface LegacySessionLimits extends SessionEventLimits {
  /** A session with no request for this long is closed; its client gets 404 and, per spec, starts a new one. Default 1 hour. */
  idleMs?: number;
  /** Open sessions are capped; the least recently used one is closed to make room. Default 1,000. */
  maxSessions?: number;
}

export interface LegacySessionOptions extends LegacySessionLimits {
  maxBodyBytes: number;
  /** The fast path of a session's server, when the hot requests are answered on it (session-fast-path.ts). */
  fastPath?: (server: Server) => LegacyFastPath;
}

/** The limits an option value asks for (`true` means the defaults), checked once at start-up. */
export function sessionLimits(value: boolean | LegacySessionLimits | undefined): LegacySessionLimits {
  if (typeof value !== "object") return {};
  for (const [name, limit] of Object.entries(value)) {
    if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0)) {
      throw new McpsmithError(
        "E_SERVE_OPTIONS",
        `legacySessions.${name} must be a positive whole number, got ${limit}`,
      );
    }
  }
  return value;
}

const DEFAULT_IDLE_MS = 60 * 60_000;
const DEFAULT_MAX_SESSIONS = 1_000;

interface Session {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** What it sent on its streams, for a client that resumes one (`Last-Event-ID`). */
  readonly events: SessionEvents;
  /** Who opened it (with `auth`): only the same subject of the same client may use it. */
  readonly owner: string | undefined;
  readonly fast: LegacyFastPath | undefined;
  /** Its requests answered on `fast`, when it has one. */
  readonly replies: LegacyReplies | undefined;
  lastUsed: number;
  /** Records its duration (`mcp.server.session.duration`, when a meter provider is registered) as it ends. */
  readonly timed: () => void;
}

export interface LegacySessions {
  /** The route to put in front of the SDK's handler: it answers the requests that belong to a session. */
  readonly route: Step;
  /** Ends every session (their running handlers are aborted). */
  close(): void;
}

/**
 * Gives every legacy (2025-era) client that sends `initialize` a real session (`Mcp-Session-Id`), served by one
 * `Server` for its lifetime, like stdio. The SDK's default legacy serving is stateless, a fresh `Server` per
 * POST, and there the client's `notifications/cancelled` arrives on a later POST at an instance that never
 * saw the request: legacy HTTP clients could not cancel (the 2025 spec says a dropped stream is not a cancel),
 * nor could the server send them requests (elicitation, sampling, roots).
 *
 * The SDK's web-standard transport serves each session, so the Node server and the fetch handler share it: Node's
 * `NodeStreamableHTTPServerTransport` is only this transport behind a request converter. Everything else goes on
 * to the SDK's handler untouched: 2026-07-28 traffic (recognised by its protocol-version header), and legacy
 * requests that carry no session. A session lives in this process only, so replicas need session affinity for
 * legacy clients; 2026-07-28 traffic needs none.
 */
export function legacySessions(factory: () => Server, options: LegacySessionOptions): LegacySessions {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  // Insertion order is use order (touch() re-inserts), so the first entry is the least recently used.
  const sessions = new Map<string, Session>();
  /** The last entry of `sessions`, when known: a client's calls in a row re-insert nothing. */
  let newest: Session | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  /**
   * The one way a session ends, whoever ends it (DELETE, eviction, idle expiry, shutdown, the transport closing):
   * its entry goes, the sweeper stops with the last one, and closing its server closes its transport (which aborts
   * the handlers still running and rejects the requests it sent the client) and drops its bus subscription. What
   * a session registers is registered in `open`, and released here.
   */
  const end = (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    if (newest === session) newest = undefined;
    session.timed();
    session.fast?.close();
    session.events.close();
    if (sessions.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
    void session.server.close().catch(() => {});
  };
  const touch = (id: string, session: Session) => {
    session.lastUsed = Date.now();
    if (newest === session) return;
    sessions.delete(id);
    sessions.set(id, session);
    newest = session;
  };
  const sweep = () => {
    const oldest = Date.now() - idleMs;
    for (const [id, session] of sessions) {
      if (session.lastUsed >= oldest) break;
      end(id);
    }
  };

  async function open(exchange: Exchange): Promise<Response> {
    while (sessions.size >= maxSessions) end(sessions.keys().next().value as string);
    const server = factory();
    const events = new SessionEvents(options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        const owner = principalOf(exchange.authInfo);
        const timed = sessionTimer({ [NETWORK_TRANSPORT]: "tcp", [NETWORK_PROTOCOL]: "http" });
        const fast = options.fastPath?.(server);
        const replies = fast && new LegacyReplies(fast, ["mcp-session-id", id], journalOf(events, server));
        newest = { server, transport, events, owner, fast, replies, lastUsed: Date.now(), timed };
        sessions.set(id, newest);
        sweeper ??= setInterval(sweep, Math.min(idleMs, 60_000)).unref();
      },
      onsessionclosed: end,
      eventStore: events,
      maxRequestBodySize: options.maxBodyBytes,
    });
    server.onclose = () => {
      if (transport.sessionId !== undefined) end(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(exchange.request, handlerOptions(exchange));
    // Refused before a session began (a bad Accept header, say): nothing will ever reach this server again.
    if (transport.sessionId === undefined) void server.close().catch(() => {});
    return response;
  }

  return {
    async route(exchange, next) {
      const { incoming, body } = exchange;
      const version = incoming.header("mcp-protocol-version");
      if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return next(exchange);

      const sessionId = incoming.header("mcp-session-id");
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        // Another caller's session is answered as unknown: a session id is no credential, and its owner is not told.
        if (!session || session.owner !== principalOf(exchange.authInfo)) return sessionNotFound();
        touch(sessionId, session);
        const lastEventId = incoming.method === "GET" ? incoming.header("last-event-id") : undefined;
        if (lastEventId !== undefined) {
          const resumed = resume(session, sessionId, lastEventId);
          if (resumed) return resumed;
        } else if (session.replies) {
          const reply = session.replies.reply(exchange);
          if (reply) return reply;
          session.fast?.cancelled(body);
        }
        const response = await session.transport.handleRequest(exchange.request, handlerOptions(exchange));
        endCancelledStream(session.transport, body);
        return response;
      }
      const opens =
        incoming.method === "POST" &&
        isJsonContentType(incoming.header("content-type") ?? "") &&
        body !== undefined &&
        isInitializeRequest(body);
      return opens ? open(exchange) : next(exchange);
    },
    close() {
      clearInterval(sweeper);
      for (const id of [...sessions.keys()]) end(id);
    },
  };
}

/**
 * Ends the event stream of a request its client cancelled (`notifications/cancelled`, which the transport has just
 * handed its server, so the handler's signal is aborted): the SDK sends no answer to a cancelled request, and its
 * transport kept that stream open until the client went away. A stream that carries other requests too (a batch
 * of an older revision) is left to their answers.
 */
function endCancelledStream(transport: WebStandardStreamableHTTPServerTransport, message: unknown): void {
  if (!isPlainObject(message) || message.method !== "notifications/cancelled") return;
  const requestId = isPlainObject(message.params) ? message.params.requestId : undefined;
  if (typeof requestId !== "string" && typeof requestId !== "number") return;
  const streams = (transport as unknown as { _requestToStreamMapping: Map<string | number, string> })
    ._requestToStreamMapping;
  const stream = streams.get(requestId);
  if (stream === undefined) return;
  for (const [id, other] of streams) if (other === stream && id !== requestId) return;
  transport.closeSSEStream(requestId);
}

/**
 * A stream the client resumes with `Last-Event-ID`: refused when the session no longer holds that event (what came
 * after it may be lost, and a resume never skips), followed live when the fast path is still answering it, and
 * otherwise replayed by the SDK's transport from the session's events (it also follows its own streams live).
 */
function resume(session: Session, sessionId: string, lastEventId: string): Response | undefined {
  const { events } = session;
  const status = events.status(lastEventId);
  if (status === "dropped") {
    const detail = `Last-Event-ID ${lastEventId} is no longer held: a session keeps its latest events only (legacySessions.maxEvents, maxEventBytes), and what came after it may be lost. Send the request again.`;
    return refusal("BAD_REQUEST", { detail });
  }
  if (status === "unknown") {
    return refusal("BAD_REQUEST", { detail: `Last-Event-ID ${lastEventId} names no event this session sent.` });
  }
  return events.liveStream(lastEventId)?.resume(lastEventId, pairs([...STREAM_HEAD, "mcp-session-id", sessionId]));
}

/**
 * Opens the resumable stream of one answer of a session's fast path. Its streams open with a priming event (an id
 * with no message), as the SDK's transport primes its own, for clients of 2025-11-25 or later, which accept an event
 * with empty data. The fast path answers only once the session is initialised, so the version is known, and settled,
 * when the first stream opens.
 */
function journalOf(events: SessionEvents, server: Server): () => Journal {
  let primes: boolean | undefined;
  return () => {
    if (primes === undefined) {
      const version = server.getNegotiatedProtocolVersion();
      primes = version !== undefined && version >= "2025-11-25" && SUPPORTED_PROTOCOL_VERSIONS.includes(version);
    }
    return events.openStream(primes);
  };
}

/**
 * What the SDK's transport answers for an unknown session (SESSION_NOT_FOUND): the 2025 spec's cue for the client to
 * re-initialize. The message says why it may be unknown: behind a load balancer without session affinity, the
 * request reached a replica that never held it (docs/serving.md, "Several replicas").
 */
function sessionNotFound(): Response {
  const detail =
    "it expired, or this server process does not hold it (behind a load balancer, route legacy sessions to one replica by their Mcp-Session-Id). Re-initialize to start a new session.";
  return refusal("SESSION_NOT_FOUND", { detail });
}
