import type { OptionSpec } from "../../args/command.js";
import { OPENAPI_SOURCE_FLAGS } from "../../flags/openapi-flags.js";

/** `generate openapi` options: the source's flags as `serve openapi` has them, the mode, and --force. */
export const GENERATE_OPENAPI_OPTIONS: Record<string, OptionSpec> = {
  ...OPENAPI_SOURCE_FLAGS,
  mode: {
    type: "string",
    value: "MODE",
    description:
      "openapi: what the project serves by default, auto (tools up to 40, else discovery), tools, discovery or code",
  },
  force: {
    type: "boolean",
    description: "openapi: generate into an existing folder that is not an OpenAPI project (its files are kept)",
  },
};
