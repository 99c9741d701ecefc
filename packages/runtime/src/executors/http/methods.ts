import { isToken } from "./token.js";

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

/** The Fetch standard's forbidden methods (compared without case): fetch throws rather than send one. */
const FORBIDDEN = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Why a request of this method cannot be sent, or undefined when it can: one rule for the OpenAPI source (which
 * skips such an operation, with a warning) and the executor's callers. A document may declare a TRACE operation, and
 * OpenAPI 3.2's `additionalOperations` any method at all.
 */
export function unsendableMethod(method: string): string | undefined {
  if (!isToken(method)) return `${JSON.stringify(method)} is not a method name (a method is a token, without spaces)`;
  if (FORBIDDEN.has(method.toUpperCase()))
    return `fetch refuses to send ${method} (a forbidden method in the Fetch standard)`;
  return undefined;
}

/**
 * The methods OpenAPI's path item names by field (`get` ... `trace`, and 3.2's `query`), as it writes them. On the wire
 * they are upper case, whatever case a binding written by hand gives them; any other method is sent as written, since
 * methods are case-sensitive and OpenAPI 3.2 sends an `additionalOperations` key with its own capitalisation.
 */
export const PATH_ITEM_METHODS: ReadonlySet<string> = new Set([
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
  "query",
]);

/** The method as the request sends it (see PATH_ITEM_METHODS). */
export function wireMethod(method: string): string {
  return PATH_ITEM_METHODS.has(method.toLowerCase()) ? method.toUpperCase() : method;
}
