/**
 * Start-up and configuration errors of the runtime, and faults in what it was built from (a binding that names an
 * operation or a table that is not there). Their codes never cross the wire: what a client sees is a protocol error
 * (wire-errors.ts) or an `isError` result (see `results/`).
 */
export const ERROR_CODES = {
  E_MODEL_INVALID: "The server model is invalid (names, schemas, descriptions)",
  E_SCHEMA_INVALID: "A schema cannot be used (not an object, no JSON Schema output, invalid JSON Schema)",
  E_TARGET_INVALID: "serve() was given something that is not a model, a builder or a decorated object",
  E_SERVE_OPTIONS: "serve() options are inconsistent",
  E_STATE_KEY: "The requestState signing key (MCPSMITH_STATE_KEY) or its expiry is unusable",
  E_COMPOSE_INVALID: "A composed server's plan cannot be carried out (a tool or argument it names, an unset binding)",
  E_COMPOSE_CONFLICT: "Two sources of a composed server give a tool, prompt or resource the same name",
  E_REMOTE_UNAVAILABLE: "A remote MCP server of a composed server cannot be started, reached or listed",
  E_EXECUTOR_OPTIONS:
    "An executor (createHttpExecutor, createSqlExecutor, leastPrivilegeScript) was given options it cannot use",
  E_BINDING_INVALID: "A tool's binding (an HTTP operation, a SQL tool) does not match the API or database it names",
  E_DRIVER_MISSING: "The database driver a connection needs is not installed, or this Node has no node:sqlite",
  E_TELEMETRY: "OTEL_* variables ask for telemetry mcpsmith cannot set up (an exporter or protocol it does not offer)",
  E_CODE_MODE_OPTIONS: "codeMode() options are unusable (a limit that is not a positive whole number, an unknown tool)",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class McpsmithError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "McpsmithError";
    this.code = code;
  }
}
