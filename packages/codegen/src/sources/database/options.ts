/** What a database source reads: which schemas, which tables. */
import { CodegenError } from "../../errors.js";

export interface DatabaseSourceOptions {
  /** The dialect of a DDL file (`postgres`, `mysql`, `sqlite`); optional for URLs and SQLite files. */
  dialect?: string;
  /**
   * PostgreSQL schemas or MySQL databases to read. Default: every schema except the system ones (PostgreSQL), the
   * database named in the URL (MySQL). SQLite has only `main`.
   */
  schema?: string[];
  /** Table globs (`*` any characters, `?` one), matched against `name` and `schema.name`; default all. */
  tables?: string[];
  /** Table globs to leave out, matched as `tables`; applied after it. */
  exclude?: string[];
}

export function checkOptions(options: DatabaseSourceOptions): void {
  for (const key of ["schema", "tables", "exclude"] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item === "")) {
      throw new CodegenError("E_OPTIONS_INVALID", `${key}: expected a list of non-empty strings`);
    }
  }
}
