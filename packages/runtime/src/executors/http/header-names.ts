/**
 * Header names a tool argument must never set, with the reason, one rule for the OpenAPI source (which leaves such
 * parameters out of the tools, with a warning) and the executor (which never sends them from arguments).
 *
 * - OpenAPI says header parameters named `Accept`, `Content-Type` or `Authorization` "SHALL be ignored": the
 *   operation's media types and credentials set them.
 * - The Fetch standard's forbidden request-header names are the HTTP client's to set: a made-up `Content-Length`
 *   makes the request wait for bytes that never come, `Host` or `Transfer-Encoding` change where or how it goes.
 *   Browsers refuse them; Node's fetch sends them as given, so the rule has to be ours.
 */

import { isToken } from "./token.js";

/** OpenAPI 3.x, Parameter Object: header parameters with these names are ignored. */
const SET_BY_THE_OPERATION = new Set(["accept", "content-type", "authorization"]);

/** https://fetch.spec.whatwg.org/#forbidden-request-header (names; the `X-HTTP-Method*` rule depends on the value). */
const FORBIDDEN_REQUEST_HEADERS = new Set([
  "accept-charset",
  "accept-encoding",
  "access-control-request-headers",
  "access-control-request-method",
  "connection",
  "content-length",
  "cookie",
  "cookie2",
  "date",
  "dnt",
  "expect",
  "host",
  "keep-alive",
  "origin",
  "referer",
  "set-cookie",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
]);
const FORBIDDEN_PREFIXES = ["proxy-", "sec-"];

/** Whether `name` can name a header at all (fetch refuses any other, as `Headers.set` does). */
export function isHeaderName(name: string): boolean {
  return isToken(name);
}

/** Why a header parameter named `name` cannot be a tool argument, or undefined when it can. */
export function reservedHeaderReason(name: string): string | undefined {
  if (!isHeaderName(name)) return "not a header name: a header's name is a token, without spaces or colons";
  const lower = name.toLowerCase();
  if (SET_BY_THE_OPERATION.has(lower)) return "OpenAPI says so; the executor sets it";
  if (FORBIDDEN_REQUEST_HEADERS.has(lower) || FORBIDDEN_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    return "the HTTP client sets it: a forbidden request header in the Fetch standard";
  }
  return undefined;
}
