import type { Notification } from "@modelcontextprotocol/server";
import type { FastPath } from "../engine/fast/fast-path.js";
import type { LegacyExchange, LegacyFastPath } from "../engine/fast/legacy-fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import { eraAfter, isPlainObject, type StdioEra } from "../engine/sdk/contract.js";

export interface FastStdio {
  /** Offered every message read from stdin: true when the fast path answered it, false to pass it to the SDK. */
  take(message: unknown): boolean;
  /** The connection closed: requests still running are cancelled, as the SDK cancels its own. */
  stop(): void;
}

/**
 * The stdio front of the fast path (engine/fast/fast-path.ts, engine/fast/legacy-fast-path.ts). A stdio connection
 * has one era, which the SDK settles from its first messages, so the fast path answers nothing until then (the
 * first request is the SDK's). On a connection pinned to 2026-07-28 the fast path answers its hot requests; on one
 * opened with `initialize`, the legacy fast path does, once the connection's server (`legacy()`, made by the SDK
 * then) has answered that `initialize`. Answers are written as lines to the same output as the SDK's, each whole; a
 * `notifications/cancelled` for one of its requests cancels it (and no answer is sent, as on the SDK path).
 */
export function fastStdio(
  fast: FastPath,
  write: (text: string) => void,
  legacy: () => LegacyFastPath | undefined = () => undefined,
): FastStdio {
  let era: StdioEra = "opening";
  const running = new Map<string | number, Running>();
  const lines = batched(write);

  const serve = async (
    request: FastRequest,
    answer: (request: FastRequest, exchange: RunningExchange) => Promise<string | undefined>,
  ) => {
    const call: Running = { cancelled: false };
    running.set(request.id, call);
    const text = await answer(request, {
      signal: () => {
        call.controller ??= new AbortController();
        if (call.cancelled) call.controller.abort();
        return call.controller.signal;
      },
      notify: async (notification: Notification) => {
        if (!call.cancelled) lines.write(`${JSON.stringify({ jsonrpc: "2.0", ...notification })}\n`);
      },
      relay: (message: object) => {
        if (!call.cancelled) lines.write(`${JSON.stringify(message)}\n`);
      },
    });
    if (running.get(request.id) === call) running.delete(request.id);
    if (!call.cancelled && text !== undefined) lines.write(`${text}\n`);
  };
  const modern = async (request: FastRequest, exchange: RunningExchange): Promise<string | undefined> =>
    (await fast.answer(request, exchange)).text;

  return {
    take(message) {
      if (era === "opening") {
        era = eraAfter(message);
        if (era === "modern") fast.pin();
        return false;
      }
      let request: FastRequest | undefined;
      let answer: typeof modern = modern;
      if (era === "modern") request = fast.recognise(message);
      else {
        const path = legacy();
        if (path?.ready) {
          request = path.recognise(message);
          answer = (request, exchange) => path.answer(request, exchange);
        }
      }
      if (request === undefined) {
        cancelIfOurs(message, running);
        return false;
      }
      void serve(request, answer);
      return true;
    },
    stop() {
      for (const call of running.values()) cancel(call);
      running.clear();
      lines.flush();
    },
  };
}

/** What a request answered on stdio gets of its connection: its cancellation, and a way to notify its client. */
type RunningExchange = LegacyExchange;

/** A request the fast path is answering: its signal is made only if the handler asks for it. */
interface Running {
  controller?: AbortController;
  cancelled: boolean;
}

function cancel(call: Running): void {
  call.cancelled = true;
  call.controller?.abort();
}

/**
 * Lines written together: the answers finished before the next tick (once the microtasks that finished them have
 * run) go out in one write, one system call for many answers when many requests are in flight. The order of the
 * lines is kept. A tick, not `setImmediate`: waiting for the event loop's check phase cost a `list_` call 0.1 ms of
 * server CPU (docs/performance.md, "Answers on the next tick"), for nothing more batched.
 */
function batched(write: (text: string) => void): { write(line: string): void; flush(): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join("");
    pending = [];
    write(text);
  };
  return {
    write(line) {
      pending.push(line);
      if (scheduled) return;
      scheduled = true;
      process.nextTick(flush);
    },
    flush,
  };
}

function cancelIfOurs(message: unknown, running: Map<string | number, Running>): void {
  if (!isPlainObject(message) || message.method !== "notifications/cancelled") return;
  const requestId = isPlainObject(message.params) ? message.params.requestId : undefined;
  if (typeof requestId !== "string" && typeof requestId !== "number") return;
  const call = running.get(requestId);
  if (call === undefined) return;
  cancel(call);
  running.delete(requestId);
}
