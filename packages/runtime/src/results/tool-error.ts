/**
 * An error whose message is meant for the model: the call ends with `isError: true` and this message, and
 * nothing is logged as a server failure. Any other thrown error also becomes `isError`, but its stack goes to
 * the server's log (stderr) because it is probably a bug.
 */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolError";
  }
}
