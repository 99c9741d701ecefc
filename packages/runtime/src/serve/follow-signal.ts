/**
 * `new Request(input, init)` whose signal stays linked to the caller's. undici links `init.signal` (or the input
 * request's signal) to the new request's signal through a WeakRef to the new request's own controller: once the
 * Request object is collected, while a handler still holds only its `signal`, an abort no longer reaches the
 * handler (a cancelled call keeps running). Holding the request from the parent signal keeps the link for as long
 * as the parent can abort.
 */
export function requestFollowing(input: Request | URL | string, init: RequestInit = {}): Request {
  const request = new Request(input, init);
  const parent = init.signal ?? (input instanceof Request ? input.signal : undefined);
  parent?.addEventListener("abort", () => request.signal, { once: true });
  return request;
}
