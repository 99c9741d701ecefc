/**
 * Every error the CLI reports on purpose, with the exit code it ends in: 1 for what the user can fix (input,
 * a server that will not start), 2 for what is our fault. Anything thrown that is not a CliError is internal.
 */
export const ERROR_CODES = {
  E_COMMAND_UNKNOWN: { exitCode: 1, summary: "No such command" },
  E_USAGE: { exitCode: 1, summary: "Options or arguments the command does not accept" },
  E_ARGS_INVALID: { exitCode: 1, summary: "Tool, prompt or resource arguments that cannot be read" },
  E_TARGET_MISSING: { exitCode: 1, summary: "No server given, or the given one cannot be found" },
  E_SERVER_START: { exitCode: 1, summary: "The server process could not be started or exited early" },
  E_CONNECT: { exitCode: 1, summary: "Could not connect to the server or agree on a protocol version" },
  E_TOOL_UNKNOWN: { exitCode: 1, summary: "The server has no tool of that name" },
  E_PROMPT_UNKNOWN: { exitCode: 1, summary: "The server has no prompt of that name" },
  E_REQUEST_FAILED: { exitCode: 1, summary: "The server answered a request with a protocol error" },
  E_TEMPLATE_UNKNOWN: { exitCode: 1, summary: "No project template of that name" },
  E_TEMPLATE_MISSING: { exitCode: 2, summary: "The templates folder is missing from this installation" },
  E_DIR_NOT_EMPTY: { exitCode: 1, summary: "The target folder exists and is not empty" },
  E_WRITE_FAILED: { exitCode: 1, summary: "Files could not be written" },
  E_INSTALL_FAILED: { exitCode: 1, summary: "Installing the new project's dependencies failed" },
  E_CLIENT_UNKNOWN: { exitCode: 1, summary: "mcpsmith install does not know that host" },
  E_GENERATE_FAILED: {
    exitCode: 1,
    summary: "The generator could not read its input, or refused it (file:line says where)",
  },
  E_CONFIG_INVALID: {
    exitCode: 1,
    summary: "A host's config file does not parse (even as JSONC), so it is left alone",
  },
  E_CONFIG_FILE: {
    exitCode: 1,
    summary: "mcpsmith.config.* cannot be used: the message names the file and the key (or the source) at fault",
  },
  E_BUILD_FAILED: {
    exitCode: 1,
    summary: "mcpsmith build: a type cannot become a JSON Schema (file:line:column says where and what to write)",
  },
} as const satisfies Record<string, { exitCode: 1 | 2; summary: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class CliError extends Error {
  readonly code: ErrorCode;
  /** What to do next, shown under the message. */
  readonly hint: string | undefined;
  constructor(code: ErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CliError";
    this.code = code;
    this.hint = options.hint;
  }

  get exitCode(): 1 | 2 {
    return ERROR_CODES[this.code].exitCode;
  }
}
