import type { OptionSpec } from "../args/command.js";

/**
 * The flags that choose a database's tables and how they become tools. `serve db` and `generate db` take them alike
 * (parsed by `databaseOptionsOf`), so both give the same tools for the same flags. Plain data: `--help` and argument
 * parsing never load the database source. No flag takes a password: the connection is the source argument or the
 * environment variable `--connection-env` names.
 */
export const DATABASE_SOURCE_FLAGS: Record<string, OptionSpec> = {
  dialect: {
    type: "string",
    value: "NAME",
    description: "db: the dialect of a .sql DDL file: postgres, mysql or sqlite",
  },
  schema: {
    type: "string",
    value: "LIST",
    multiple: true,
    description: "db: only these PostgreSQL schemas / MySQL databases",
  },
  tables: { type: "string", value: "GLOBS", multiple: true, description: "db: only tables and views matching these" },
  exclude: { type: "string", value: "GLOBS", multiple: true, description: "db: leave out tables matching these" },
  writes: {
    type: "boolean",
    description: "db: insert_/update_/delete_ tools for every table with a primary key (off by default)",
  },
  "write-tables": {
    type: "string",
    value: "GLOBS",
    multiple: true,
    description: "db: writes only for the tables matching these globs",
  },
  "max-rows": { type: "string", value: "N", description: "db: the largest page and query result (default 1000)" },
  "connection-env": {
    type: "string",
    value: "NAME",
    description: "db: the variable holding the connection string when no source is given (default DATABASE_URL)",
  },
};
