/**
 * Tool names as the runtime makes them (`@mcpsmith/runtime/internal`): a composed server plans a remote's tools at
 * run time by the same rules the generators name tools with. A `maxLength` out of range is a generator option's
 * error here.
 */
import {
  safeToolName as runtimeSafeToolName,
  uniqueToolNames as runtimeUniqueToolNames,
  type ToolNameOptions,
} from "@mcpsmith/runtime/internal";
import { CodegenError } from "../errors.js";

export {
  DEFAULT_MAX_TOOL_NAME_LENGTH,
  SAFE_TOOL_NAME_CHARACTERS,
  type ToolNameOptions,
  toolNamePattern,
  UNSAFE_TOOL_NAME_CHARACTER,
} from "@mcpsmith/runtime/internal";

/**
 * Turns any string (an operation id, `GET /repos/{owner}/{repo}`, a table name in any script) into a tool name
 * matching `toolNamePattern`. A name that already matches is returned unchanged. Otherwise accents are dropped,
 * every run of other characters becomes one `_`, a leading digit gets a `_` in front, and a name longer than
 * `maxLength` is cut and given `_` plus a 6-digit hash of the raw string, so distinct long names stay distinct and
 * the result is the same on every run.
 */
export function safeToolName(raw: string, options: ToolNameOptions = {}): string {
  return asOptionError(() => runtimeSafeToolName(raw, options));
}

/**
 * `safeToolName` for a whole list, with collisions resolved. Names are compared ignoring case, since some hosts
 * fold case. In each group of colliding names the first (in input order) keeps its name and the others get `_`
 * plus a hash of their raw string; so adding a tool at the end never renames an existing one. Feed the raws in a
 * stable order (the spec's order, sorted table names) for stable output.
 */
export function uniqueToolNames(raws: readonly string[], options: ToolNameOptions = {}): string[] {
  return asOptionError(() => runtimeUniqueToolNames(raws, options));
}

function asOptionError<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) throw new CodegenError("E_OPTIONS_INVALID", error.message, { cause: error });
    throw error;
  }
}
