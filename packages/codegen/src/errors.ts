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
  E_LIBRARY_MISSING: "The TypeScript standard library's declarations are missing from this installation",
  E_SPEC_UNREADABLE: "An API description file cannot be read (missing, unreadable, or a network $ref)",
  E_SPEC_SYNTAX: "An API description file is not valid JSON or YAML",
  E_SPEC_VERSION: "A document is not Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2",
  E_SPEC_REF: "A $ref in an API description points to nothing",
  E_SPEC_INVALID: "An API description breaks a rule the generator relies on",
  E_DATABASE_ADDRESS: "A database source is not a connection URL, an SQLite file or a DDL file with a dialect",
  E_DATABASE_UNREACHABLE: "A database cannot be connected to or its catalog cannot be read",
  E_DATABASE_DRIVER_MISSING: "The driver a database source needs (pg, mysql2, better-sqlite3, PGlite) is not installed",
  E_DDL_INVALID: "A statement of a DDL file cannot be run or parsed",
  E_CONFIG_MISSING: "No mcpsmith.config.* in the folder, or the config file named does not exist",
  E_CONFIG_INVALID:
    "mcpsmith.config.* cannot be read, or has an unknown key, a wrong value, a missing file, a bad URL or a transform naming nothing",
  E_SOURCE_FAILED: "A source of mcpsmith.config.* could not be loaded (the error names it)",
  E_TYPE_UNSUPPORTED:
    "A TypeScript type cannot become a JSON Schema (a function, a symbol, `any`, a class with methods)",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One thing wrong with an input, located precisely (a spec's JSON pointer, a file's `line:column`). */
export interface CodegenProblem {
  file: string;
  pointer: string;
  message: string;
}

export class CodegenError extends Error {
  readonly code: ErrorCode;
  /** Every problem found (an invalid spec reports all of them, not only the first); empty for other errors. */
  readonly problems: readonly CodegenProblem[];
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; problems?: readonly CodegenProblem[] }) {
    super(message, options);
    this.name = "CodegenError";
    this.code = code;
    this.problems = options?.problems ?? [];
  }
}
