import { validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { McpsmithError } from "../errors.js";

export const LOOPBACK_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface GuardOptions {
  /**
   * Hostnames accepted in the `Host` header (DNS-rebinding protection). Defaults to the loopback names;
   * a server bound to a public interface must name the hostnames it is reached by.
   */
  allowedHosts?: readonly string[];
  /** Hostnames accepted in the `Origin` header, when a browser sends one. Defaults to the loopback names. */
  allowedOrigins?: readonly string[];
  /** Largest request body accepted, in bytes (413 above it). Default 1 MiB. */
  maxBodyBytes?: number;
}

export interface ResolvedGuards {
  allowedHosts: string[];
  allowedOrigins: string[];
  maxBodyBytes: number;
}

export function resolveGuards(options: GuardOptions, bindHost?: string): ResolvedGuards {
  const exposed = bindHost !== undefined && !isLoopback(bindHost);
  if (exposed && !options.allowedHosts) {
    throw new McpsmithError(
      "E_SERVE_OPTIONS",
      `Binding to ${bindHost} exposes the server beyond this machine: pass http.allowedHosts with the hostnames clients use (Host header check against DNS rebinding)`,
    );
  }
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

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Why a request was refused before the SDK saw it; rendered as a JSON-RPC error by each transport. */
export interface Refusal {
  status: 403 | 413;
  message: string;
}

/**
 * Host (DNS rebinding) and Origin checks. They need only headers, so both transports run them before any body
 * is read.
 */
export function refuseHostOrOrigin(
  host: string | null | undefined,
  origin: string | null | undefined,
  guards: ResolvedGuards,
): Refusal | undefined {
  const hostCheck = validateHostHeader(host, guards.allowedHosts);
  if (!hostCheck.ok) return { status: 403, message: hostCheck.message };
  const originCheck = validateOriginHeader(origin, guards.allowedOrigins);
  if (!originCheck.ok) return { status: 403, message: originCheck.message };
  return undefined;
}

export function tooLarge(limit: number): Refusal {
  return { status: 413, message: `Payload Too Large: request body must not exceed ${limit} bytes` };
}

export function refusalJson(refusal: Refusal): string {
  return JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: refusal.message }, id: null });
}
