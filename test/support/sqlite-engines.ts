// The SQLite engines the executor runs on, for the suites that run once per engine: better-sqlite3 (built for the
// Node that installed it) and node:sqlite (Node 22.16 and later). MCPSMITH_TEST_SQLITE_DRIVERS names the engines to
// run (comma-separated); by default both where this Node has them, and better-sqlite3 always, so that a missing
// build fails rather than skips. test/sql-executor.sqlite.node22.test.ts runs the node:sqlite half under Node 22.
import { createRequire } from "node:module";
import { join } from "node:path";
import { ROOT } from "./servers.js";

export type SqliteDriverName = "better-sqlite3" | "node:sqlite";

const require = createRequire(join(ROOT, "packages/runtime/package.json"));

/** A plain statement on a plain connection: the tests' side of every comparison, not the executor's. */
export interface PlainSqlite {
  prepare(sql: string): {
    all(...values: unknown[]): Record<string, unknown>[];
    get(...values: unknown[]): Record<string, unknown> | undefined;
    run(...values: unknown[]): { changes: number | bigint };
  };
  close(): void;
}

interface NodeSqlite {
  DatabaseSync: new (file: string, options: { readOnly?: boolean; timeout?: number }) => PlainSqlite;
  StatementSync: { prototype: { setReturnArrays?: unknown } };
}

/** node:sqlite where this Node has the version the executor runs on (rows as arrays), else undefined. */
function nodeSqlite(): NodeSqlite | undefined {
  try {
    const load = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
    const sqlite = load?.("node:sqlite") as NodeSqlite | undefined;
    return typeof sqlite?.StatementSync.prototype.setReturnArrays === "function" ? sqlite : undefined;
  } catch {
    return undefined;
  }
}

function betterSqlite3(): new (file: string, options?: { readonly?: boolean; timeout?: number }) => PlainSqlite {
  return require("better-sqlite3");
}

/** Whether better-sqlite3 loads in this Node (its native module is built for one Node version). */
function betterSqlite3Loads(): boolean {
  try {
    new (betterSqlite3())(":memory:").close();
    return true;
  } catch {
    return false;
  }
}

export const SQLITE_DRIVERS: SqliteDriverName[] = process.env.MCPSMITH_TEST_SQLITE_DRIVERS
  ? (process.env.MCPSMITH_TEST_SQLITE_DRIVERS.split(",") as SqliteDriverName[])
  : ["better-sqlite3", ...(nodeSqlite() ? (["node:sqlite"] as const) : [])];

/** A connection beside the executor's: better-sqlite3 where it loads, else node:sqlite. */
export function openPlainSqlite(file: string, options: { readonly?: boolean; timeout?: number } = {}): PlainSqlite {
  if (betterSqlite3Loads()) return new (betterSqlite3())(file, options);
  const sqlite = nodeSqlite();
  if (sqlite === undefined) throw new Error("Neither better-sqlite3 nor node:sqlite runs on this Node.");
  return new sqlite.DatabaseSync(file, {
    ...(options.readonly !== undefined && { readOnly: options.readonly }),
    ...(options.timeout !== undefined && { timeout: options.timeout }),
  });
}
