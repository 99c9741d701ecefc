// The plain drivers, for the database tests' side of every comparison: statements a test writes itself, run on the
// loaded database without mcpsmith, and the values they return put in the JSON form docs/database.md documents
// ("Types"), written here from the documentation and the engines' own text forms, not from the runtime's codecs.
import { createRequire } from "node:module";
import { join } from "node:path";
import type { SqlCodec, SqlDialect } from "../../packages/runtime/src/executors/sql/model.js";
import { ROOT } from "./servers.js";

// The drivers are codegen's and the runtime's (dev) dependencies, not the workspace root's.
const requireCodegen = createRequire(join(ROOT, "packages/codegen/package.json"));
const pg = requireCodegen("pg") as typeof import("pg");
const mysql = requireCodegen("mysql2/promise") as typeof import("mysql2/promise");
const parsePgArray = createRequire(requireCodegen.resolve("pg"))("postgres-array").parse as (text: string) => unknown[];
const Sqlite = createRequire(join(ROOT, "packages/runtime/package.json"))("better-sqlite3") as new (
  file: string,
  options?: { readonly?: boolean },
) => {
  prepare(sql: string): { all(...values: unknown[]): Record<string, unknown>[]; run(...values: unknown[]): unknown };
  exec(sql: string): void;
  close(): void;
};

export type Row = Record<string, unknown>;

/** One connection through the engine's plain driver. PostgreSQL hands back every value as its text form. */
export interface Direct {
  dialect: SqlDialect;
  /** Rows of one statement; `?` placeholders on every engine. */
  rows(sql: string, params?: unknown[]): Promise<Row[]>;
  /** A statement whose rows do not matter (DDL, inserts). */
  run(sql: string, params?: unknown[]): Promise<void>;
  /** A quoted name, schema-qualified when `schema` is given. */
  name(name: string, schema?: string): string;
  close(): Promise<void>;
}

/** The rows of one statement, on a connection of its own (a test's setup and its checks). */
export async function directRows(dialect: SqlDialect, url: string, sql: string): Promise<Row[]> {
  const connection = await openDirect(dialect, url);
  try {
    return await connection.rows(sql);
  } finally {
    await connection.close();
  }
}

export async function openDirect(dialect: SqlDialect, url: string): Promise<Direct> {
  if (dialect === "postgres") return openPostgres(url);
  if (dialect === "mysql") return openMysql(url);
  return openSqlite(url);
}

async function openPostgres(url: string): Promise<Direct> {
  // Every type as the server's text: the test maps text to JSON itself, so nothing of pg's parsing is assumed.
  const client = new pg.Client({ connectionString: url, types: { getTypeParser: () => (text: string) => text } });
  await client.connect();
  // Intervals as the executor reads them (its sessions set this style): ISO 8601 durations.
  await client.query("SET intervalstyle = 'iso_8601'");
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    dialect: "postgres",
    rows: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
    run: async (sql, params = []) => {
      await client.query(numbered(sql), params);
    },
    name: (name, schema) => (schema ? `${quote(schema, '"')}.` : "") + quote(name, '"'),
    close: () => client.end(),
  };
}

async function openMysql(url: string): Promise<Direct> {
  // Dates as the server writes them, 64-bit integers and decimals as strings, in UTC: the documented forms' sources.
  const connection = await mysql.createConnection({
    uri: url,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    timezone: "Z",
  });
  await connection.query("SET time_zone = '+00:00'");
  return {
    dialect: "mysql",
    rows: async (sql, params = []) => (await connection.query(sql, params))[0] as Row[],
    run: async (sql, params = []) => {
      await connection.query(sql, params);
    },
    name: (name) => quote(name, "`"),
    close: () => connection.end(),
  };
}

async function openSqlite(url: string): Promise<Direct> {
  const db = new Sqlite(url.replace(/^sqlite:/, ""));
  return {
    dialect: "sqlite",
    rows: async (sql, params = []) => db.prepare(sql).all(...params),
    run: async (sql, params = []) => {
      if (params.length === 0) db.exec(sql);
      else db.prepare(sql).run(...params);
    },
    name: (name) => quote(name, '"'),
    close: async () => db.close(),
  };
}

function quote(name: string, mark: string): string {
  return `${mark}${name.replaceAll(mark, mark + mark)}${mark}`;
}

/**
 * A value as the driver above returned it, in the JSON form docs/database.md gives its column's type: 64-bit integers
 * and decimals as strings, bytes as base64, dates `YYYY-MM-DD`, date-times ISO 8601 (`T`; an offset `+hh:mm` where
 * the type has a zone, MySQL's TIMESTAMP read in UTC as `Z`), booleans, JSON values, arrays of their elements, SET
 * members as a list, and everything else as the engine's text.
 */
export function expectedJson(value: unknown, codec: SqlCodec, dialect: SqlDialect): unknown {
  if (value === null || value === undefined) return null;
  switch (codec.kind) {
    case "integer":
    case "float":
      return Number(value);
    case "bigint":
    case "decimal":
      return String(value);
    case "boolean":
      // mysql2 gives a BIT(1) as its one byte.
      if (value instanceof Uint8Array) return value[0] !== 0;
      return dialect === "postgres" ? value === "t" : Number(value) !== 0;
    case "bytes":
      return (
        typeof value === "string" && dialect === "postgres"
          ? Buffer.from(value.slice(2), "hex")
          : Buffer.from(value as Uint8Array)
      ).toString("base64");
    case "json":
      return typeof value === "string" ? JSON.parse(value) : value;
    case "set":
      return String(value) === "" ? [] : String(value).split(",");
    case "array": {
      const items = typeof value === "string" ? parsePgArray(value) : (value as unknown[]);
      return items.map((item) => expectedJson(item, codec.element, dialect));
    }
    case "datetime": {
      const iso = String(value).replace(" ", "T");
      if (dialect === "postgres") return iso.replace(/([+-]\d\d)$/, "$1:00");
      return codec.zoned && dialect === "mysql" ? `${iso}Z` : iso;
    }
    default:
      return typeof value === "object" && !(value instanceof Uint8Array) ? JSON.stringify(value) : String(value);
  }
}
