import type { DatabaseOptions } from "@mcpsmith/codegen/pipelines/database";
import { CliError } from "../errors.js";
import { modeOf } from "./openapi-options.js";
import { type FlagValues, listFlag, wholeNumberFlag } from "./values.js";

const DEFAULT_CONNECTION_ENV = "DATABASE_URL";

/** The database source's selection and the tools' options from `DATABASE_SOURCE_FLAGS`, `--mode` and `--threshold`. */
export function databaseOptionsOf(values: FlagValues, command: string): DatabaseOptions {
  const list = (name: string) => {
    const items = listFlag(values, name);
    return items.length > 0 ? items : undefined;
  };
  const dialect = values.dialect;
  const schema = list("schema");
  const tables = list("tables");
  const exclude = list("exclude");
  const writeTables = list("write-tables");
  const maxRows = wholeNumberFlag(values, "max-rows", command);
  const threshold = wholeNumberFlag(values, "threshold", command);
  const maxNameLength = wholeNumberFlag(values, "max-name-length", command);
  const writes = writeTables ?? (values.writes === true ? true : undefined);
  return {
    source: {
      ...(typeof dialect === "string" && { dialect }),
      ...(schema && { schema }),
      ...(tables && { tables }),
      ...(exclude && { exclude }),
    },
    tools: {
      mode: modeOf(values, command),
      ...(writes !== undefined && { writes }),
      ...(maxRows !== undefined && { maxRows }),
      ...(threshold !== undefined && { threshold }),
      ...(maxNameLength !== undefined && { maxNameLength }),
      connectionEnv: connectionEnvOf(values),
    },
  };
}

export function connectionEnvOf(values: FlagValues): string {
  const env = values["connection-env"];
  return typeof env === "string" ? env : DEFAULT_CONNECTION_ENV;
}

/**
 * The source given, else the connection string in the environment variable: a URL typed on a command line is seen
 * by `ps` and shell history, so hosts should prefer the variable.
 */
export function databaseSourceOf(given: string | undefined, values: FlagValues, env: NodeJS.ProcessEnv): string {
  if (given !== undefined) return given;
  const name = connectionEnvOf(values);
  const fromEnv = env[name];
  if (fromEnv === undefined || fromEnv === "") {
    throw new CliError("E_USAGE", `Give the database to read, or set ${name} to its connection string.`, {
      hint: "For example `mcpsmith serve db chinook.sqlite`, or `DATABASE_URL=postgres://... mcpsmith serve db`.",
    });
  }
  return fromEnv;
}
