/**
 * The database source: a connection URL, an SQLite file or a DDL file -> the executor's model of the database
 * (`SqlDatabase`) plus warnings. Each dialect reads its catalog its own way; selection, ordering and the shape of
 * a column are shared, so every kind of input gives the same reading of the same schema.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { SqlDatabase, SqlTable } from "@mcpsmith/runtime/sql";
import { CodegenError } from "../../errors.js";
import type { Source } from "../../ir/source.js";
import { checkOptions, type DatabaseSourceOptions } from "./options.js";
import { type DatabaseReading, Warnings } from "./reading.js";
import { selectTables } from "./select.js";
import { type DatabaseAddress, parseDatabaseAddress } from "./shared/address.js";
import { splitScript } from "./shared/statements.js";

type Warn = (pointer: string, message: string) => void;

export async function loadDatabase(input: string, options: DatabaseSourceOptions = {}): Promise<DatabaseReading> {
  checkOptions(options);
  const address = parseDatabaseAddress(input, options.dialect);
  const warnings = new Warnings(address.label);
  const { name, tables } = await readAddress(address, options, warnings.warn);
  const database: SqlDatabase = {
    dialect: address.dialect,
    name,
    tables: selectTables(tables, options, warnings.warn),
  };
  return { kind: "database", database, source: address.label, warnings: warnings.list };
}

interface Catalog {
  name: string;
  tables: SqlTable[];
}

/** Each dialect's reader is loaded only for a source of its dialect: a server reads one, and starts sooner. */
async function readAddress(address: DatabaseAddress, options: DatabaseSourceOptions, warn: Warn): Promise<Catalog> {
  switch (address.kind) {
    case "server": {
      if (address.dialect === "mysql") {
        const { readMysqlServer } = await import("./mysql/live.js");
        return readMysqlServer(address.url, address.label, options.schema, warn);
      }
      const [{ withPostgres }, { readDatabaseName }, { introspectPostgres }] = await Promise.all([
        import("./postgres/live.js"),
        import("./postgres/catalog.js"),
        import("./postgres/introspect.js"),
      ]);
      return withPostgres(address.url, address.label, async (db) => ({
        name: await readDatabaseName(db),
        tables: await introspectPostgres(db, warn),
      }));
    }
    case "sqlite-file": {
      const { readSqliteFile } = await import("./sqlite/read.js");
      return { name: fileStem(address.path), tables: await readSqliteFile(address.path, warn) };
    }
    case "ddl": {
      const script = splitScript(await readScript(address.path), address.dialect);
      const name = fileStem(address.path);
      if (address.dialect === "postgres") {
        const { readPostgresScript } = await import("./postgres/pglite.js");
        return { name, tables: await readPostgresScript(script, address.path, warn) };
      }
      if (address.dialect === "sqlite") {
        const { readSqliteScript } = await import("./sqlite/read.js");
        return { name, tables: await readSqliteScript(script, address.path, warn) };
      }
      const { readMysqlScript } = await import("./mysql/ddl.js");
      return readMysqlScript(script, address.path, name, warn);
    }
  }
}

async function readScript(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new CodegenError("E_INPUT_MISSING", `${path}: cannot read the DDL file (${(error as Error).message})`);
  }
}

function fileStem(path: string): string {
  return basename(path).replace(/\.(sql|sqlite3?|db)$/i, "");
}

export const databaseSource: Source<DatabaseSourceOptions, DatabaseReading> = {
  name: "db",
  load: loadDatabase,
};
