import { McpsmithError } from "../../errors.js";
import { SYNTAX } from "./dialect.js";
import type { SqlDatabase, SqlTable } from "./model.js";

export interface RoleScriptOptions {
  /** The role (PostgreSQL) or user (MySQL) to create. Letters, digits and underscores. */
  role: string;
  /** Also grant INSERT, UPDATE and DELETE on the tables with a primary key (what the write tools touch). */
  writes?: boolean;
  /** MySQL: the host part of the account. Default `%`. */
  host?: string;
}

/**
 * A SQL script that creates a role allowed exactly what the served tools need: SELECT on every table and view
 * served, and with `writes` INSERT/UPDATE/DELETE on the tables with a key. The engine's own privileges are the last
 * guard: with such a role, even a read that slipped past every other check could not change data. SQLite has no
 * roles (the file is opened read-only instead), so it has no script.
 */
export function leastPrivilegeScript(database: SqlDatabase, options: RoleScriptOptions): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(options.role)) {
    throw new McpsmithError(
      "E_EXECUTOR_OPTIONS",
      `The role name "${options.role}" must be letters, digits and underscores.`,
    );
  }
  if (database.dialect === "sqlite") {
    throw new McpsmithError(
      "E_EXECUTOR_OPTIONS",
      "SQLite has no roles: the executor opens the file read-only unless writes are enabled.",
    );
  }
  const quote = SYNTAX[database.dialect].quote;
  const table = (t: SqlTable) => (t.schema === undefined ? quote(t.name) : `${quote(t.schema)}.${quote(t.name)}`);
  const writable = options.writes ? database.tables.filter((t) => t.kind === "table" && t.primaryKey) : [];
  return database.dialect === "postgres"
    ? postgres(database, options, quote, table, writable)
    : mysql(database, options, table, writable);
}

function postgres(
  database: SqlDatabase,
  options: RoleScriptOptions,
  quote: (name: string) => string,
  table: (t: SqlTable) => string,
  writable: SqlTable[],
): string {
  const role = quote(options.role);
  const schemas = [...new Set(database.tables.map((t) => t.schema ?? "public"))];
  return [
    `-- A PostgreSQL role for the MCP server of ${database.name}: ${options.writes ? "reads, and writes by key" : "reads only"}.`,
    "-- Run as a superuser or the tables' owner; replace the password (or use your own authentication).",
    `CREATE ROLE ${role} LOGIN PASSWORD 'change-me' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;`,
    ...(options.writes ? [] : [`ALTER ROLE ${role} SET default_transaction_read_only = on;`]),
    `GRANT CONNECT ON DATABASE ${quote(database.name)} TO ${role};`,
    ...schemas.map((schema) => `GRANT USAGE ON SCHEMA ${quote(schema)} TO ${role};`),
    ...database.tables.map((t) => `GRANT SELECT ON ${table(t)} TO ${role};`),
    ...writable.map((t) => `GRANT INSERT, UPDATE, DELETE ON ${table(t)} TO ${role};`),
    ...(writable.length > 0
      ? schemas.map((schema) => `GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${quote(schema)} TO ${role};`)
      : []),
    "",
  ].join("\n");
}

function mysql(
  database: SqlDatabase,
  options: RoleScriptOptions,
  table: (t: SqlTable) => string,
  writable: SqlTable[],
): string {
  const host = (options.host ?? "%").replaceAll("'", "''");
  const account = `'${options.role}'@'${host}'`;
  return [
    `-- A MySQL/MariaDB account for the MCP server of ${database.name}: ${options.writes ? "reads, and writes by key" : "reads only"}.`,
    "-- Run as an administrator; replace the password.",
    `CREATE USER ${account} IDENTIFIED BY 'change-me';`,
    ...database.tables.map((t) => `GRANT SELECT ON ${table(t)} TO ${account};`),
    ...writable.map((t) => `GRANT INSERT, UPDATE, DELETE ON ${table(t)} TO ${account};`),
    "",
  ].join("\n");
}
