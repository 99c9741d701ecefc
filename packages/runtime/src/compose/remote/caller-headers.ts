import { AsyncLocalStorage } from "node:async_hooks";
import { McpsmithError } from "../../errors.js";
import { forwardableCallerHeader } from "../../executors/http/forward.js";
import { ToolError } from "../../results/tool-error.js";

/**
 * The headers one remote request forwards from its caller, for the HTTP transport's `fetch` to add: a remote's
 * connection is shared by every caller, so what is the caller's travels with the request, not the connection.
 */
const forwarding = new AsyncLocalStorage<Readonly<Record<string, string>>>();

/** Refuses, at start-up, forwarding a header of the MCP exchange's own (the MCP token above all). */
export function checkForwardHeaders(key: string, forward: Readonly<Record<string, string>>): void {
  for (const [remote, caller] of Object.entries(forward)) {
    if (!forwardableCallerHeader(caller)) {
      throw new McpsmithError(
        "E_COMPOSE_INVALID",
        `source "${key}": forwardHeaders.${remote} names the caller's ${caller} header, which cannot be forwarded (the MCP access token, cookies and the MCP exchange's own headers never are); use a header of its own, such as X-Upstream-${key}`,
      );
    }
  }
}

/** Runs `send` with the caller's forwarded headers; a caller without one of them gets an isError naming it. */
export function withCallerHeaders<T>(
  key: string,
  forward: Readonly<Record<string, string>> | undefined,
  headers: Headers | undefined,
  send: () => T,
): T {
  if (forward === undefined) return send();
  const values: Record<string, string> = {};
  for (const [remote, caller] of Object.entries(forward)) {
    const value = headers?.get(caller);
    if (value === null || value === undefined || value === "") {
      throw new ToolError(
        `The remote server "${key}" is called with your own credential, from the ${caller} header of your request, and the request has none.`,
      );
    }
    values[remote] = value;
  }
  return forwarding.run(values, send);
}

/** A `fetch` that adds the headers of the request being forwarded, if any. */
export function forwardingFetch(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const values = forwarding.getStore();
  if (values === undefined) return fetch(url, init);
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(values)) headers.set(name, value);
  return fetch(url, { ...init, headers });
}
