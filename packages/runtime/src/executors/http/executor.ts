import { McpsmithError } from "../../errors.js";
import { ToolError } from "../../results/tool-error.js";
import { redact } from "../redact.js";
import { applyCredentials, type Chosen, chooseCredentials, type Env, secretValues } from "./auth.js";
import { resolveBaseUrl } from "./base-url.js";
import { encodeBody } from "./body.js";
import {
  type CallCredentials,
  type CallerHeaders,
  callCredentials,
  type ForwardCredentialsOptions,
  forwardingOf,
} from "./forward.js";
import { sendsNoBody, wireMethod } from "./methods.js";
import { OAuth2Tokens } from "./oauth2.js";
import type { HttpApi, HttpOperation } from "./operation.js";
import { serializeParameters } from "./parameters.js";
import { readBounded } from "./read-body.js";
import { assembleRequest, type RequestDefaults } from "./request.js";
import { type HttpCallResult, mapResponse } from "./response.js";
import { send } from "./send.js";

const DEFAULT_TIMEOUT_MS = 30_000;
/** 10 MiB: room for images and documents; text beyond ~100 kB is cut again by the runtime's result limit. */
const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_USER_AGENT = "mcpsmith-http-executor";

export interface HttpExecutorOptions {
  /** The URL paths are appended to. Default: the `api.baseUrlEnv` variable, else the operation's or API's first server. */
  baseUrl?: string;
  /** Values for `{variables}` in server URLs, over the spec's defaults. */
  serverVariables?: Record<string, string>;
  /** Where credentials and the base URL variable are read, at each call. Default: `process.env`. */
  env?: Env;
  /** Per-request timeout, response body included. Default 30 s. */
  timeoutMs?: number;
  /** Response bodies are read up to this many bytes; text beyond it is cut with a note. Default 10 MiB. */
  maxResponseBytes?: number;
  /** Sent with every request (before parameters and credentials, which win on a clash). */
  headers?: Record<string, string>;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Default `mcpsmith-http-executor`. */
  userAgent?: string;
  /**
   * Takes the named schemes' credentials from a header of the caller's MCP HTTP request (forward.ts). Off by
   * default; without it, `MCPSMITH_FORWARD_CREDENTIALS` in `env` configures it. Checked when the executor is made.
   */
  forwardCredentials?: ForwardCredentialsOptions;
}

/** What `call` needs from the tool handler's context: its cancellation signal, and the caller's HTTP headers. */
export interface HttpCallContext {
  signal?: AbortSignal;
  /** The MCP request's headers (HTTP only): where forwarded credentials come from. */
  headers?: CallerHeaders | undefined;
}

export interface HttpExecutor {
  /**
   * Sends `operation` with `args` (the tool's validated arguments, any object: a generated interface fits) and
   * maps the response to a tool result.
   * Failures the model or the user can act on (missing argument or credential, HTTP error status, timeout)
   * reject with a `ToolError`, which the runtime turns into an `isError` result.
   */
  call(operation: HttpOperation, args: object | undefined, context?: HttpCallContext): Promise<HttpCallResult>;
}

export function createHttpExecutor(api: HttpApi, options: HttpExecutorOptions = {}): HttpExecutor {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs");
  const maxResponseBytes = positive(options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, "maxResponseBytes");
  const tokens = new OAuth2Tokens(fetchImpl, timeoutMs);
  const forwarding = forwardingOf(api, options.forwardCredentials, options.env ?? process.env);
  const requestDefaults: RequestDefaults = {
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    userAgentIsExplicit: options.userAgent !== undefined,
    ...(options.headers && { headers: options.headers }),
  };

  async function call(operation: HttpOperation, input: object = {}, context: HttpCallContext = {}) {
    const args = input as Record<string, unknown>;
    const serverEnv = options.env ?? process.env;
    // Until the caller's headers are read, the environment alone: secrets() below may run before they are.
    let credentials: CallCredentials = { env: serverEnv, headerOf: new Map() };
    const method = wireMethod(operation.method);
    const label = `${method} ${operation.path}`;
    let chosen: Chosen = [];
    const tokensUsed: string[] = [];
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
    try {
      // Everything that can fail on the model's or the user's side is settled before anything is sent.
      const parts = serializeParameters(operation, args);
      credentials = callCredentials(api, forwarding, serverEnv, context.headers);
      const { env, headerOf } = credentials;
      chosen = chooseCredentials(api, operation.security, env, headerOf);
      const baseUrl = resolveBaseUrl(api, operation, { ...options, env: serverEnv });
      const body = encodeBody(operation.body, args);
      if (body && sendsNoBody(method)) {
        throw new ToolError(
          `${label} has a request body, which fetch cannot send with ${method}: leave out "${operation.body!.argument}".`,
        );
      }

      for (let attempt = 0; ; attempt++) {
        const auth = await applyCredentials(chosen, env, tokens, baseUrl, signal, headerOf);
        tokensUsed.push(...auth.tokens);
        const { url, headers } = assembleRequest(operation, baseUrl, parts, auth, body, requestDefaults);
        const secrets = [...secretValues(chosen, env), ...tokensUsed];
        const request = { method, url, headers, withCredentials: chosen.length > 0, secrets };
        const response = await send(fetchImpl, body ? { ...request, body: body.bytes } : request, signal);
        // A 401 with an OAuth2 token means it was revoked or expired early: fetch a new one and try once more.
        if (response.status === 401 && auth.oauth2.length > 0 && attempt === 0) {
          await response.body?.cancel();
          for (const scheme of auth.oauth2) tokens.invalidate(scheme, env[scheme.clientIdEnv]!);
          continue;
        }
        const received = await readBounded(response, maxResponseBytes);
        return mapResponse(response, received, {
          label,
          uri: url.split("?", 1)[0]!,
          maxResponseBytes,
          redact: (text) => redact(text, secrets),
        });
      }
    } catch (error) {
      throw explain(error, {
        label,
        timeoutMs,
        timeout,
        cancelled: context.signal,
        secrets: () => [...secretValues(chosen, credentials.env), ...tokensUsed],
      });
    }
  }

  return { call };
}

/** Options are checked once, when the executor is made: a typo should stop the server, not every call. */
function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new McpsmithError(
      "E_EXECUTOR_OPTIONS",
      `createHttpExecutor: ${name} must be a positive number of ${name === "timeoutMs" ? "milliseconds" : "bytes"}, not ${value}.`,
    );
  }
  return value;
}

interface Circumstances {
  label: string;
  timeoutMs: number;
  timeout: AbortSignal;
  cancelled: AbortSignal | undefined;
  secrets: () => string[];
}

/** Turns whatever stopped a call into an error that says what happened, with every secret scrubbed. */
function explain(error: unknown, c: Circumstances): Error {
  const scrub = (text: string) => redact(text, c.secrets());
  if (c.cancelled?.aborted) return new ToolError(`${c.label} was cancelled.`);
  if (c.timeout.aborted) return new ToolError(`${c.label} timed out after ${c.timeoutMs} ms.`);
  if (error instanceof ToolError) return new ToolError(scrub(error.message));
  if (error instanceof TypeError && error.message === "fetch failed") {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return new ToolError(scrub(`${c.label} could not reach the API${cause}.`));
  }
  // Anything else is a bug, reported with its stack: scrub that too, in place, so the stack still points at it.
  if (error instanceof Error) {
    error.message = scrub(error.message);
    if (error.stack) error.stack = scrub(error.stack);
    return error;
  }
  return new Error(scrub(String(error)));
}
