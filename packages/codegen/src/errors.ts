/**
 * Errors of the code generator (bad options, unusable sources, missing templates). They are for the person
 * running the generator; nothing here crosses the MCP wire.
 */
export const ERROR_CODES = {
  E_OPTIONS_INVALID: "Generator options are out of range or inconsistent",
  E_INPUT_MISSING: "An input file, folder or glob matched nothing, or a tsconfig cannot be read",
  E_ANNOTATION_INVALID: "A @tool, @resource or @prompt tag is on something that cannot become one",
  E_NAME_DUPLICATE: "Two tools, resources or prompts would get the same name",
  E_MANIFEST_INVALID: "mcpsmith.json cannot be read or has an entry the generator does not understand",
  E_TEMPLATE_MISSING: "A code template is missing from this installation",
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
