/**
 * A PostgreSQL DDL file read by a real PostgreSQL engine without a server: PGlite (PostgreSQL compiled to
 * WebAssembly) runs the file's statements in memory, then the live server's catalog queries read the result.
 * Extensions the file creates are loaded when PGlite ships them; the others are skipped with a warning.
 */
import type { Extensions } from "@electric-sql/pglite";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { loadDriver } from "../shared/drivers.js";
import { withoutLeadingComments } from "../shared/script.js";
import type { SplitScript } from "../shared/statements.js";
import type { Queryable } from "./catalog.js";
import { introspectPostgres } from "./introspect.js";
import { CREATE_EXTENSION, runPostgresScript } from "./run-script.js";

type Warn = (pointer: string, message: string) => void;

export async function readPostgresScript(script: SplitScript, file: string, warn: Warn): Promise<SqlTable[]> {
  const { PGlite } = await loadDriver("@electric-sql/pglite", () => import("@electric-sql/pglite"));
  const extensions = await loadExtensions(script);
  const db = await PGlite.create({ extensions });
  try {
    // Function bodies are not checked as they are created, as pg_dump's own output asks: a body may name what the file
    // creates further on, or an operator this PostgreSQL has dropped (Chado's `box @ box`, gone since PostgreSQL 14),
    // and a function shapes no table.
    await db.exec("SET check_function_bodies = false");
    await runPostgresScript(script, (sql) => db.exec(sql), file, warn);
    // The catalog is read as a new connection to the database would read it: a dump's own settings (pg_dump empties
    // search_path, so format_type would write Graphile's citext columns as public.citext) end with the script.
    await db.exec("RESET ALL; RESET ROLE");
    return await introspectPostgres(db as unknown as Queryable, warn);
  } finally {
    await db.close();
  }
}

/** The contrib modules PGlite ships for the extensions the script creates (a missing one just isn't loaded). */
async function loadExtensions(script: SplitScript): Promise<Extensions> {
  const extensions: Extensions = {};
  for (const statement of script.statements) {
    const name = CREATE_EXTENSION.exec(withoutLeadingComments(statement.sql))?.[1]?.toLowerCase().replace(/-/g, "_");
    if (name === undefined || !/^[a-z0-9_]+$/.test(name) || name in extensions) continue;
    try {
      const module = (await import(`@electric-sql/pglite/contrib/${name}`)) as Extensions;
      const extension = module[name];
      if (extension !== undefined) extensions[name] = extension;
    } catch {
      // not shipped: CREATE EXTENSION fails and is skipped with a warning
    }
  }
  return extensions;
}
