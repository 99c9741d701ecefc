/**
 * Methods whose requests carry no body: `fetch` (the Fetch standard) refuses a body with GET or HEAD. The executor
 * refuses such a call before sending; the OpenAPI source leaves the body of such an operation out of its tool
 * (Stripe's document gives many GET operations a form body), so no tool offers an argument it cannot send.
 */
const BODILESS = new Set(["GET", "HEAD"]);

export function sendsNoBody(method: string): boolean {
  return BODILESS.has(method.toUpperCase());
}

/**
 * Whether the response to a request of this method never has a body: HEAD's (RFC 9110, 9.3.2). Documents still give
 * HEAD operations the GET's response schema (Swashbuckle writes one for Sonarr's `HEAD /ping`); such a tool has no
 * output schema, since its result can never hold the structured content one would promise.
 */
export function answersWithoutBody(method: string): boolean {
  return method.toUpperCase() === "HEAD";
}
