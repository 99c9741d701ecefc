export type { Command, OptionSpec, ParsedArgs } from "./args/command.js";
export { CliError, ERROR_CODES, type ErrorCode } from "./errors.js";
export { type Io, type OutputStream, processIo } from "./io.js";
export { main } from "./main.js";
