import { ToolError } from "../../results/tool-error.js";
import { DriverMissingError } from "./load-driver.js";

const TIMEOUT_CODES = new Set([
  "57014",
  "ER_QUERY_TIMEOUT",
  "ER_STATEMENT_TIMEOUT",
  "ER_QUERY_INTERRUPTED",
  "3024",
  "1969",
  "1317",
]);
const UNREACHABLE =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|EPIPE|PROTOCOL_CONNECTION_LOST|08...|57P0[1-3]|ER_ACCESS_DENIED_ERROR|28P01|28000|SQLITE_CANTOPEN)$/;

/** Turns whatever stopped a call into an error that says what happened, with the connection's secrets scrubbed. */
export function explain(
  error: unknown,
  c: { timeoutMs: number; signal?: AbortSignal | undefined; scrub: (t: string) => string },
): Error {
  if (c.signal?.aborted) return new ToolError("The query was cancelled.");
  // What to install, as it was said: its code is mcpsmith's, not one the database raised.
  if (error instanceof DriverMissingError) return error;
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: string };
  const codes = [code, errno].filter((v) => v !== undefined).map(String);
  const text = c.scrub(message || String(error));
  if (error instanceof Error && (error.name === "SqliteTimeout" || codes.some((v) => TIMEOUT_CODES.has(v)))) {
    return new ToolError(`The query was stopped: it ran past the time limit of ${c.timeoutMs} ms.`);
  }
  if (error instanceof Error && /^timed out after/.test(message ?? "")) {
    return new ToolError(`The query was stopped: it ran past the time limit of ${c.timeoutMs} ms.`);
  }
  if (error instanceof ToolError) return new ToolError(c.scrub(error.message));
  if (
    codes.some((v) => UNREACHABLE.test(v)) ||
    /Connection terminated|connect ECONN|SQLite worker stopped/.test(message ?? "")
  ) {
    return new ToolError(
      `The database is unreachable (${codes[0] ?? "connection failed"}): ${text}. Try again once it is back.`,
    );
  }
  // An error the database raised (a syntax error, a constraint, a read-only violation): the model can act on it.
  if (codes.length > 0) return new ToolError(`The database refused the statement: ${text}`);
  if (error instanceof Error) {
    error.message = text;
    if (error.stack) error.stack = c.scrub(error.stack);
    return error;
  }
  return new Error(text);
}
