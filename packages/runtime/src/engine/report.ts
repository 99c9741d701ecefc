import { formatWithOptions } from "node:util";

/**
 * Server-side failures (a handler that threw, a result that broke its schema) go to stderr with their stack;
 * clients get only the message. stderr is safe on every transport, stdout being the stdio protocol channel.
 */
export function reportFailure(what: string, error?: unknown): void {
  const detail =
    error === undefined
      ? ""
      : ` ${formatWithOptions({ colors: false }, error instanceof Error ? (error.stack ?? error.message) : error)}`;
  process.stderr.write(`[mcpsmith] ${what}${detail}\n`);
}
