/**
 * Methods whose requests carry no body: `fetch` (the Fetch standard) refuses a body with GET or HEAD. The executor
 * refuses such a call before sending; the OpenAPI source leaves the body of such an operation out of its tool
 * (Stripe's document gives many GET operations a form body), so no tool offers an argument it cannot send.
 */
const BODILESS = new Set(["GET", "HEAD"]);

export function sendsNoBody(method: string): boolean {
  return BODILESS.has(method.toUpperCase());
}
