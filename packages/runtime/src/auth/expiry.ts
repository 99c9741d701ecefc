/**
 * A stream answered to a caller ends when its credential does: a `subscriptions/listen` stream (or a legacy GET
 * stream, or a long tool call's) would otherwise go on delivering to a caller whose token has expired. The client
 * reconnects with a fresh token, and is authenticated again. Responses that are not streams are left alone.
 */
export function closeAtExpiry(response: Response, expiresAt: number | undefined): Response {
  if (expiresAt === undefined || response.body === null) return response;
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return response;
  const reader = response.body.getReader();
  let cancelTimer: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      cancelTimer = atExpiry(expiresAt, () => {
        void reader.cancel().catch(() => {});
        try {
          controller.close();
        } catch {
          // already closed by the upstream ending first
        }
      });
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          cancelTimer?.();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        cancelTimer?.();
        controller.error(error);
      }
    },
    cancel(reason) {
      cancelTimer?.();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Runs `stop` when a credential expiring at `expiresAt` (seconds since the epoch) does: at once if it has, else on a
 * timer. Returns what cancels the timer, for a stream that ends first.
 */
export function atExpiry(expiresAt: number, stop: () => void): () => void {
  const ms = expiresAt * 1000 - Date.now();
  if (ms <= 0) {
    stop();
    return () => {};
  }
  // Capped: a timer longer than 2^31-1 ms fires at once.
  const timer = setTimeout(stop, Math.min(ms, 2 ** 31 - 1));
  return () => clearTimeout(timer);
}
