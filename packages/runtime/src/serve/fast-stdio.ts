import type { Notification } from "@modelcontextprotocol/server";
import type { FastPath } from "../engine/fast/fast-path.js";
import type { FastRequest } from "../engine/fast/recognise.js";
import { eraAfter, isPlainObject, type StdioEra } from "../engine/sdk/contract.js";

export interface FastStdio {
  /** Offered every message read from stdin: true when the fast path answered it, false to pass it to the SDK. */
  take(message: unknown): boolean;
  /** The connection closed: requests still running are cancelled, as the SDK cancels its own. */
  stop(): void;
}

/**
 * The stdio front of the fast path (engine/fast/fast-path.ts). A stdio connection has one era, which the SDK
 * settles from its first messages; the fast path serves 2026-07-28 only, so it answers nothing until the SDK has
 * pinned the connection to that era (the first request is the SDK's), and nothing on a connection pinned to a
 * 2025 revision. Its answers are written as lines to the same output as the SDK's, each whole; a
 * `notifications/cancelled` for one of its requests cancels it (and no answer is sent, as on the SDK path).
 */
export function fastStdio(fast: FastPath, write: (text: string) => void): FastStdio {
  let era: StdioEra = "opening";
  const running = new Map<string | number, Running>();
  const lines = batched(write);

  const serve = async (request: FastRequest) => {
    const call: Running = { cancelled: false };
    running.set(request.id, call);
    const answer = await fast.answer(request, {
      signal: () => {
        call.controller ??= new AbortController();
        if (call.cancelled) call.controller.abort();
        return call.controller.signal;
      },
      notify: async (notification: Notification) => {
        if (!call.cancelled) lines.write(`${JSON.stringify({ jsonrpc: "2.0", ...notification })}\n`);
      },
    });
    if (running.get(request.id) === call) running.delete(request.id);
    if (!call.cancelled) lines.write(`${answer.text}\n`);
  };

  return {
    take(message) {
      if (era === "opening") {
        era = eraAfter(message);
        if (era === "modern") fast.pin();
        return false;
      }
      if (era !== "modern") return false;
      const request = fast.recognise(message);
      if (request === undefined) {
        cancelIfOurs(message, running);
        return false;
      }
      void serve(request);
      return true;
    },
    stop() {
      for (const call of running.values()) cancel(call);
      running.clear();
      lines.flush();
    },
  };
}

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
 * Lines written together: the answers finished in one turn of the event loop go out in one write (one system call
 * for many answers when many requests are in flight). The order of the lines is kept.
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
      setImmediate(flush);
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
