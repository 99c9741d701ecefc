import type { OptionSpec } from "../../args/command.js";
import { OPENAPI_OPTIONS } from "../serve/openapi.js";

/** The selection and naming flags `serve openapi` takes, which shape the tools the same way here. */
const SOURCE_FLAGS = [
  "tags",
  "exclude-tags",
  "paths",
  "exclude-paths",
  "methods",
  "exclude-methods",
  "operations",
  "exclude-operations",
  "include-deprecated",
  "output-schema",
  "max-name-length",
  "env-prefix",
] as const;

/** `generate openapi` options: the source's flags as `serve openapi` has them, the mode, and --force. */
export const GENERATE_OPENAPI_OPTIONS: Record<string, OptionSpec> = {
  ...Object.fromEntries(SOURCE_FLAGS.map((flag) => [flag, OPENAPI_OPTIONS[flag]!])),
  mode: {
    type: "string",
    value: "MODE",
    description:
      "openapi: what the project serves by default, auto (tools up to 40, else discovery), tools or discovery",
  },
  force: {
    type: "boolean",
    description: "openapi: generate into an existing folder that is not an OpenAPI project (its files are kept)",
  },
};
