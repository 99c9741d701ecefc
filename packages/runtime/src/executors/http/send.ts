import { ToolError } from "../../results/tool-error.js";
import { traceHttpRequest } from "../../telemetry/client-spans.js";

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Headers;
  body?: Uint8Array | string;
  /** The request carries credentials: redirects to another origin are then refused rather than followed. */
  withCredentials: boolean;
  /** The credentials' values, which its span's `url.full` leaves out. */
  secrets?: readonly string[];
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends a request, following redirects by hand: `fetch` drops only `Authorization` when a redirect leaves the
 * origin, and an API key in another header or the query would follow it to a host nobody configured. Each request
 * sent is a client span of its own (telemetry/), which carries the trace upstream in `traceparent`.
 */
export async function send(fetchImpl: typeof fetch, request: OutgoingRequest, signal: AbortSignal): Promise<Response> {
  let { method, url, body } = request;
  const headers = new Headers(request.headers);
  for (let hops = 0; ; hops++) {
    const hop = { method, url, headers, secrets: request.secrets ?? [] };
    const response = await traceHttpRequest(hop, () =>
      fetchImpl(hop.url, { method: hop.method, headers, body: body ?? null, signal, redirect: "manual" }),
    );
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (hops === MAX_REDIRECTS) throw new ToolError(`Gave up after ${MAX_REDIRECTS} redirects.`);

    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin && request.withCredentials) {
      throw new ToolError(
        `The API redirected to another origin (${next.origin}); the redirect was not followed because the request carries credentials.`,
      );
    }
    // 303, and 301/302 after a POST (what every browser does), turn into a GET without a body.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
      if (method !== "HEAD") method = "GET";
      body = undefined;
      headers.delete("content-type");
    }
    url = next.href;
  }
}
