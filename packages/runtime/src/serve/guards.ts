import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";
import { refusal } from "../wire-errors.js";
import type { EndpointOptions } from "./options.js";
import type { Step } from "./pipeline.js";

export const LOOPBACK_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The guards' settings with their defaults applied, checked once at start-up. */
export interface Guards {
  allowedHosts: string[];
  allowedOrigins: string[];
  maxBodyBytes: number;
}

export function resolveGuards(options: EndpointOptions): Guards {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      `maxBodyBytes must be a positive whole number of bytes, got ${maxBodyBytes}`,
    );
  }
  return {
    allowedHosts: [...(options.allowedHosts ?? LOOPBACK_NAMES)],
    allowedOrigins: [...(options.allowedOrigins ?? LOOPBACK_NAMES)],
    maxBodyBytes,
  };
}

/**
 * A server bound beyond loopback is reachable by hostnames only its operator knows; the loopback defaults would
 * refuse every real client, and no Host check at all would let DNS rebinding through. So they must be named.
 */
export function requireNamedHosts(bindHost: string, options: EndpointOptions): void {
  if (isLoopback(bindHost) || options.allowedHosts) return;
  throw new McpsmithError(
    "E_SERVE_OPTIONS",
    `Binding to ${bindHost} exposes the server beyond this machine: pass http.allowedHosts with the hostnames clients use (Host header check against DNS rebinding)`,
  );
}

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Host (DNS rebinding) and Origin checks: headers only, so a refused request costs no body. */
export function checkHostAndOrigin(guards: Guards): Step {
  return async (exchange, next) => {
    const { incoming } = exchange;
    // A Request built in code (createTestClient, a fetch router, some edge runtimes) may carry no Host header; its
    // URL then names the host the client addressed, which is what a DNS-rebinding page would have to forge.
    const host = incoming.header("host") ?? new URL(incoming.request.url).host;
    const problem = guardProblem(guards, host, incoming.header("origin"));
    return problem === undefined ? next(exchange) : refusal("FORBIDDEN", { message: problem });
  };
}

/**
 * Why the Host or Origin header is refused, or undefined when both pass: the MCP endpoint's rule, which the dev page
 * (`mcpsmith dev --ui`) applies too.
 */
export function guardProblem(guards: Guards, host: string, origin: string | null | undefined): string | undefined {
  const hostCheck = validateHostHeader(host, guards.allowedHosts);
  if (!hostCheck.ok) return hostCheck.message;
  const originCheck = validateOriginHeader(origin ?? null, guards.allowedOrigins);
  return originCheck.ok ? undefined : originCheck.message;
}

export function tooLarge(limit: number): Response {
  // After a 413 the rest of the body may still be on its way: the connection cannot carry another request.
  return refusal("PAYLOAD_TOO_LARGE", {
    detail: `Request body must not exceed ${limit} bytes`,
    headers: { connection: "close" },
  });
}

/** What the SDK answers when serving a request failed unexpectedly. */
export function internalError(): Response {
  return refusal("INTERNAL_SERVER_ERROR");
}
