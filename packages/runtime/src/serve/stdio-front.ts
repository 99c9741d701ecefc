import type { FastExchange, FastPath } from "../engine/fast/fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import { reportFailure } from "../engine/report.js";

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
   * Sends a message the front answered through the connection's path as it is once the SDK is connected, and drops
   * its answer: resolves when the answer was dropped.
   */
  replay(message: unknown, text: string, id: string | number): Promise<void>;
  /** Passes on a message the front held, as if it had just been read. */
  pass(message: unknown, text: string): void;
}

/**
 * The front of a stdio connection while the SDK is not loaded (a server on the lean entry, src/sdk.ts): the SDK and
 * zod are half of a server's start-up, and a host waits for its first answers. It answers a 2026-07-28 client's
 * lists whose answers need nothing of the SDK (`FastPath.answersWithoutSdk`: the first page of each, prepared
 * from the model; the envelope one of the plain ones the SDK accepts, engine/sdk/plain-envelope.ts), each written
 * as the fast path writes it. The first message it cannot answer hands the connection to the SDK: the front holds
 * it and every message after it, loads the SDK, connects it, replays the connection's first message it answered
 * (its answer dropped), so that the SDK's connection settles on 2026-07-28 from the same message as it would have
 * without the front, then passes on what it held, in order. From then on the connection is the fast path's and the
 * SDK's, as on a server that loaded the SDK at start-up. The SDK starts loading in the background once the first
 * answer is written, so a later request waits less for it.
 */
export function stdioFront(
  fast: FastPath,
  write: (text: string, written: () => void) => void,
  handOver: HandOver,
): StdioFront {
  let state: "front" | "handing over" | "done" = "front";
  let opening: { message: unknown; text: string; id: string | number } | undefined;
  const held: { message: unknown; text: string }[] = [];
  // The front's answers, written one after the other; the hand-over waits for the last.
  let answered = Promise.resolve();
  let settled = Promise.resolve();

  const answer = (message: unknown, text: string, request: FastRequest) => {
    const first = opening === undefined;
    opening ??= { message, text, id: request.id };
    answered = answered.then(async () => {
      const { text: answer } = await fast.answer(request, NO_EXCHANGE);
      await new Promise<void>((resolve) => write(`${answer}\n`, resolve));
      if (first) handOver.preload();
    });
  };

  const handOverNow = async () => {
    await answered;
    await handOver.connect();
    if (opening) await handOver.replay(opening.message, opening.text, opening.id);
    // Messages read meanwhile were held too: all go on, in order, before the connection is the SDK's.
    for (let next = held.shift(); next !== undefined; next = held.shift()) handOver.pass(next.message, next.text);
    state = "done";
  };

  return {
    take(message, text) {
      if (state === "done") return false;
      if (state === "front") {
        const request = fast.recognise(message);
        if (request !== undefined && fast.answersWithoutSdk(request)) {
          answer(message, text, request);
          return true;
        }
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

/** A prepared list page has no one to notify and nothing to cancel. */
const NO_EXCHANGE: FastExchange = {
  signal: () => new AbortController().signal,
  notify: async () => {},
};
