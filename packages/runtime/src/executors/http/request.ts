import type { AppliedAuth } from "./auth.js";
import type { EncodedBody } from "./body.js";
import { encodeAllowReserved } from "./encode.js";
import type { HttpOperation } from "./operation.js";
import type { ParameterParts } from "./parameters.js";

export interface RequestDefaults {
  headers?: Record<string, string>;
  userAgent: string;
  /** Set when the user agent was configured explicitly: it then replaces one among `headers`. */
  userAgentIsExplicit: boolean;
}

/**
 * The URL and headers of one attempt. Later sources win: configured headers, then the user agent, `Accept` and
 * `Content-Type`, then the headers the path key fixes, then the operation's header parameters, then credentials.
 */
export function assembleRequest(
  operation: HttpOperation,
  baseUrl: string,
  parts: ParameterParts,
  auth: AppliedAuth,
  body: EncodedBody | undefined,
  defaults: RequestDefaults,
): { url: string; headers: Headers } {
  const query = [...fixedQueryItems(operation), ...parts.query, ...auth.query];
  const url = `${baseUrl}${parts.path}${query.length > 0 ? `?${query.join("&")}` : ""}`;

  const headers = new Headers(defaults.headers);
  if (defaults.userAgentIsExplicit || !headers.has("User-Agent")) headers.set("User-Agent", defaults.userAgent);
  if (operation.accepts && operation.accepts.length > 0) headers.set("Accept", operation.accepts.join(", "));
  if (body) headers.set("Content-Type", body.contentType);
  for (const { name, value } of operation.fixedHeaders ?? []) headers.set(name, value);
  for (const [name, value] of [...parts.headers, ...auth.headers]) headers.set(name, value);
  const cookies = [...parts.cookies, ...auth.cookies];
  if (cookies.length > 0) headers.set("Cookie", cookies.join("; "));
  return { url, headers };
}

/** `name` for a flag, `name=value` otherwise; characters the key already percent-encodes stay as written. */
function fixedQueryItems(operation: HttpOperation): string[] {
  return (operation.fixedQuery ?? []).map(({ name, value }) =>
    value === undefined ? encodeAllowReserved(name) : `${encodeAllowReserved(name)}=${encodeAllowReserved(value)}`,
  );
}
