import type { FastExchange, FastPath } from "../engine/fast/fast-path.js";
import { recogniseLegacy } from "../engine/fast/recognise.js";
import type { LiveModel } from "../engine/live-model.js";
import { reportFailure } from "../engine/report.js";
import { initializeResult, isPlainObject, RESULT_HEAD, resultTail } from "../engine/sdk/contract.js";
import { plainInitialize } from "../engine/sdk/plain-envelope.js";

export interface StdioFront {
  /**
   * Offered every message read from stdin: true when the front answered it or holds it for the SDK, false once the
   * connection is the SDK's (and the fast path's, serve/fast-stdio.ts).
   */
  take(message: unknown, text: string): boolean;
  /** Resolves once every message the front held has been passed on (at once when it holds none). */
  settled(): Promise<void>;
}

/** What the front needs of the connection to hand it to the SDK (serve/stdio.ts). */
export interface HandOver {
  /** Loads the SDK in the background (once the first answer is out). */
  preload(): void;
  /** Loads the SDK and connects the connection's SDK side. */
  connect(): Promise<void>;
  /**
   * Sends a request the front answered through the connection's path as it is once the SDK is connected, and drops
   * its answer: resolves when the answer was dropped.
   */
  replay(message: unknown, text: string, id: string | number): Promise<void>;
  /** Passes on a message, as if it had just been read. */
  pass(message: unknown, text: string): void;
}

/**
 * The front of a stdio connection while the SDK is not loaded (a server on the lean entry, src/sdk.ts): the SDK and
 * zod are half of a server's start-up, and a host waits for its first answers. It answers what needs nothing of the
 * SDK, each as the SDK's path would (test/fast-path.differential.test.ts compares them):
 *
 * - a 2026-07-28 client's lists (`FastPath.answersWithoutSdk`: the first page of each, prepared from the model),
 *   when the envelope is one of the plain ones the SDK accepts (engine/sdk/plain-envelope.ts);
 * - a 2025 client's plain `initialize` (engine/sdk/contract.ts, `initializeResult`), then its
 *   `notifications/initialized`, `ping` and the first page of each list (`FastPath.legacyListAnswer`);
 *
 * and none of it when request hooks or a span would wrap the request. The first message it cannot answer hands the
 * connection to the SDK: the front holds it and every message after it, loads the SDK and connects it, replays what
 * opened the connection (the first request it answered, its answer dropped, so the SDK's connection settles on the
 * same era from the same message as without the front; and a 2025 client's `notifications/initialized`), then
 * passes on what it held, in order. From then on the connection is the SDK's and the fast path's, as on a server that
 * loaded the SDK at start-up: the negotiated revision, the client's identity and capabilities are its server's own.
 * The SDK starts loading in the background once the first list's answer is written, so a later request waits less
 * for it: not after `initialize`'s, since a 2025 host sends its lists right after, and they would wait behind it.
 */
export function stdioFront(
  live: LiveModel,
  fast: FastPath,
  write: (text: string, written: () => void) => void,
  handOver: HandOver,
): StdioFront {
  let state: "front" | "handing over" | "done" = "front";
  let era: "opening" | "modern" | "legacy" = "opening";
  // What opened the connection, for the SDK to see first: requests (their answers dropped), then notifications.
  const opening: { message: unknown; text: string; id?: string | number }[] = [];
  const held: { message: unknown; text: string }[] = [];
  // The front's answers, written one after the other; the hand-over waits for the last.
  let answered = Promise.resolve();
  let settled = Promise.resolve();

  let preloading = false;
  /** Writes an answer; after the first list's, the SDK starts loading (see below). */
  const answer = (reply: () => Promise<string> | string, list = true) => {
    answered = answered.then(async () => {
      const text = await reply();
      await new Promise<void>((resolve) => write(`${text}\n`, resolve));
      if (preloading || !list) return;
      preloading = true;
      handOver.preload();
    });
  };

  /** Answers the message, or returns false when the SDK must. */
  const answers = (message: unknown, text: string): boolean => {
    if (fast.wrapsRequests()) return false;
    if (era !== "legacy") {
      const request = fast.recognise(message);
      if (request === undefined || !fast.answersWithoutSdk(request))
        return era === "opening" && initialize(message, text);
      if (era === "opening") opening.push({ message, text, id: request.id });
      era = "modern";
      answer(async () => (await fast.answer(request, NO_EXCHANGE)).text);
      return true;
    }
    if (isInitialized(message) && !opening.some((entry) => entry.id === undefined)) {
      opening.push({ message, text });
      return true;
    }
    const ping = pingId(message);
    if (ping !== undefined) {
      answer(() => `${RESULT_HEAD}{}${resultTail(ping)}`, false);
      return true;
    }
    const request = recogniseLegacy(message);
    const reply = request && fast.legacyListAnswer(request);
    if (request === undefined || reply === undefined) return false;
    answer(() => reply);
    return true;
  };

  const initialize = (message: unknown, text: string): boolean => {
    const opened = plainMessage(message);
    if (opened?.method !== "initialize" || opened.id === undefined || !plainInitialize(opened.params)) return false;
    const { id } = opened;
    const { info, serverOptions } = live.current;
    const requested = (opened.params as { protocolVersion: string }).protocolVersion;
    opening.push({ message, text, id });
    era = "legacy";
    answer(() => {
      const result = JSON.stringify(initializeResult(info, serverOptions, requested));
      return `${RESULT_HEAD}${result}${resultTail(id)}`;
    }, false);
    return true;
  };

  const handOverNow = async () => {
    await answered;
    await handOver.connect();
    for (const { message, text, id } of opening) {
      if (id === undefined) handOver.pass(message, text);
      else await handOver.replay(message, text, id);
    }
    // Messages read meanwhile were held too: all go on, in order, before the connection is the SDK's.
    for (let next = held.shift(); next !== undefined; next = held.shift()) handOver.pass(next.message, next.text);
    state = "done";
  };

  return {
    take(message, text) {
      if (state === "done") return false;
      if (state === "front") {
        if (answers(message, text)) return true;
        state = "handing over";
        settled = handOverNow().catch((error) =>
          reportFailure("handing the stdio connection to the SDK failed", error),
        );
      }
      held.push({ message, text });
      return true;
    },
    settled: () => settled,
  };
}

/** A JSON-RPC message with nothing else at its top level: a request (with its id) or a notification. */
function plainMessage(message: unknown): { id?: string | number; method: string; params: unknown } | undefined {
  if (!isPlainObject(message) || message.jsonrpc !== "2.0" || typeof message.method !== "string") return undefined;
  for (const key in message) if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return;
  const { id } = message;
  if (id !== undefined && typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  return { ...(id !== undefined && { id: id as string | number }), method: message.method, params: message.params };
}

function withoutParams(params: unknown): boolean {
  return params === undefined || (isPlainObject(params) && Object.keys(params).length === 0);
}

/** The id of a 2025 client's plain `ping`, which a connection's server answers with `{}`. */
function pingId(message: unknown): string | number | undefined {
  const ping = plainMessage(message);
  return ping?.method === "ping" && withoutParams(ping.params) ? ping.id : undefined;
}

/** A 2025 client's plain `notifications/initialized`. */
function isInitialized(message: unknown): boolean {
  const notification = plainMessage(message);
  return (
    notification?.method === "notifications/initialized" &&
    notification.id === undefined &&
    withoutParams(notification.params)
  );
}

/** A prepared answer has no one to notify and nothing to cancel. */
const NO_EXCHANGE: FastExchange = {
  signal: () => new AbortController().signal,
  notify: async () => {},
};
