/**
 * Errors of the code generator (bad options, unusable sources, missing templates). They are for the person
 * running the generator; nothing here crosses the MCP wire.
 */
export const ERROR_CODES = {
  E_OPTIONS_INVALID: "Generator options are out of range or inconsistent",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class CodegenError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CodegenError";
    this.code = code;
  }
}
