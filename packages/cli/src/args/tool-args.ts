import { CliError } from "../errors.js";
import { isJsonObject } from "../json.js";

/** `key=value` on the command line; the key is a property name, the value anything after the first `=`. */
const PAIR = /^([A-Za-z_$][\w$.-]*)=(.*)$/s;

export function isPair(text: string): boolean {
  return PAIR.test(text);
}

/**
 * Merges `--args JSON` and `key=value` pairs (pairs win) into one arguments object. A value is kept as a
 * string when the schema says the property is a string; otherwise it is read as JSON when it parses
 * (`n=3`, `flag=true`, `tags=["a","b"]`) and kept as a string when it does not.
 */
export function buildArguments(json: string | undefined, pairs: readonly string[], schema?: unknown) {
  const result: Record<string, unknown> = json === undefined ? {} : parseJsonObject(json);
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  for (const pair of pairs) {
    const [, key, value] = PAIR.exec(pair)!;
    result[key!] = coerce(value!, properties[key!]);
  }
  return result;
}

/** Prompt arguments travel as strings, so pairs are never read as JSON there. */
export function buildStringArguments(json: string | undefined, pairs: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  const fromJson = json === undefined ? {} : parseJsonObject(json);
  for (const [key, value] of Object.entries(fromJson))
    result[key] = typeof value === "string" ? value : JSON.stringify(value);
  for (const pair of pairs) {
    const [, key, value] = PAIR.exec(pair)!;
    result[key!] = value!;
  }
  return result;
}

function parseJsonObject(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new CliError("E_ARGS_INVALID", `--args is not valid JSON: ${(error as Error).message}`, {
      hint: `Quote the whole object for your shell, e.g. --args '{"city":"Oslo","days":3}', or use key=value pairs.`,
      cause: error,
    });
  }
  if (!isJsonObject(value)) {
    throw new CliError("E_ARGS_INVALID", `--args must be a JSON object, got ${JSON.stringify(value)}.`, {
      hint: `Tool arguments are named: --args '{"a":1,"b":2}' or a=1 b=2.`,
    });
  }
  return value;
}

function coerce(value: string, property: unknown): unknown {
  if (isJsonObject(property) && property.type === "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
