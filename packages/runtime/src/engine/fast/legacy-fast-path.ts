import type {
  JSONRPCMessage,
  JSONRPCRequest,
  Notification,
  Result,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { TransportKind } from "../../model/middleware.js";
import { resultJson } from "../../results/structured.js";
import { isInputRequiredResult } from "../../sdk.js";
import { activeTelemetry } from "../../telemetry/active.js";
import { errorResponse } from "../../wire-errors.js";
import type { CompiledModel } from "../compiled.js";
import type { LiveModel } from "../live-model.js";
import { runOnServer, type Serving } from "../middleware/server.js";
import { reportFailure } from "../report.js";
import { checkOnServer } from "../sdk/checks.js";
import { errorOf, isPlainObject, RESULT_HEAD, resultTail, rewritesToolsList, serves } from "../sdk/contract.js";
import { isCanonicalToolResult } from "../sdk/tool-result-shape.js";
import type { ModelHandler, ModelMethod } from "../server/handlers.js";
import { boundHandlers } from "../server/served.js";
import { sharedAccessor } from "../shared-accessor.js";
import type { FastExchange } from "./fast-path.js";
import { type FastRequest, recogniseLegacy } from "./recognise.js";

/**
 * Where a request answered on a legacy connection's fast path came from, and how to reach its client first: the
 * 2026-07-28 fast path's exchange, with `relay` for the requests the connection's server sends about it.
 */
export type LegacyExchange = FastExchange;

/**
 * The fast path of one connection initialised on a 2025 revision (a stdio connection; docs/performance.md): its
 * hot requests are answered from the compiled model by the handlers its own SDK `Server` registered, so the log
 * level the client set, the identity it gave at `initialize` and the era's projection of tool results are the
 * connection's, exactly as on the SDK path. What the fast path leaves out is the SDK's per-request work: its
 * Protocol's dispatch and its zod parse of every request and of every tool result it would give back unchanged
 * (tool-result-shape.ts). Other tool results (and input-required ones, which the SDK's legacy shim fulfils with real
 * requests to the client) go through the SDK's own checks on the connection's server. Server-to-client requests go out through that server, so their
 * answers reach it as on the SDK path.
 */
export class LegacyFastPath {
  readonly #live: LiveModel;
  readonly #server: Server;
  readonly #serving: Serving;
  readonly #handlers: Record<ModelMethod, ModelHandler>;
  /** What depends only on the model: list answers, and whether tools/list needs the SDK's 2025 rewrite. */
  readonly #perModel = new WeakMap<CompiledModel, LegacyModelFacts>();
  /** The requests being answered, by id: what the server sends about one goes to its client; a cancel finds it. */
  readonly #running = new Map<string | number, Running>();
  #relaying = false;

  /** Stateless legacy HTTP: a server that never connects stands for the SDK's fresh one per request. */
  readonly #stateless: boolean;

  /**
   * The connection's server: built by `createConnectionServer`, so its handlers are known (server-factory.ts).
   * `stateless`: the server serves no connection, and stands for the fresh, uninitialised one the SDK makes for each
   * legacy request that has no session (no client identity, no log level, no requests to the client).
   */
  constructor(live: LiveModel, server: Server, transport: TransportKind, stateless = false) {
    const handlers = boundHandlers(server);
    if (handlers === undefined) throw new Error("LegacyFastPath needs a server built by createConnectionServer");
    this.#live = live;
    this.#server = server;
    this.#serving = { transport, hooks: live.middleware.request };
    this.#handlers = handlers;
    this.#stateless = stateless;
  }

  /** Whether the connection is initialised: before that, every message is the SDK's. */
  get ready(): boolean {
    if (this.#stateless) return true;
    return this.#server.getNegotiatedProtocolVersion() !== undefined && this.#server.transport !== undefined;
  }

  /** The request, when the fast path answers it; undefined when the SDK must. */
  recognise(body: unknown): FastRequest | undefined {
    const request = recogniseLegacy(body);
    if (request === undefined) return undefined;
    const { method } = request;
    // The kinds a connection's server serves were fixed when it was built.
    if (method === "server/discover" || !serves(this.#server.getCapabilities(), method)) return undefined;
    const model = this.#live.current;
    if (method === "tools/list") return this.#factsOf(model).rewritesTools ? undefined : request;
    if (method !== "tools/call") return request;
    // As on the 2026-07-28 fast path: an unknown tool, or one that can become a task, is the SDK's.
    const tool = model.tools.get(request.params.name as string);
    return tool !== undefined && tool.task === undefined ? request : undefined;
  }

  /**
   * The serialised answer to a recognised request, or undefined when the SDK would send none. Never rejects: what the
   * SDK would answer as an error is answered as one. (A request cancelled meanwhile is not answered either: the
   * front knows, and drops the answer.)
   */
  async answer(request: FastRequest, exchange: LegacyExchange): Promise<string | undefined> {
    const method = request.method as ModelMethod;
    const model = this.#live.current;
    // Hooks and a request span wrap what the SDK path would wrap; with neither, nothing is wrapped.
    const wrapped = this.#serving.hooks.length > 0 || activeTelemetry() !== undefined;
    let result: Result;
    try {
      if (!wrapped && exchange.authInfo === undefined && method.endsWith("/list")) {
        return response(request.id, this.#listAnswer(request, model));
      }
      const follows = this.#stateless || this.#serving.transport === "stdio";
      const call: Running = { exchange, cancelled: false, followsExchange: follows };
      this.#running.set(request.id, call);
      this.#relay(exchange);
      const sdk = requestContext(request, call, this.#server);
      const run = () => this.#run(method, request, sdk);
      try {
        const running = wrapped ? runOnServer(this.#server, this.#serving, jsonRpcOf(request), sdk, run) : run();
        // In an HTTP session a cancel comes on another request (`cancelled`): the answer ends then, with nothing,
        // even while a handler that does not stop at its signal runs on (the race handles its later result or
        // failure, which reaches no one). Elsewhere the front that received the request ends its answer itself.
        const settled = follows ? await running : await untilGivenUp(running, call);
        if (settled === GAVE_UP) return undefined;
        result = settled as Result;
      } finally {
        if (this.#running.get(request.id) === call) this.#running.delete(request.id);
      }
      // The SDK sends nothing for a request its client cancelled.
      if (call.cancelled) return undefined;
    } catch (error) {
      return JSON.stringify(errorResponse(request.id, errorOf(error)));
    }
    // The SDK's 2025 encoding hands every result on as it is (tools/list pages it would rewrite are not taken).
    try {
      // Structured content as its handler wrote it, unless a middleware may have changed it since.
      const written = this.#serving.hooks.length === 0 && this.#live.middleware.tool.length === 0;
      return response(request.id, resultJson(result, written));
    } catch (error) {
      // A result JSON cannot carry (a BigInt, a cycle): the SDK's transport fails to send it, and nothing is sent.
      reportFailure(`sending the result of ${method} failed`, error);
      return undefined;
    }
  }

  /**
   * A `notifications/cancelled` the connection's server received (over HTTP, where the session's route hands it
   * here first): a request of this path it names is aborted, and answered with nothing, as the SDK's own are.
   */
  cancelled(message: unknown): void {
    if (!isPlainObject(message) || message.method !== "notifications/cancelled") return;
    const requestId = isPlainObject(message.params) ? message.params.requestId : undefined;
    const call =
      typeof requestId === "string" || typeof requestId === "number" ? this.#running.get(requestId) : undefined;
    if (call === undefined) return;
    cancel(call);
  }

  /** The connection ended: what it still runs is aborted, as closing the SDK's transport aborts its handlers. */
  close(): void {
    for (const call of this.#running.values()) cancel(call);
    this.#running.clear();
  }

  /**
   * Routes what the connection's server sends about a request of this path (the requests of the SDK's legacy shim,
   * or of a handler) to that request's own exchange, as the SDK's transport routes them by `relatedRequestId` to the
   * stream of a request it received: the transport never saw these. Its `send` is wrapped once, for all.
   */
  #relay(exchange: LegacyExchange): void {
    const transport = this.#server.transport;
    if (this.#relaying || exchange.relay === undefined || transport === undefined) return;
    this.#relaying = true;
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage, options) => {
      const related = options?.relatedRequestId;
      const relay =
        related === undefined || !("method" in message) ? undefined : this.#running.get(related)?.exchange.relay;
      if (relay === undefined) return send(message, options);
      relay(message);
      return Promise.resolve();
    };
  }

  /** The handler's result as the connection's server hands it on (see `FastPath#run`, the 2026-07-28 twin). */
  async #run(method: ModelMethod, request: FastRequest, sdk: ServerContext): Promise<Result> {
    const handler = this.#handlers[method];
    const result = await handler(request.params, sdk, this.#server);
    const checked = isInputRequiredResult(result) || (method === "tools/call" && !isCanonicalToolResult(result));
    if (!checked) return result;
    const again = async (next: JSONRPCRequest, ctx: ServerContext) =>
      handler((next.params ?? {}) as Record<string, unknown>, ctx, this.#server);
    return checkOnServer(this.#server, method, jsonRpcOf(request), sdk, result, again);
  }

  /** A list page, serialised once per model and cursor: on a connection without credentials it depends on nothing else. */
  #listAnswer(request: FastRequest, model: CompiledModel): string {
    const { answers } = this.#factsOf(model);
    const cursor = request.params.cursor as string | undefined;
    const key = cursor === undefined ? request.method : `${request.method}\n${cursor}`;
    let text = answers.get(key);
    if (text === undefined) {
      const sdk = requestContext(
        request,
        { exchange: IDLE_EXCHANGE, cancelled: false, followsExchange: false },
        this.#server,
      );
      const result = this.#handlers[request.method as ModelMethod](request.params, sdk, this.#server) as Result;
      text = JSON.stringify(result);
      answers.set(key, text);
    }
    return text;
  }

  #factsOf(model: CompiledModel): LegacyModelFacts {
    let facts = this.#perModel.get(model);
    if (facts === undefined) {
      facts = { answers: new Map(), rewritesTools: rewritesToolsList(model.tools.values()) };
      this.#perModel.set(model, facts);
    }
    return facts;
  }
}

/** A request being answered, and its cancellation. */
interface Running {
  readonly exchange: LegacyExchange;
  cancelled: boolean;
  /**
   * Whether the exchange's signal aborts the request too: on stdio it is the connection's cancel, and a stateless
   * request's server is torn down when its client goes; in a legacy session a dropped stream is no cancel.
   */
  readonly followsExchange: boolean;
  controller?: AbortController;
  signal?: AbortSignal;
  /** Ends the wait for the answer of a request in an HTTP session, once it is cancelled: called with `GAVE_UP`. */
  giveUp?: (gaveUp: typeof GAVE_UP) => void;
}

function cancel(call: Running): void {
  call.cancelled = true;
  call.controller?.abort();
  call.giveUp?.(GAVE_UP);
}

/** What the wait for a cancelled request's answer gives instead of a result. */
const GAVE_UP = Symbol("gave up");

/**
 * The handler's result, or `GAVE_UP` once the call is cancelled: one promise of its own, where a race made four.
 * `giveUp` is the promise's own resolve function, not an arrow around it: an arrow made in the executor and kept on the
 * call made V8 promote the objects of every call of a busy session to the old generation (the bench's legacy session
 * spent a third of its CPU in the scavenger; docs/performance.md).
 */
function untilGivenUp(running: Promise<unknown>, call: Running): Promise<unknown> {
  if (call.cancelled) return Promise.resolve(GAVE_UP);
  return new Promise((resolve, reject) => {
    call.giveUp = resolve;
    running.then(resolve, reject);
  });
}

/**
 * The request's signal, when a handler first asks. A request that follows its exchange has the exchange's own: every
 * cancel of such a request aborts its exchange too (on stdio the front aborts the exchanges of the calls it runs, when
 * a cancel names one and when the connection ends, right after `close`; a stateless request has no cancel but its
 * client's leaving). A second controller forwarding the first cost about 20 µs a call on a 100-row database page.
 */
function signalOf(call: Running): AbortSignal {
  if (call.signal === undefined) {
    if (call.followsExchange && !call.cancelled) call.signal = call.exchange.signal();
    else {
      const controller = new AbortController();
      call.controller = controller;
      if (call.cancelled) controller.abort();
      call.signal = controller.signal;
    }
  }
  return call.signal;
}

interface LegacyModelFacts {
  /** Serialised list results, by method and cursor. */
  readonly answers: Map<string, string>;
  /** Whether the SDK's 2025 encoding rewrites tools/list (a tool whose output schema's root is not an object). */
  readonly rewritesTools: boolean;
}

function response(id: string | number, result: string): string {
  return `${RESULT_HEAD}${result}${resultTail(id)}`;
}

/**
 * The context the SDK's Protocol hands a handler on a 2025 connection: nothing lifted (such requests go to the SDK),
 * server-to-client requests sent by the connection's server and tied to this request. A plain object, not a class:
 * the SDK's legacy shim copies `mcpReq` with a spread for each later round.
 */
function requestContext(fastRequest: FastRequest, call: Running, server: Server): ServerContext {
  const { exchange } = call;
  const { id, method } = fastRequest;
  const related = { relatedRequestId: id };
  const request = server.request.bind(server) as (message: unknown, ...rest: unknown[]) => Promise<unknown>;
  const send = (message: unknown, schemaOrOptions?: unknown, options?: object) =>
    isSchema(schemaOrOptions)
      ? request(message, schemaOrOptions, { ...options, ...related })
      : request(message, { ...(schemaOrOptions as object | undefined), ...related });
  const mcpReq = {
    [CALL]: call,
    id,
    method,
    _meta: fastRequest.params._meta,
    requestState: () => undefined,
    send,
    notify: (notification: Notification) => exchange.notify(notification),
  };
  return {
    sessionId: server.transport?.sessionId,
    mcpReq: Object.defineProperty(mcpReq, "signal", SIGNAL),
    http: httpOf(exchange),
  } as unknown as ServerContext;
}

/** The call a request context's shared accessors read (engine/shared-accessor.ts). */
const CALL = Symbol("the call a request context serves");

const SIGNAL = sharedAccessor(CALL, signalOf);

/** `ctx.http` as the SDK's `buildContext` gives it: on HTTP the request (its headers, when asked) and the caller. */
function httpOf(exchange: LegacyExchange): ServerContext["http"] {
  const { headers, authInfo } = exchange;
  if (headers === undefined) return authInfo && ({ authInfo } as ServerContext["http"]);
  const http = { ...(authInfo !== undefined && { authInfo }), [EXCHANGE]: exchange };
  return Object.defineProperty(http, "req", REQ) as unknown as ServerContext["http"];
}

const EXCHANGE = Symbol("the exchange a request context serves");

const REQ = sharedAccessor(EXCHANGE, (exchange: LegacyExchange) => ({ headers: exchange.headers?.() }));

/** A Standard Schema (what `ctx.mcpReq.send` takes as its optional second argument). */
function isSchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && "~standard" in value;
}

/** The request as the `request` hooks and the SDK's checks see it on the SDK path. */
function jsonRpcOf(request: FastRequest): JSONRPCRequest {
  return { jsonrpc: "2.0", id: request.id, method: request.method, params: request.params } as JSONRPCRequest;
}

/** The exchange of an answer worked out ahead of any request (a list page): nobody to notify. */
const IDLE_EXCHANGE: LegacyExchange = {
  signal: () => AbortSignal.abort(),
  notify: async () => {},
};
