import type { Result } from "@modelcontextprotocol/server";
import type { Middleware, RequestInfo } from "../model/middleware.js";
import { isInputRequiredResult } from "../sdk.js";

export interface RequestLogOptions {
  /**
   * Log each `tools/call`'s argument values too. Default false: arguments may carry personal data or credentials,
   * and a log is read by more people than the server's clients.
   */
  arguments?: boolean;
  /** Where each line goes (a JSON document and a newline). Default: stderr, which is safe on every transport. */
  write?: (line: string) => void;
}

/** One line of the request log. */
export interface RequestLogEntry {
  /** When the request arrived (ISO 8601). */
  time: string;
  transport: RequestInfo["transport"];
  era: RequestInfo["client"]["era"];
  method: string;
  id: string | number;
  /** The tool or prompt named (`tools/call`, `prompts/get`). */
  name?: string;
  /** The client's name, as it introduced itself. */
  client?: string;
  /** Milliseconds from arrival to answer. */
  ms: number;
  /** `ok`, `tool_error` (a result with isError), `input_required`, `task` (a task's handle), or `error`. */
  outcome: "ok" | "tool_error" | "input_required" | "task" | "error";
  /** The JSON-RPC error code, for `error`. */
  code?: number;
  /** The tool's arguments, only with `arguments: true`. */
  arguments?: unknown;
}

/**
 * A structured request log: one JSON line per JSON-RPC request, on every transport and in both eras, written when
 * the request is answered. It names the method, the tool or prompt, the client, the time taken and the outcome;
 * it never writes headers, error messages or (unless asked) argument values, where secrets travel. Register it
 * first to time everything the other middleware does.
 */
export function requestLog(options: RequestLogOptions = {}): Middleware {
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  return {
    name: "requestLog",
    async request(request, next) {
      const arrived = Date.now();
      const started = performance.now();
      let outcome: Pick<RequestLogEntry, "outcome" | "code">;
      try {
        const result = await next();
        outcome = { outcome: outcomeOf(result) };
        return result;
      } catch (error) {
        outcome = { outcome: "error", ...codeOf(error) };
        throw error;
      } finally {
        const entry = entryOf(request, arrived, performance.now() - started, options.arguments === true);
        write(`${JSON.stringify({ ...entry, ...outcome! })}\n`);
      }
    },
  };
}

function entryOf(request: RequestInfo, arrived: number, ms: number, withArguments: boolean) {
  const { params } = request;
  const name = request.method === "tools/call" || request.method === "prompts/get" ? params?.name : undefined;
  const client = request.client;
  return {
    time: new Date(arrived).toISOString(),
    transport: request.transport,
    era: client.era,
    method: request.method,
    id: request.id,
    ...(typeof name === "string" && { name }),
    ...(client.name !== undefined && { client: client.name }),
    ms: Math.round(ms * 10) / 10,
    ...(withArguments && request.method === "tools/call" && { arguments: params?.arguments }),
  };
}

function outcomeOf(result: Result): RequestLogEntry["outcome"] {
  if (isInputRequiredResult(result)) return "input_required";
  if (result.resultType === "task") return "task";
  return result.isError === true ? "tool_error" : "ok";
}

function codeOf(error: unknown): { code?: number } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? { code } : {};
}
