import { CodegenError } from "@mcpsmith/codegen";
import { McpsmithError } from "@mcpsmith/runtime/lean";
import { CliError } from "../errors.js";

/** A config's problems are the user's to fix (exit 1): the message already names the file and the key. */
export function configFailure(error: unknown): unknown {
  if (error instanceof CodegenError) {
    return new CliError(
      error.code === "E_CONFIG_MISSING" ? "E_TARGET_MISSING" : "E_CONFIG_FILE",
      `${error.code}: ${error.message}`,
      {
        hint: "Fix the config (docs/compose.md lists every key) and run again; nothing was served or written.",
        cause: error,
      },
    );
  }
  if (error instanceof McpsmithError) {
    return new CliError("E_CONFIG_FILE", `${error.code}: ${error.message}`, {
      hint: "A source's model is invalid; fix it and run again (docs/compose.md).",
      cause: error,
    });
  }
  return error;
}
