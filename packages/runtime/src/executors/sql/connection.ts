import { McpsmithError } from "../../errors.js";
import type { SqlDialect } from "./model.js";

/** A database to connect to: a URL (`postgres://`, `mysql://`, `mariadb://`, `sqlite:PATH`, a file path) or the driver's own configuration object. */
export type SqlConnection = string | Record<string, unknown>;

/** The dialect a connection string names, or undefined for a path (SQLite). Never echoes the string. */
export function dialectOf(connection: string): SqlDialect | undefined {
  if (/^postgres(ql)?:\/\//i.test(connection)) return "postgres";
  if (/^(mysql|mariadb):\/\//i.test(connection)) return "mysql";
  if (/^sqlite:/i.test(connection)) return "sqlite";
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(connection) ? undefined : "sqlite";
}

/** The SQLite file a connection names: `sqlite:PATH`, `sqlite://PATH`, or the path itself. */
export function sqliteFile(connection: SqlConnection): string {
  if (typeof connection !== "string") {
    const filename = connection.filename;
    if (typeof filename !== "string")
      throw new McpsmithError("E_EXECUTOR_OPTIONS", "createSqlExecutor: a SQLite connection object needs a filename.");
    return filename;
  }
  return connection.replace(/^sqlite:(\/\/)?/i, "");
}

/**
 * What must never appear in an error or a log: the connection string, its password and user info, and the
 * password of a configuration object.
 */
export function connectionSecrets(connection: SqlConnection): string[] {
  if (typeof connection !== "string") {
    const password = connection.password;
    const uri = connection.uri ?? connection.connectionString;
    return [
      ...(typeof password === "string" ? [password] : []),
      ...(typeof uri === "string" ? connectionSecrets(uri) : []),
    ];
  }
  const secrets = [connection];
  try {
    const url = new URL(connection);
    if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
    if (url.username && url.password) secrets.push(`${url.username}:${url.password}`);
  } catch {
    // Not a URL (a file path): the string itself is the only secret.
  }
  return secrets;
}

/** mysql2 reads `mysql://` URLs; MariaDB's scheme names the same protocol. */
export function mysqlUri(connection: string): string {
  return connection.replace(/^mariadb:/i, "mysql:");
}
