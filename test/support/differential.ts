// The fast-path differential test's machinery (test/fast-path.differential.test.ts): the same request sent to two
// servers of one model, one serving with `fastPath: true` and one with `fastPath: false`, over HTTP or stdio, and
// their answers compared after the normalisations named below, which are the only differences allowed. Everything
// a server makes up at random is named here, with the reason; nothing is skipped.
import { expect } from "vitest";
import { envelope, exchange, type RawAnswer } from "./http.js";
import type { StdioPeer } from "./stdio-peer.js";
import {
  answerMessages,
  completeEvents,
  issuedValues,
  paced,
  parseOrText,
  type RecordedExchange,
  sseEvents,
} from "./traffic.js";

/** The two ways of serving a request: the fast path, and the SDK's per-request server. */
export const SIDES = ["fastPath: true", "fastPath: false"] as const;
export type Side = (typeof SIDES)[number];

/** One request, sent alike to both servers. */
export interface Probe {
  what: string;
  /** The HTTP method (POST unless said); stdio sends the body as one line and ignores the rest. */
  method?: string;
  /** Path and query relative to the endpoint's URL; default the endpoint itself. */
  path?: string;
  headers?: Record<string, string>;
  /** A text, or a body sent chunked (no Content-Length): `chunks` pieces of `size` bytes. HTTP only. */
  body?: string | { chunks: number; size: number };
  /**
   * Names for the random values this request's answer issues (`issuedValues`: a session id, task ids, request
   * states), in order. A later request that contains a name is sent with the value each server issued under it.
   */
  issues?: readonly string[];
  /**
   * An answer that stays open until the client closes it (a `subscriptions/listen` stream): stdio does not wait for
   * it, and HTTP compares its status and headers only (`observeHttp`).
   */
  stream?: boolean;
  /**
   * A request the server answers only once the client has answered a request of its own (an elicitation, a
   * sampling): over stdio, what the server wrote is taken once that request of the server's has come.
   */
  asks?: boolean;
  /**
   * The client's answer to such a request of the server's, carrying the id of the client's request that waits for
   * it. Over stdio the answer is sent with the id of the server's latest request on that side, and what the server
   * wrote is taken once the waiting request's answer has come.
   */
  completes?: string | number;
  /**
   * Sent no sooner than this many milliseconds after the previous request: a recorded task poll keeps its pace, since
   * the task moves on in the background meanwhile (`paced` in test/support/traffic.ts).
   */
  delayMs?: number;
  /**
   * A poll of something that moves on in the background (a task's `tasks/get`): while the two answers differ, both
   * servers are asked again, every `POLL_MS` for up to `CONVERGE_MS`, and the last answers are compared. Two
   * servers of one model reach the same states, but not at the same instant; a real difference does not go away.
   */
  poll?: boolean;
}

/** Waits a probe's `delayMs`, if it has one. */
export function keepPace(probe: Probe): Promise<void> {
  return probe.delayMs ? sleep(probe.delayMs) : Promise.resolve();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const POLL_MS = 100;
const CONVERGE_MS = 5_000;

/** Observes both sides once, and for a poll (`Probe.poll`) again until they agree or `CONVERGE_MS` has passed. */
async function converge<T>(probe: Probe, observe: () => Promise<Record<Side, T>>): Promise<Record<Side, T>> {
  let observed = await observe();
  const deadline = Date.now() + CONVERGE_MS;
  while (probe.poll && !sameWire(observed) && Date.now() < deadline) {
    await sleep(POLL_MS);
    observed = await observe();
  }
  return observed;
}

/** Whether both sides' observations are the same, members in the same order (what `expectSame` checks). */
function sameWire(observed: Record<Side, unknown>): boolean {
  return JSON.stringify(observed[SIDES[0]]) === JSON.stringify(observed[SIDES[1]]);
}

/** Both sides' results, by side. */
async function bothSides<T>(each: (side: Side) => Promise<T>): Promise<Record<Side, T>> {
  const [fast, sdk] = await Promise.all(SIDES.map(each));
  return { "fastPath: true": fast!, "fastPath: false": sdk! };
}

/**
 * The HTTP headers compared, and how. Other headers (`date`, `content-length`, `keep-alive`, `transfer-encoding`)
 * describe the connection or the moment, not the answer.
 */
export const COMPARED_HEADERS: Readonly<Record<string, "value" | "essence" | "presence" | "on 413">> = {
  /** The media type without parameters (`application/json; charset=utf-8` and `application/json` are the same). */
  "content-type": "essence",
  "cache-control": "value",
  "www-authenticate": "value",
  /** A random id per session: whether an answer opened a session is what matters. */
  "mcp-session-id": "presence",
  allow: "value",
  "retry-after": "value",
  vary: "value",
  location: "value",
  "content-encoding": "value",
  "x-accel-buffering": "value",
  "access-control-allow-origin": "value",
  "access-control-allow-methods": "value",
  "access-control-allow-headers": "value",
  "access-control-expose-headers": "value",
  /** A 413 closes the connection (the rest of the body is never read); elsewhere it is Node's keep-alive. */
  connection: "on 413",
  /** Set by the fixture's `http` middleware hook on every answer it passes on. */
  "x-differential-seen": "value",
};

/** A server's origin in its answers (`resource_metadata` URLs), which differs by port only. */
const OWN_ORIGIN = /http:\/\/127\.0\.0\.1:\d+/g;

/**
 * JSON keys whose values a server makes up, and what each is compared as instead (after `issued` names: a value a
 * request set named is compared by that name). A value that is not of the expected shape is compared as it is.
 */
const MADE_UP_KEYS: Readonly<Record<string, { why: string; as(value: string, context: Normalising): unknown }>> = {
  taskId: {
    why: "a random id per task: by the name the request set gave it, else by order of appearance in the answer",
    as: (value, context) => context.names.get(value) ?? numbered("taskId", value, context.seen),
  },
  requestState: {
    why: "signed with the same key on both servers, but it carries an expiry from the clock: compared by payload",
    as: statePayload,
  },
  createdAt: { why: "the clock", as: timestamp },
  lastUpdatedAt: { why: "the clock", as: timestamp },
};

interface Normalising {
  /** The values this side issued, by value: each is written as its name wherever it appears (an error message). */
  names: Map<string, string>;
  /** Task ids without a name, numbered in order of appearance. */
  seen: Map<string, string>;
}

function numbered(kind: string, value: string, seen: Map<string, string>): string {
  let name = seen.get(value);
  if (name === undefined) {
    name = `<${kind} #${seen.size + 1}>`;
    seen.set(value, name);
  }
  return name;
}

function timestamp(value: string): string {
  return Number.isNaN(Date.parse(value)) ? value : "<timestamp>";
}

/** `v1.<base64url JSON { p, exp }>.<signature>` (the SDK's codec): the payload `p`, without expiry and signature. */
function statePayload(value: string): unknown {
  const [version, payload, signature] = value.split(".");
  if (version !== "v1" || payload === undefined || signature === undefined) return value;
  try {
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { p?: unknown };
    return { requestStatePayload: decoded.p };
  } catch {
    return value;
  }
}

/**
 * A JSON value as it is compared: made-up values replaced (`MADE_UP_KEYS`), the values this side issued under a
 * name (`issued`, name to value) written as that name, and the own origin written as `<origin>`.
 */
export function normalise(value: unknown, issued: ReadonlyMap<string, string> = new Map()): unknown {
  const names = new Map([...issued].map(([name, issuedValue]) => [issuedValue, name]));
  return normaliseValue(value, { names, seen: new Map() });
}

function normaliseValue(value: unknown, context: Normalising): unknown {
  if (typeof value === "string") {
    let result = value.replace(OWN_ORIGIN, "<origin>");
    for (const [issuedValue, name] of context.names) result = result.replaceAll(issuedValue, name);
    return result;
  }
  if (Array.isArray(value)) return value.map((item) => normaliseValue(item, context));
  if (value === null || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const rule = MADE_UP_KEYS[key];
    result[key] = rule && typeof item === "string" ? rule.as(item, context) : normaliseValue(item, context);
  }
  if (isTask(result) && isObject(result.inputRequests)) result.inputRequests = inKeyOrder(result.inputRequests);
  return result;
}

/**
 * A task's state (`taskId` and `status`). Its `inputRequests` are compared in key order: questions a task asks
 * together (`Promise.all`) park in the order they settle, which the event loop decides on either path.
 */
function isTask(value: Record<string, unknown>): boolean {
  return typeof value.taskId === "string" && typeof value.status === "string";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function inKeyOrder(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What an HTTP answer is compared by: status, the compared headers, and the body parsed. */
export interface HttpObservation {
  /** The HTTP status, or what ended the exchange without one. */
  status: number | string;
  headers: Record<string, string>;
  /** JSON: the body parsed; SSE: `{ events }`, each event's data parsed; other text: `{ text }`; nothing: null. */
  body: unknown;
}

export function observeHttp(
  answer: RawAnswer,
  issued: ReadonlyMap<string, string>,
  { streamClosedByClient = false } = {},
): HttpObservation {
  const headers: Record<string, string> = {};
  const status = answer.status ?? answer.error ?? "no answer";
  for (const [name, rule] of Object.entries(COMPARED_HEADERS)) {
    const raw = answer.headers[name];
    if (raw === undefined || (rule === "on 413" && status !== 413)) continue;
    const value = Array.isArray(raw) ? raw.join(", ") : raw;
    headers[name] =
      rule === "presence"
        ? "<present>"
        : rule === "essence"
          ? (value.split(";")[0] ?? "").trim().toLowerCase()
          : value.replace(OWN_ORIGIN, "<origin>");
  }
  if (streamClosedByClient) return { status, headers, body: "<stream closed by the client: events not compared>" };
  const type = headers["content-type"];
  let body: unknown = null;
  if (type === "text/event-stream") {
    body = {
      events: sseEvents(answer.text).map((event) => ({
        ...(event.event !== undefined && { event: event.event }),
        // An event's id is the server's own, for resumption: by its presence.
        ...(event.id !== undefined && { id: "<present>" }),
        data: asSent(event.data),
      })),
    };
  } else if (type?.includes("json") && answer.text.length > 0) {
    body = asSent(answer.text);
  } else if (answer.text.length > 0) {
    body = { text: answer.text };
  }
  return { status, headers, body: normalise(body, issued) };
}

/**
 * A JSON text as compared: parsed, and marked when it is not written the compact way (`JSON.stringify`'s), so that
 * a difference in layout shows even though the values are compared parsed (members in order: `expectSame`).
 */
function asSent(text: string): unknown {
  const parsed = parseOrText(text);
  return JSON.stringify(parsed) === text ? parsed : { notCompact: parsed };
}

/** Each side's values for the names requests use (`Probe.issues`). */
export type Issued = Record<Side, Map<string, string>>;

export function newIssued(): Issued {
  return { "fastPath: true": new Map(), "fastPath: false": new Map() };
}

/** A text with every issued name replaced by the value `side` issued under it. */
export function substitute(text: string, issued: Map<string, string>): string {
  let result = text;
  for (const [name, value] of issued) result = result.replaceAll(name, value);
  return result;
}

/** Records the values an answer issued under the names the probe gave them. */
function learn(probe: Probe, values: readonly string[], issued: Map<string, string>): void {
  probe.issues?.forEach((name, index) => {
    const value = values[index];
    if (value !== undefined) issued.set(name, value);
  });
}

/** Sends a probe to one HTTP server (its endpoint `url`), the issued names replaced by that server's values. */
export async function sendHttp(
  url: URL,
  probe: Probe,
  issued: Map<string, string>,
  events: { signal?: AbortSignal; onResponse?: () => void; onText?: (text: string) => void } = {},
): Promise<RawAnswer> {
  const headers = Object.fromEntries(
    Object.entries(probe.headers ?? {}).map(([name, value]) => [name, substitute(value, issued)]),
  );
  const target = probe.path === undefined ? url : new URL(substitute(probe.path, issued), url);
  const body =
    probe.body === undefined || typeof probe.body === "string"
      ? probe.body && substitute(probe.body, issued)
      : Array.from({ length: probe.body.chunks }, () => "x".repeat((probe.body as { size: number }).size));
  const answer = await exchange(target, {
    method: probe.method ?? "POST",
    headers,
    ...(body !== undefined && { body }),
    ...events,
  });
  const sessionId = answer.headers["mcp-session-id"];
  learn(
    probe,
    issuedValues(
      Array.isArray(sessionId) ? sessionId[0] : sessionId,
      answerMessages(answer.headers["content-type"], answer.text),
    ),
    issued,
  );
  return answer;
}

/**
 * Fails with the request and both answers when the two observations differ: in value, then in the order of their
 * members (JSON.parse keeps the order they were written in, so this is the order on the wire).
 */
export function expectSame<T>(probe: Probe, observed: Record<Side, T>): void {
  const [fast, sdk] = SIDES;
  const message = describeDifference(probe, observed);
  expect(observed[fast], message).toEqual(observed[sdk]);
  expect(JSON.stringify(observed[fast], null, 1), `the same members in another order: ${message}`).toBe(
    JSON.stringify(observed[sdk], null, 1),
  );
}

function describeDifference(probe: Probe, observed: Record<string, unknown>): string {
  const body =
    typeof probe.body === "string"
      ? probe.body.length > 2_000
        ? `${probe.body.slice(0, 2_000)}... (${probe.body.length} characters)`
        : probe.body
      : probe.body && `${probe.body.chunks} chunks of ${probe.body.size} bytes`;
  const lines = [
    `the two paths answered "${probe.what}" differently`,
    "--- request ---",
    `${probe.method ?? "POST"} ${probe.path ?? "(the endpoint)"}`,
    ...Object.entries(probe.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    "",
    body ?? "(no body)",
  ];
  for (const side of SIDES) lines.push(`--- ${side} answered ---`, JSON.stringify(observed[side], null, 2));
  return lines.join("\n");
}

/** Sends a probe to both HTTP servers at once, and observes their answers. */
function observeBoth(urls: Record<Side, URL>, probe: Probe, issued: Issued): Promise<Record<Side, HttpObservation>> {
  return bothSides(async (side) => observeHttp(await sendHttp(urls[side], probe, issued[side]), issued[side]));
}

/** Two HTTP servers of one model, one per side. */
export class HttpPair {
  readonly issued = newIssued();

  constructor(readonly urls: Record<Side, URL>) {}

  /** Sends the probe to both servers at once and fails on any difference between their answers. */
  async expectSame(probe: Probe): Promise<void> {
    const observed = await this.observe(probe);
    expectSame(probe, observed);
  }

  async observe(probe: Probe): Promise<Record<Side, HttpObservation>> {
    await keepPace(probe);
    return converge(probe, () => observeBoth(this.urls, probe, this.issued));
  }
}

/** Two stdio servers of one model, one per side: each probe's body is one line. */
export class StdioPair {
  readonly issued = newIssued();
  #pings = 0;
  /** The id of the latest request each server sent its client. */
  readonly #asked: Partial<Record<Side, unknown>> = {};

  /** `legacy`: the connections were opened with `initialize`, so the pings that end each probe carry no envelope. */
  constructor(
    readonly peers: Record<Side, StdioPeer>,
    readonly era: "modern" | "legacy" = "modern",
  ) {}

  async expectSame(probe: Probe): Promise<void> {
    expectSame(probe, await this.observe(probe));
  }

  /** Each server's lines for the probe, normalised. */
  async observe(probe: Probe): Promise<Record<Side, unknown[]>> {
    await keepPace(probe);
    return converge(probe, () => bothSides((side) => this.#send(side, probe)));
  }

  /**
   * Writes the line and collects what the server wrote until it is done with it: an answer carrying the line's
   * id (or an error for no id) when the line is a request, and in any case the answer to a `ping` written after
   * it, which proves the line was read. The ping's answer is left out.
   */
  async #send(side: Side, probe: Probe): Promise<unknown[]> {
    const peer = this.peers[side];
    let line = substitute(typeof probe.body === "string" ? probe.body : "", this.issued[side]).replaceAll("\n", " ");
    if (probe.completes !== undefined) line = JSON.stringify({ ...JSON.parse(line), id: this.#asked[side] });
    const from = peer.lines.length;
    const ping = `ping-${this.#pings++}`;
    peer.write(line);
    const params = this.era === "modern" ? { _meta: envelope() } : {};
    peer.write(JSON.stringify({ jsonrpc: "2.0", id: ping, method: "ping", params }));
    const id = probe.stream || probe.asks ? undefined : (probe.completes ?? requestId(line));
    try {
      await peer.next(from, (written) => idOf(written) === ping);
      if (probe.asks) await peer.next(from, (written) => isRequest(written));
      if (id !== undefined) {
        await peer.next(from, (written) => idOf(written) === id || (isError(written) && idOf(written) === null));
      }
    } catch (error) {
      const so = JSON.stringify(peer.lines.slice(from)).slice(0, 2_000);
      throw new Error(`${side}, "${probe.what}": ${(error as Error).message}\n${line}\n--- written so far ---\n${so}`);
    }
    const written = peer.lines.slice(from).filter((message) => idOf(message) !== ping);
    for (const message of written) if (isRequest(message)) this.#asked[side] = idOf(message);
    learn(probe, issuedValues(undefined, written), this.issued[side]);
    return normalise(written, this.issued[side]) as unknown[];
  }
}

const idOf = (message: unknown) => (message as { id?: unknown } | null)?.id;
const isError = (message: unknown) => (message as { error?: unknown } | null)?.error !== undefined;
const isRequest = (message: unknown) =>
  typeof (message as { method?: unknown } | null)?.method === "string" && idOf(message) !== undefined;

/** The id a line's answer will carry: a request's string or number id. */
function requestId(line: string): string | number | undefined {
  try {
    const message = JSON.parse(line) as { id?: unknown; method?: unknown };
    if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
    if (typeof message.method !== "string") return undefined;
    return typeof message.id === "string" || typeof message.id === "number" ? message.id : undefined;
  } catch {
    return undefined;
  }
}

/** A recorded request as a probe: the values its answer issued are the names later requests use for them. */
export function probeOf(recorded: RecordedExchange): Probe {
  const rpc = recorded.headers["mcp-method"] ?? (recorded.body ? jsonRpcMethod(recorded.body) : undefined);
  return {
    what: `#${recorded.index} (${recorded.run}) ${recorded.method}${rpc ? ` ${rpc}` : ""}`,
    method: recorded.method,
    path: recorded.path,
    headers: recorded.headers,
    ...(recorded.body !== undefined && { body: recorded.body }),
    issues: recorded.issued,
    ...(recorded.endedBy === "client" && { stream: true }),
    ...(paced(recorded) && { delayMs: recorded.gapMs }),
    ...(recorded.headers["mcp-method"] === "tasks/get" && { poll: true }),
  };
}

function jsonRpcMethod(body: string): string | undefined {
  try {
    const method = (JSON.parse(body) as { method?: unknown }).method;
    return typeof method === "string" ? method : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replays recorded traffic against both servers in step, as its client sent it: each request waits, on each side,
 * for the answers that had ended when it was recorded, and for the ones still open to have sent as many events as
 * they had then (`RecordedExchange.open`); a stream the client closed is closed when the first request that came
 * after its closing is due (after its headers have come). A task poll keeps its pace and converges (`Probe`).
 * Resolves with both sides' observations, per exchange.
 */
export async function replayHttp(
  urls: Record<Side, URL>,
  exchanges: readonly RecordedExchange[],
  issued: Issued,
): Promise<Record<Side, HttpObservation>[]> {
  const running: Record<Side, Map<number, Running>> = { "fastPath: true": new Map(), "fastPath: false": new Map() };
  const observations: Promise<Record<Side, HttpObservation>>[] = [];
  for (const recorded of exchanges) {
    await Promise.all(SIDES.map((side) => dependencies(recorded, running[side])));
    const probe = probeOf(recorded);
    await keepPace(probe);
    if (probe.poll) {
      const observed = converge(probe, () => observeBoth(urls, probe, issued));
      observations.push(observed);
      await observed;
      continue;
    }
    observations.push(
      bothSides((side) => {
        const run = new Running(recorded.endedBy === "client");
        run.answer = sendHttp(urls[side], probe, issued[side], run.events);
        void run.answer.then(() => run.ended());
        running[side].set(recorded.index, run);
        return run.answer.then((raw) => observeHttp(raw, issued[side], { streamClosedByClient: run.closedByClient }));
      }),
    );
  }
  for (const side of SIDES) for (const run of running[side].values()) if (run.closedByClient) run.abort.abort();
  return Promise.all(observations);
}

/** Waits for what a recorded request waited for on one side (see `replayHttp`). */
async function dependencies(recorded: RecordedExchange, running: Map<number, Running>): Promise<void> {
  for (const [index, run] of running) {
    const stillOpen = recorded.open.find((open) => open.index === index);
    if (stillOpen) {
      await run.reached(stillOpen.events);
      continue;
    }
    if (run.closedByClient) {
      await run.headers;
      run.abort.abort();
    }
    await run.answer;
    running.delete(index);
  }
}

/** One replayed exchange in flight: how far its answer has come, and how to close it. */
class Running {
  answer: Promise<RawAnswer> = Promise.resolve({ headers: {}, text: "" });
  readonly abort = new AbortController();
  /** Resolves when the answer's headers have come, or it ended without any. */
  readonly headers: Promise<void>;
  #headersCame = () => {};
  #events = 0;
  #over = false;
  #waiters: { events: number; wake(): void }[] = [];

  constructor(readonly closedByClient: boolean) {
    this.headers = new Promise((resolve) => {
      this.#headersCame = resolve;
    });
  }

  /** What `sendHttp` reports to. */
  readonly events = {
    signal: this.abort.signal,
    onResponse: () => this.#headersCame(),
    onText: (text: string) => this.#advance(completeEvents(text)),
  };

  /** Resolves once the answer has sent `events` whole events, or has ended. */
  reached(events: number): Promise<void> {
    if (this.#over || this.#events >= events) return Promise.resolve();
    return new Promise((wake) => this.#waiters.push({ events, wake }));
  }

  ended(): void {
    this.#over = true;
    this.#headersCame();
    for (const waiter of this.#waiters.splice(0)) waiter.wake();
  }

  #advance(events: number): void {
    this.#events = Math.max(this.#events, events);
    this.#waiters = this.#waiters.filter((waiter) => {
      if (waiter.events > this.#events) return true;
      waiter.wake();
      return false;
    });
  }
}
