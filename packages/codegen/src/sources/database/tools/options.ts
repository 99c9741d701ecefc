/** How a database becomes tools: which tables take writes, page limits, when the constant set stands in. */
import { DEFAULT_LIMIT, DEFAULT_MAX_ROWS } from "@mcpsmith/runtime/sql";
import { CodegenError } from "../../../errors.js";
import { DEFAULT_DISCOVERY_THRESHOLD, type ListingMode } from "../../../ir/listing-modes.js";
import type { DatabaseLimits } from "../../../ir/types.js";

export interface DatabaseToolOptions {
  /**
   * `insert_`, `update_`, `delete_` tools: `true` for every table with a primary key, or table globs (as `tables`)
   * naming the ones that take them. Off by default.
   */
  writes?: boolean | string[];
  /** Rows a `list_` page has when `limit` is left out (default 50). */
  defaultLimit?: number;
  /** The largest page, and the most rows any statement returns (default 1,000). */
  maxRows?: number;
  /**
   * `tools`: tools per table; `discovery`: the constant set (find_tables, describe, list_rows, query); `auto`
   * (default): tools per table up to `threshold` tools, as OpenAPI's discovery mode.
   */
  mode?: ListingMode;
  threshold?: number;
  /** The environment variable a generated server reads the connection string from (default `DATABASE_URL`). */
  connectionEnv?: string;
  /** Longest tool name (default 64). */
  maxNameLength?: number;
}

export const DEFAULT_CONNECTION_ENV = "DATABASE_URL";

export function limitsOf(options: DatabaseToolOptions): DatabaseLimits {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const defaultLimit = Math.min(options.defaultLimit ?? DEFAULT_LIMIT, maxRows);
  for (const [name, value] of [
    ["max-rows", maxRows],
    ["default limit", defaultLimit],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new CodegenError("E_OPTIONS_INVALID", `${name} must be a positive whole number of rows, got ${value}.`);
    }
  }
  return { defaultLimit, maxRows };
}

export function thresholdOf(options: DatabaseToolOptions): number {
  const threshold = options.threshold ?? DEFAULT_DISCOVERY_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0) {
    throw new CodegenError("E_OPTIONS_INVALID", `The threshold must be a whole number of tools, got ${threshold}.`);
  }
  return threshold;
}

export function connectionEnvOf(options: DatabaseToolOptions): string {
  const env = options.connectionEnv ?? DEFAULT_CONNECTION_ENV;
  if (!/^[A-Z_][A-Z0-9_]*$/.test(env)) {
    throw new CodegenError(
      "E_OPTIONS_INVALID",
      `The connection's environment variable must be upper case letters, digits and _, got "${env}".`,
    );
  }
  return env;
}
