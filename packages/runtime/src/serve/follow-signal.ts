/**
 * Each request's signal keeps its own Request alive (an ephemeron: the entry lives as long as the signal does). Not
 * the caller's signal: undici's FinalizationRegistry holds the caller's signal until the new request's controller
 * is collected, so a link from the caller's signal to the request would keep both forever whenever the caller never
 * aborts (every request answered normally).
 */
const requestOfSignal = new WeakMap<AbortSignal, Request>();

/**
 * `new Request(input, init)` whose signal stays linked to the caller's. undici links `init.signal` (or the input
 * request's signal) to the new request's signal through a WeakRef to the new request's own controller: once the
 * Request object is collected, while a handler still holds only its `signal`, an abort no longer reaches the
 * handler (a cancelled call keeps running). Whoever holds the signal therefore holds the request too.
 */
export function requestFollowing(input: Request | URL | string, init: RequestInit = {}): Request {
  const request = new Request(input, init);
  requestOfSignal.set(request.signal, request);
  return request;
}
