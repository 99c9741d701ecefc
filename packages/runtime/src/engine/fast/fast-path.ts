import type {
  AuthInfo,
  CacheHint,
  JSONRPCRequest,
  Notification,
  Result,
  ServerContext,
} from "@modelcontextprotocol/server";
import type { TransportKind } from "../../model/middleware.js";
import { resultJson } from "../../results/structured.js";
import { isInputRequiredResult, Server } from "../../sdk.js";
import { activeTelemetry } from "../../telemetry/active.js";
import { RequestSpan } from "../../telemetry/request-span.js";
import { type ErrorObject, errorResponse } from "../../wire-errors.js";
import type { CompiledModel } from "../compiled.js";
import type { ConnectionState } from "../context.js";
import type { LiveModel } from "../live-model.js";
import { modernFacts, runHooksOutsideServer, type Serving } from "../middleware/server.js";
import { reportFailure } from "../report.js";
import { type SdkChecks, sdkChecks } from "../sdk/checks.js";
import {
  ENCODE_FAILURE,
  encodeResult,
  errorOf,
  FAST_REVISION,
  type FastMethod,
  liftEnvelope,
  RESULT_HEAD,
  resultTail,
  rewritesToolsList,
  type StandardHeaders,
  serves,
  statusOf,
} from "../sdk/contract.js";
import { isCanonicalToolResult } from "../sdk/tool-result-shape.js";
import { type ModelHandler, type ModelMethod, modelHandlers } from "../server/handlers.js";
import { servedOptions } from "../server/served.js";
import type { TaskManager } from "../tasks/manager.js";
import { isScoped, type ListMethod } from "../visibility.js";
import { type FastRequest, recognise } from "./recognise.js";

/** Where a request served on the fast path came from, and how to reach its client before the answer. */
export interface FastExchange {
  readonly authInfo?: AuthInfo;
  /** The request's headers, made when something first asks for them (HTTP; stdio has none). */
  readonly headers?: () => Headers;
  /** Aborted when the client goes away; made when something first asks for it. */
  signal(): AbortSignal;
  /** A notification about this request (progress, a log message), sent ahead of its answer. */
  notify(notification: Notification): Promise<void>;
  /**
   * A message of the server's own about this request (a request to a legacy client), written as it is, ahead of the
   * answer. Absent where nothing but notifications is sent (2026-07-28).
   */
  relay?(message: object): void;
}

/** A JSON-RPC response, serialised, with the HTTP status the SDK gives it. */
export interface FastAnswer {
  readonly status: number;
  readonly text: string;
  /**
   * An answer prepared once per model (a list page, discover) also comes in three parts, the middle one its result
   * encoded to UTF-8 once: a server writing bytes sends those rather than encoding the text again.
   */
  readonly parts?: readonly [string, Uint8Array, string];
}

/** A result serialised once, as text and as UTF-8. */
interface Prepared {
  readonly text: string;
  readonly bytes: Uint8Array;
}

const utf8 = new TextEncoder();

/**
 * The fast path (docs/performance.md): answers the hot stateless 2026-07-28 requests from the compiled
 * model, with the same handlers, hooks and checks as the SDK path, and none of its per-request objects (a `Server`,
 * a transport, a Protocol, web Request/Response, zod parses). `recognise` picks the requests it answers exactly as
 * the SDK would; every other request goes to the SDK. One per served endpoint (HTTP) or connection (stdio).
 */
export class FastPath {
  readonly #live: LiveModel;
  readonly #serving: Serving;
  readonly #handlers: Record<ModelMethod, ModelHandler>;
  /** What depends only on the model, worked out once per compiled model (a change makes a new one). */
  readonly #perModel = new WeakMap<CompiledModel, ModelFacts>();
  readonly #tasks: TaskManager | undefined;
  /** Made at the first answer that needs it (engine/sdk/checks.ts). */
  #checks: SdkChecks | undefined;
  /** On a connection, the model as it was when the connection settled (see `pin`). */
  #pinned: CompiledModel | undefined;

  constructor(live: LiveModel, transport: TransportKind, tasks?: TaskManager) {
    this.#live = live;
    this.#tasks = tasks;
    this.#serving = { transport, hooks: live.middleware.request };
    // The fast path serves 2026-07-28 only, which has no connection state (a log level is set per request).
    const connection: ConnectionState = {};
    // The SDK's own 2026-07-28 projection of a tool result (non-object structured content also sent as text).
    this.#handlers = modelHandlers(live, tasks, connection, (result, outputSchema) =>
      this.#sdkChecks().projectCallToolResult(result, outputSchema),
    );
  }

  /**
   * Fixes what the server advertises to what it is now, for the rest of a connection: on stdio the SDK builds the
   * connection's server once, when the connection settles on 2026-07-28, and it keeps serving the kinds, and
   * discovering the capabilities, it was built with. Over HTTP every request sees the model as it is.
   */
  pin(): void {
    this.#pinned = this.#live.current;
  }

  /** The request, when the fast path answers it; undefined when the SDK must. */
  recognise(body: unknown, headers?: StandardHeaders): FastRequest | undefined {
    const request = recognise(body, headers);
    if (request === undefined) return undefined;
    const { method } = request;
    if (method === "server/discover") return request;
    const model = this.#live.current;
    if (!serves((this.#pinned ?? model).serverOptions.capabilities ?? {}, method)) return undefined;
    if (method !== "tools/call") return request;
    // A tool that can become a task runs through the tasks extension's machinery on the SDK path.
    const tool = model.tools.get(request.params.name as string);
    return tool !== undefined && tool.task === undefined ? request : undefined;
  }

  /**
   * Whether a recognised request's answer needs nothing of the SDK, so that the stdio front (serve/stdio-front.ts)
   * may give it before the SDK is loaded: the first page of a list, prepared from the model, with no request hooks
   * to run and no span to open. (A later page's cursor may be refused, with the SDK's error class.)
   */
  answersWithoutSdk(request: FastRequest): boolean {
    return isListMethod(request.method) && request.params.cursor === undefined && !this.wrapsRequests();
  }

  /** Whether a request is answered inside request hooks or a span, which the SDK's path opens for its own too. */
  wrapsRequests(): boolean {
    return this.#serving.hooks.length > 0 || activeTelemetry() !== undefined;
  }

  /**
   * The first page of a list as a 2025 connection's server answers it (engine/fast/legacy-fast-path.ts), for the stdio
   * front before there is one: its handlers are these, and the SDK's 2025 encoding hands their result on as it is.
   * Undefined when it needs more than the model (see `answersWithoutSdk`), when the connection's server would not
   * serve the method, and for a tools/list the SDK's 2025 encoding rewrites.
   */
  legacyListAnswer(request: FastRequest): string | undefined {
    const { method } = request;
    const model = this.#live.current;
    if (!isListMethod(method) || !this.answersWithoutSdk(request)) return undefined;
    if (!serves(model.serverOptions.capabilities ?? {}, method)) return undefined;
    if (method === "tools/list" && rewritesToolsList(model.tools.values())) return undefined;
    const result = this.#handlers[method](request.params, requestContext(request, NO_EXCHANGE), undefined);
    return response(request.id, JSON.stringify(result));
  }

  /**
   * Answers a recognised request, inside its server span when a provider is registered (the same span the SDK path
   * opens). Never rejects: what the SDK would answer as an error is answered as one.
   */
  answer(request: FastRequest, exchange: FastExchange): Promise<FastAnswer> {
    const telemetry = activeTelemetry();
    if (telemetry === undefined) return this.#answer(request, exchange, undefined);
    const facts = modernFacts(request, request.meta, this.#serving.transport, exchange.headers?.());
    const span = new RequestSpan(telemetry, facts);
    return span.run(() => this.#answer(request, exchange, span));
  }

  async #answer(request: FastRequest, exchange: FastExchange, span: RequestSpan | undefined): Promise<FastAnswer> {
    const model = this.#live.current;
    const hooks = this.#serving.hooks;
    const sdk = requestContext(request, exchange);
    let result: Result;
    try {
      if (hooks.length === 0) {
        const prepared = this.#preparedAnswer(request, model, exchange.authInfo);
        if (prepared !== undefined) {
          span?.succeed(undefined);
          return preparedAnswer(request.id, prepared);
        }
      }
      const run = () => this.#run(request, sdk, model);
      result =
        hooks.length === 0
          ? await run()
          : await runHooksOutsideServer(this.#serving, liftedRequest(request), hookContext(exchange, request), run);
    } catch (error) {
      span?.fail(error);
      return errorAnswer(request.id, error);
    }
    span?.succeed(result);
    let encoded: Result;
    try {
      encoded = encodeResult(request.method, result, hintOf(model, request.method), model.info);
    } catch (error) {
      reportFailure(`encoding the result of ${request.method} failed`, error);
      return errorAnswer(request.id, ENCODE_FAILURE);
    }
    // Structured content as its handler wrote it, unless a middleware may have changed it since.
    const written = hooks.length === 0 && this.#live.middleware.tool.length === 0;
    return { status: 200, text: response(request.id, resultJson(encoded, written)) };
  }

  /**
   * The handler's result as the SDK's `Server` hands it on. A tools/call result the SDK's checks would give back
   * unchanged (tool-result-shape.ts) is handed on as it is; every other tools/call result, and every input-required
   * one, goes through those checks (engine/sdk/checks.ts).
   */
  async #run(request: FastRequest, sdk: ServerContext, model: CompiledModel): Promise<Result> {
    const { method } = request;
    if (method === "server/discover") return this.#discoverResult(model);
    const result = await this.#handlers[method](request.params, sdk, undefined);
    const checked = isInputRequiredResult(result) || (method === "tools/call" && !isCanonicalToolResult(result));
    if (!checked) return result;
    return this.#sdkChecks().check(method, liftedRequest(request), sdk, result);
  }

  /**
   * A list page or discover, serialised and encoded once per model: these depend on nothing else when every caller
   * sees every entry (no credential, or no entry of the list needs a scope).
   */
  #preparedAnswer(request: FastRequest, model: CompiledModel, authInfo: AuthInfo | undefined): Prepared | undefined {
    const { method, params } = request;
    if (method !== "server/discover" && !isListMethod(method)) return undefined;
    const facts = this.#factsOf(model);
    if (authInfo !== undefined && method !== "server/discover") {
      let scoped = facts.scoped.get(method);
      if (scoped === undefined) {
        scoped = isScoped(model, method);
        facts.scoped.set(method, scoped);
      }
      if (scoped) return undefined;
    }
    const { answers } = facts;
    // No cursor and an empty one are two requests (an empty cursor is refused).
    const cursor = params.cursor as string | undefined;
    const key = cursor === undefined ? method : `${method}\n${cursor}`;
    let prepared = answers.get(key);
    if (prepared === undefined) {
      const result =
        method === "server/discover"
          ? this.#discoverResult(model)
          : (this.#handlers[method](params, requestContext(request, NO_EXCHANGE), undefined) as Result);
      const text = JSON.stringify(encodeResult(method, result, hintOf(model, method), model.info));
      prepared = { text, bytes: utf8.encode(text) };
      answers.set(key, prepared);
    }
    return prepared;
  }

  /**
   * What the SDK's `server/discover` answers for this model (on a connection, for the model it settled with): the
   * capabilities a server built with its options advertises, worked out once.
   */
  #discoverResult(current: CompiledModel): Result {
    const model = this.#pinned ?? current;
    const facts = this.#factsOf(model);
    if (facts.discover === undefined) {
      const { info, serverOptions } = model;
      const instructions = serverOptions.instructions;
      facts.discover = {
        supportedVersions: [FAST_REVISION],
        capabilities: { ...new Server(info, servedOptions(serverOptions, this.#tasks)).getCapabilities() },
        ...(instructions && { instructions }),
      };
    }
    return facts.discover;
  }

  #sdkChecks(): SdkChecks {
    const { info, serverOptions } = this.#live.current;
    this.#checks ??= sdkChecks(info, servedOptions(serverOptions, undefined));
    return this.#checks;
  }

  #factsOf(model: CompiledModel): ModelFacts {
    let facts = this.#perModel.get(model);
    if (facts === undefined) {
      facts = { answers: new Map(), scoped: new Map() };
      this.#perModel.set(model, facts);
    }
    return facts;
  }
}

interface ModelFacts {
  /** Prepared answers by method and cursor. */
  readonly answers: Map<string, Prepared>;
  /** Whether an entry of a list needs a scope (then a credential changes what the list shows). */
  readonly scoped: Map<ListMethod, boolean>;
  /** What `server/discover` answers. */
  discover?: Result;
}

function isListMethod(method: FastMethod): method is ListMethod {
  return method.endsWith("/list");
}

function hintOf(model: CompiledModel, method: FastMethod): CacheHint | undefined {
  return (model.serverOptions.cacheHints as Partial<Record<string, CacheHint>> | undefined)?.[method];
}

/** The JSON-RPC response around a serialised result, as the SDK writes it. */
function response(id: string | number, result: string): string {
  return `${RESULT_HEAD}${result}${resultTail(id)}`;
}

function preparedAnswer(id: string | number, prepared: Prepared): FastAnswer {
  const tail = resultTail(id);
  return {
    status: 200,
    parts: [RESULT_HEAD, prepared.bytes, tail],
    get text() {
      return `${RESULT_HEAD}${prepared.text}${tail}`;
    },
  };
}

/** An error as the SDK answers it after dispatch, in band. */
function errorAnswer(id: string | number, thrown: unknown): FastAnswer {
  const error: ErrorObject = errorOf(thrown);
  return { status: statusOf(error.code, "in-band"), text: JSON.stringify(errorResponse(id, error)) };
}

/**
 * The context the SDK would hand the handlers, built from the request alone: its envelope lifted out of `_meta` as
 * the SDK lifts it, no input round (such requests go to the SDK), and the exchange's signal, headers and
 * notifications read only when a handler asks.
 */
function requestContext(request: FastRequest, exchange: FastExchange): ServerContext {
  const { envelope, meta } = liftEnvelope(request.meta);
  return {
    mcpReq: new RequestFacts(request, exchange, envelope, meta),
    http: exchange.headers && new HttpFacts(exchange),
  } as unknown as ServerContext;
}

/** `ctx.mcpReq` of the SDK's request context. A class: its accessors live on the prototype, not on every request. */
class RequestFacts {
  readonly id: string | number;
  readonly method: string;
  readonly _meta: Record<string, unknown> | undefined;
  readonly envelope: Record<string, unknown>;
  readonly #exchange: FastExchange;

  constructor(
    request: FastRequest,
    exchange: FastExchange,
    envelope: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
  ) {
    this.id = request.id;
    this.method = request.method;
    this._meta = meta;
    this.envelope = envelope;
    this.#exchange = exchange;
  }

  get signal(): AbortSignal {
    return this.#exchange.signal();
  }

  requestState(): undefined {
    return undefined;
  }

  notify(notification: Notification): Promise<void> {
    return this.#exchange.notify(notification);
  }

  send(): Promise<never> {
    return Promise.reject(new Error("No server-to-client requests on 2026-07-28: use ctx.elicit & co."));
  }
}

/** `ctx.http` of the SDK's request context: the verified caller, and the request's headers when asked for. */
class HttpFacts {
  readonly authInfo: AuthInfo | undefined;
  readonly #exchange: FastExchange;

  constructor(exchange: FastExchange) {
    this.authInfo = exchange.authInfo;
    this.#exchange = exchange;
  }

  get req(): { headers: Headers | undefined } {
    return { headers: this.#exchange.headers?.() };
  }
}

/** The request as the `request` hooks see it on the SDK path: its envelope lifted out of `_meta`. */
function liftedRequest(request: FastRequest): JSONRPCRequest {
  const { meta } = liftEnvelope(request.meta);
  const { _meta, ...params } = request.params;
  return {
    jsonrpc: "2.0",
    id: request.id,
    method: request.method,
    params: meta === undefined ? params : { ...params, _meta: meta },
  } as JSONRPCRequest;
}

function hookContext(exchange: FastExchange, request: FastRequest) {
  return {
    signal: exchange.signal(),
    headers: exchange.headers?.(),
    authInfo: exchange.authInfo,
    envelope: liftEnvelope(request.meta).envelope,
  };
}

/** The exchange of an answer worked out ahead of any request (a prepared list page): nobody to notify. */
const NO_EXCHANGE: FastExchange = {
  signal: () => AbortSignal.abort(),
  notify: async () => {},
};
