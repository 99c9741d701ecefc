import { isJsonObject } from "../json.js";
import { BoundedMap, CALL_METHODS, classify, type Message, shown, summaryOf } from "./messages.js";
import type { CallEntry } from "./model.js";
import type { PageStore } from "./store.js";
import { newTraceId, traceIdOf, traceparentIn } from "./trace-context.js";

/** Where a message travelled: the exchange (an HTTP request, or the stdio connection) and the session it belongs to. */
export interface Channel {
  /** Answers come back on it: an HTTP exchange's own id, or `stdio`. */
  exchange: string;
  /** Where a server's own requests are answered from: a legacy session id, else the exchange. */
  session: string;
  /** Sent by the page's own client. */
  page: boolean;
  /** The HTTP `traceparent` header the request came with (the server continues that trace then). */
  traceparent?: string | undefined;
}

/** What the proxy remembers between messages, each map bounded: a client that never answers cannot grow it. */
const REMEMBERED = 1000;

type Waiting = { call: CallEntry; role: "call" | "task" | "other"; session: string; firstPage?: boolean };

/**
 * Turns the messages passing the dev proxy into the page's call log: a request opens a call, its answer closes it,
 * and the rounds between (input asked for, progress, a task's polls) are filed under it. Requests for a tool,
 * prompt or resource get a trace (`_meta.traceparent`) unless they carry one, so the server's spans find their call.
 */
export class TrafficRecorder {
  readonly #store: PageStore;
  readonly #start: () => number;
  readonly #onListChanged: () => void;
  readonly #onToolsListed: ((tools: unknown[]) => void) | undefined;
  #ids = 0;
  readonly #waiting = new BoundedMap<string, Waiting>(REMEMBERED);
  readonly #serverRequests = new BoundedMap<string, CallEntry>(REMEMBERED);
  readonly #byRequestState = new BoundedMap<string, CallEntry>(REMEMBERED);
  readonly #byTask = new BoundedMap<string, CallEntry>(REMEMBERED);
  readonly #byProgress = new BoundedMap<string, CallEntry>(REMEMBERED);

  /**
   * `onListChanged`: the server said its tools changed. `onToolsListed`: a client read a whole tools/list in one page
   * (over stdio the page has no connection of its own, and shows the host's list).
   */
  constructor(
    store: PageStore,
    start: () => number,
    onListChanged: () => void,
    onToolsListed?: (tools: unknown[]) => void,
  ) {
    this.#store = store;
    this.#start = start;
    this.#onListChanged = onListChanged;
    this.#onToolsListed = onToolsListed;
  }

  /** A message from a client to the server; returns it as it must be passed on (with a trace added). */
  fromClient(value: unknown, channel: Channel): unknown {
    const message = classify(value);
    if (message?.kind === "request") return this.#request(value as Record<string, unknown>, message, channel);
    if (message?.kind === "response") this.#answerToServer(message, channel);
    if (message?.kind === "notification" && message.method === "notifications/cancelled") {
      this.#cancelled(message.params.requestId, channel.session);
    }
    return value;
  }

  /** A message from the server to a client. */
  fromServer(value: unknown, channel: Channel): void {
    const message = classify(value);
    if (message?.kind === "response") this.#response(message, channel);
    else if (message?.kind === "request") this.#serverRequest(message, channel);
    else if (message?.kind === "notification") this.#notification(message, channel);
  }

  /** The exchange ended (or the server went away): requests on it that got no answer never will. */
  ended(exchange: string): void {
    for (const [waitingKey, waiting] of this.#waiting) {
      if (!waitingKey.startsWith(`${exchange}\u0000`)) continue;
      this.#waiting.delete(waitingKey);
      if (waiting.role === "call" && waiting.call.state === "pending") this.#finish(waiting.call, "lost");
    }
  }

  /** A legacy client cancels by id, on any exchange of its session. */
  #cancelled(requestId: unknown, session: string): void {
    const suffix = `\u0000${JSON.stringify(requestId)}`;
    for (const [waitingKey, waiting] of this.#waiting) {
      if (waiting.session !== session || !waitingKey.endsWith(suffix) || waiting.role !== "call") continue;
      this.#finish(waiting.call, "cancelled");
    }
  }

  #request(raw: Record<string, unknown>, message: Extract<Message, { kind: "request" }>, channel: Channel): unknown {
    const { method, params } = message;
    const waitingKey = key(channel.exchange, message.id);
    const taskCall = typeof params.taskId === "string" ? this.#byTask.get(params.taskId) : undefined;
    if (method.startsWith("tasks/") && taskCall) {
      this.#waiting.set(waitingKey, { call: taskCall, role: "task", session: channel.session });
      return raw;
    }
    const targetField = CALL_METHODS[method];
    const meta = isJsonObject(params._meta) ? params._meta : undefined;
    // A trace of the client's own (in `_meta`, or the HTTP header) is the one the server continues.
    const own = traceIdOf(meta?.traceparent) ?? traceIdOf(channel.traceparent);
    const continued =
      targetField && typeof params.requestState === "string"
        ? this.#byRequestState.get(params.requestState)
        : undefined;
    const traceId = continued?.traceId ?? (targetField ? (own ?? newTraceId()) : undefined);
    const passed =
      traceId === undefined || own !== undefined
        ? raw
        : { ...raw, params: { ...params, _meta: { ...meta, traceparent: traceparentIn(traceId) } } };
    if (continued) this.#continue(continued, params);
    const call =
      continued ?? this.#open(method, targetField ? params[targetField] : undefined, passed, channel, traceId);
    this.#waiting.set(waitingKey, {
      call,
      role: targetField ? "call" : "other",
      session: channel.session,
      firstPage: params.cursor === undefined,
    });
    const token = meta?.progressToken;
    if (typeof token === "string" || typeof token === "number")
      this.#byProgress.set(key(channel.exchange, token), call);
    return passed;
  }

  #open(method: string, target: unknown, raw: unknown, channel: Channel, traceId: string | undefined): CallEntry {
    const call: CallEntry = {
      id: `c${++this.#ids}`,
      method,
      ...(typeof target === "string" && { target }),
      from: channel.page ? "page" : "client",
      start: this.#start(),
      startedAt: Date.now(),
      state: "pending",
      request: shown(raw),
      rounds: [],
      progress: [],
      // Known before the call is added, so no span can arrive for a call the store has not indexed.
      ...(traceId && { traceId }),
      spans: [],
    };
    this.#store.addCall(call);
    return call;
  }

  /** The same call sent again with the input its last round asked for (2026-07-28 input rounds). */
  #continue(call: CallEntry, params: Record<string, unknown>): void {
    const round = call.rounds.at(-1);
    if (round && round.answer === undefined) {
      round.answer = shown(params.inputResponses ?? {});
      round.answeredAt = Date.now();
    }
    call.state = "pending";
    this.#store.updated(call);
  }

  #response(message: Extract<Message, { kind: "response" }>, channel: Channel): void {
    const waitingKey = key(channel.exchange, message.id);
    const waiting = this.#waiting.get(waitingKey);
    if (!waiting) return;
    this.#waiting.delete(waitingKey);
    const { call, role } = waiting;
    const result = message.result;
    if (call.method === "tools/list" && waiting.firstPage && Array.isArray(result?.tools) && !result.nextCursor) {
      this.#onToolsListed?.(result.tools);
    }
    if (role === "task") {
      this.#taskAnswer(call, message);
      return;
    }
    call.response = shown(message.error ? { error: message.error } : result);
    const summary = summaryOf(message);
    if (summary !== undefined) call.summary = summary;
    if (result?.resultType === "input_required") {
      if (typeof result.requestState === "string") this.#byRequestState.set(result.requestState, call);
      call.rounds.push({ at: Date.now(), kind: "input_required", asked: shown(result.inputRequests ?? {}) });
      call.state = "input-required";
      this.#store.updated(call);
      return;
    }
    if (isJsonObject(result?.task) && typeof result.task.taskId === "string") {
      this.#byTask.set(result.task.taskId, call);
      const status = String(result.task.status ?? "working");
      call.task = { taskId: result.task.taskId, status, history: [{ at: Date.now(), status }] };
      call.state = "task";
      this.#store.updated(call);
      return;
    }
    this.#finish(call, message.error ? "error" : result?.isError === true ? "tool-error" : "ok");
  }

  /** tasks/get reports a status; tasks/result is the tool's own answer. */
  #taskAnswer(call: CallEntry, message: Extract<Message, { kind: "response" }>): void {
    const result = message.result ?? {};
    if (typeof result.status === "string") this.#taskStatus(call, result.status, result.statusMessage);
    else if (message.error || Array.isArray(result.content)) {
      call.response = shown(message.error ? { error: message.error } : result);
      call.summary = summaryOf(message) ?? call.summary;
      this.#finish(call, message.error ? "error" : result.isError === true ? "tool-error" : "ok", "task");
      return;
    }
    this.#store.updated(call);
  }

  #taskStatus(call: CallEntry, status: string, statusMessage: unknown): void {
    if (!call.task) return;
    if (call.task.status !== status) call.task.history.push({ at: Date.now(), status });
    call.task.status = status;
    if (typeof statusMessage === "string") call.task.statusMessage = statusMessage;
  }

  /** A legacy server's own request (elicitation, sampling, roots) during a call on the same exchange or session. */
  #serverRequest(message: Extract<Message, { kind: "request" }>, channel: Channel): void {
    const pending = [...this.#waiting.entries()].filter(
      ([waitingKey, waiting]) => waitingKey.startsWith(`${channel.exchange}\u0000`) && waiting.role === "call",
    );
    // Only one call can have asked; with several in flight on one stdio connection, nothing says which.
    if (pending.length !== 1) return;
    const call = pending[0]![1].call;
    call.rounds.push({ at: Date.now(), kind: "request", asked: shown({ method: message.method, ...message.params }) });
    this.#serverRequests.set(key(channel.session, message.id), call);
    this.#store.updated(call);
  }

  #answerToServer(message: Extract<Message, { kind: "response" }>, channel: Channel): void {
    const call = this.#serverRequests.get(key(channel.session, message.id));
    if (!call) return;
    const round = call.rounds.findLast((candidate) => candidate.kind === "request" && candidate.answer === undefined);
    if (round) {
      round.answer = shown(message.error ? { error: message.error } : message.result);
      round.answeredAt = Date.now();
    }
    this.#store.updated(call);
  }

  #notification(message: Extract<Message, { kind: "notification" }>, channel: Channel): void {
    const { method, params } = message;
    if (method === "notifications/tools/list_changed") this.#onListChanged();
    if (method === "notifications/progress") {
      const call = this.#byProgress.get(key(channel.exchange, params.progressToken));
      if (!call || typeof params.progress !== "number") return;
      call.progress.push({
        at: Date.now(),
        progress: params.progress,
        ...(typeof params.total === "number" && { total: params.total }),
        ...(typeof params.message === "string" && { message: params.message }),
      });
      if (call.progress.length > 100) call.progress.shift();
      this.#store.updated(call);
    }
    if (method === "notifications/tasks/status" && typeof params.taskId === "string") {
      const call = this.#byTask.get(params.taskId);
      if (!call || typeof params.status !== "string") return;
      this.#taskStatus(call, params.status, params.statusMessage);
      this.#store.updated(call);
    }
  }

  #finish(call: CallEntry, state: CallEntry["state"], why?: "task"): void {
    if (why !== "task" && call.state === "task") return;
    call.state = state;
    call.endedAt = Date.now();
    this.#store.updated(call);
  }
}

function key(channel: string, id: unknown): string {
  return `${channel}\u0000${JSON.stringify(id)}`;
}
