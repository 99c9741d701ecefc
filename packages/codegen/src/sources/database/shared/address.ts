/**
 * Where a database source comes from, parsed once (the CLI passes what the user typed): a connection URL, an SQLite
 * file, or a DDL file with its dialect. Connection URLs carry passwords, so nothing here ever echoes one: messages
 * and `label` use {@link redactUrl}.
 */
import type { SqlDialect } from "@mcpsmith/runtime/sql";
import { CodegenError } from "../../../errors.js";

export type DatabaseAddress =
  /** A server to connect to; `url` holds the credentials and is handed to the driver only. */
  | { kind: "server"; dialect: "postgres" | "mysql"; url: string; label: string }
  /** An SQLite database file, opened read-only. */
  | { kind: "sqlite-file"; dialect: "sqlite"; path: string; label: string }
  /** A file of SQL statements (a schema dump), read by an embedded engine or a parser. */
  | { kind: "ddl"; dialect: SqlDialect; path: string; label: string };

const SCHEMES: Record<string, "postgres" | "mysql"> = {
  "postgres:": "postgres",
  "postgresql:": "postgres",
  "mysql:": "mysql",
  "mariadb:": "mysql",
};

const SQLITE_FILE = /\.(sqlite3?|db)$/i;
const DDL_FILE = /\.sql$/i;

/** Whether the input is a DDL file, which needs a dialect: a `.sql` file does not say which engine wrote it. */
export function isDdlFile(input: string): boolean {
  return DDL_FILE.test(input);
}
export const DIALECTS: readonly SqlDialect[] = ["postgres", "mysql", "sqlite"];

/**
 * `dialect` is required for a DDL file (a `.sql` file does not say which engine wrote it) and must agree with a
 * URL's scheme when both are given.
 */
export function parseDatabaseAddress(input: string, dialect?: string): DatabaseAddress {
  const checked = dialect === undefined ? undefined : checkDialect(dialect);
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(input)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme in SCHEMES) return serverAddress(input, SCHEMES[scheme] as "postgres", checked);
  if (scheme === "sqlite:") return sqliteFile(input.slice("sqlite:".length).replace(/^\/\/(?=\/)/, ""), checked);
  if (scheme !== undefined && scheme.length > 2 && /^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    throw addressError(`"${redactUrl(input)}": unknown scheme ${scheme} (postgres://, mysql://, mariadb://, sqlite:)`);
  }
  if (isDdlFile(input)) {
    if (checked === undefined) {
      throw addressError(`${input}: a DDL file needs a dialect (postgres, mysql or sqlite: --dialect)`);
    }
    return { kind: "ddl", dialect: checked, path: input, label: input };
  }
  if (SQLITE_FILE.test(input) || checked === "sqlite") return sqliteFile(input, checked);
  throw addressError(
    `"${redactUrl(input)}" is not a database source: use postgres://, mysql:// or mariadb:// URLs, sqlite:PATH, ` +
      "a .sqlite/.db file, or a .sql DDL file with a dialect",
  );
}

function serverAddress(url: string, dialect: "postgres" | "mysql", checked?: SqlDialect): DatabaseAddress {
  if (checked !== undefined && checked !== dialect) {
    throw addressError(`"${redactUrl(url)}" is a ${dialect} URL but the dialect given is ${checked}`);
  }
  try {
    new URL(url);
  } catch {
    throw addressError(`"${redactUrl(url)}" is not a valid connection URL`);
  }
  return { kind: "server", dialect, url, label: redactUrl(url) };
}

function sqliteFile(path: string, checked?: SqlDialect): DatabaseAddress {
  if (checked !== undefined && checked !== "sqlite") {
    throw addressError(`${path}: an SQLite file cannot be read with the ${checked} dialect`);
  }
  if (path === "") throw addressError("sqlite: needs a file path (sqlite:PATH)");
  return { kind: "sqlite-file", dialect: "sqlite", path, label: path };
}

export function checkDialect(dialect: string): SqlDialect {
  const lower = dialect.toLowerCase();
  const known = lower === "postgresql" ? "postgres" : lower === "mariadb" ? "mysql" : lower;
  if ((DIALECTS as string[]).includes(known)) return known as SqlDialect;
  throw new CodegenError("E_OPTIONS_INVALID", `dialect "${dialect}": expected one of ${DIALECTS.join(", ")}`);
}

/**
 * A URL with its password (and any query parameter that looks like one) replaced by `***`. Text that does not parse
 * as a URL keeps only what precedes an `@`-less authority, so a malformed URL with a password does not leak it.
 */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.replace(/\/\/[^/@\s]*@/, "//***@").replace(/(password|passwd|pwd)=[^&\s]*/gi, "$1=***");
  }
  if (url.password !== "") url.password = "***";
  for (const key of [...url.searchParams.keys()]) {
    if (/pass|pwd|secret|token|key/i.test(key)) url.searchParams.set(key, "***");
  }
  return url.toString().replaceAll("%2A%2A%2A", "***");
}

/** Any occurrence of the URL (or its password alone) in a driver's message, replaced by the redacted form. */
export function redactIn(message: string, url: string): string {
  let text = message.split(url).join(redactUrl(url));
  try {
    const password = decodeURIComponent(new URL(url).password);
    if (password.length > 0) text = text.split(password).join("***");
  } catch {
    // not a URL: nothing more to hide than the URL itself
  }
  return text;
}

function addressError(message: string): CodegenError {
  return new CodegenError("E_DATABASE_ADDRESS", message);
}
