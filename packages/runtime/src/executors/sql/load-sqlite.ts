/**
 * Which SQLite engine runs a database, by one rule for the executor and codegen: better-sqlite3 where it loads, else
 * node:sqlite where this Node has it, else an error that says which of the two to get.
 */
import { DriverMissingError, isModuleNotFound, loadDriver } from "./load-driver.js";
import { betterSqlite3Engine } from "./sqlite-better.js";
import type { SqliteDriverChoice, SqliteEngine } from "./sqlite-engine.js";
import { NODE_SQLITE_SINCE, nodeSqliteEngine } from "./sqlite-node.js";

/** The engine `choice` names, or by the rule above; rejects with a {@link DriverMissingError} when there is none. */
export async function loadSqliteEngine(choice: SqliteDriverChoice = "auto"): Promise<SqliteEngine> {
  if (choice === "better-sqlite3") return loadDriver("better-sqlite3", betterSqlite3Engine);
  if (choice === "node:sqlite") {
    const engine = await nodeSqliteEngine();
    if (engine === undefined) throw missing(`This SQLite database is set to run on node:sqlite, ${needsNode()}`);
    return engine;
  }
  let unloadable: unknown;
  try {
    return await betterSqlite3Engine();
  } catch (error) {
    unloadable = error;
  }
  const engine = await nodeSqliteEngine();
  if (engine !== undefined) return engine;
  const why = isModuleNotFound(unloadable) ? "is not installed" : "did not load";
  throw missing(
    `This SQLite database needs the better-sqlite3 package (npm install better-sqlite3), which ${why}, or ` +
      `Node.js ${NODE_SQLITE_SINCE} or later, whose node:sqlite serves instead: this is Node.js ${process.versions.node}.`,
    unloadable,
  );
}

function needsNode(): string {
  return `which needs Node.js ${NODE_SQLITE_SINCE} or later: this is Node.js ${process.versions.node}.`;
}

function missing(message: string, cause?: unknown): DriverMissingError {
  return new DriverMissingError("better-sqlite3", message, cause === undefined ? {} : { cause });
}
