/**
 * SQLite inputs: a database file, opened read-only so reading it never changes it, or a DDL file run statement by
 * statement into an in-memory database (data statements are not run: the schema needs no rows; an index SQLite cannot
 * make, one on a function or collation the application defines, is skipped with a warning).
 */
import { loadSqliteEngine, MEMORY, type SqliteConnection } from "@mcpsmith/runtime/internal";
import type { SqlTable } from "@mcpsmith/runtime/sql";
import { CodegenError } from "../../../errors.js";
import { messageOf, withDriverErrors } from "../shared/drivers.js";
import { skippedIndexWarning, statementError, withoutLeadingComments } from "../shared/script.js";
import type { SplitScript } from "../shared/statements.js";
import { introspectSqlite } from "./introspect.js";

type Warn = (pointer: string, message: string) => void;

/** The engine the executor would run the database on (better-sqlite3, else node:sqlite). */
function engine() {
  return withDriverErrors(() => loadSqliteEngine());
}

export async function readSqliteFile(path: string, warn: Warn): Promise<SqlTable[]> {
  const sqlite = await engine();
  let db: SqliteConnection;
  try {
    db = sqlite.open(path, { readOnly: true });
    db.all("PRAGMA schema_version");
  } catch (error) {
    throw new CodegenError("E_DATABASE_UNREACHABLE", `${path}: not a readable SQLite database (${messageOf(error)})`);
  }
  try {
    return introspectSqlite(db, warn);
  } finally {
    db.close();
  }
}

const DATA = /^(INSERT|REPLACE)\b/i;
/**
 * A table of SQLite's own (`sqlite_sequence`, `sqlite_stat1`), which a `.schema` dump writes out and SQLite refuses
 * to create: it makes them itself when they are needed.
 */
const INTERNAL_TABLE = /^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:["`[]?main["`\]]?\s*\.\s*)?["`[]?(sqlite_\w*)/i;

export async function readSqliteScript(script: SplitScript, file: string, warn: Warn): Promise<SqlTable[]> {
  const db = (await engine()).open(MEMORY, { readOnly: false });
  try {
    let data = 0;
    for (const statement of script.statements) {
      const sql = withoutLeadingComments(statement.sql);
      if (DATA.test(sql)) {
        data++;
        continue;
      }
      const internal = INTERNAL_TABLE.exec(sql)?.[1];
      if (internal !== undefined) {
        warn(`line ${statement.line}`, `CREATE TABLE ${internal} skipped: SQLite makes its own tables itself`);
        continue;
      }
      try {
        db.exec(statement.sql);
      } catch (error) {
        const skippedIndex = skippedIndexWarning(sql, error);
        if (skippedIndex === undefined) throw statementError(file, statement, error);
        warn(`line ${statement.line}`, skippedIndex);
      }
    }
    if (data > 0) warn("", `${data} data statements (INSERT) not run: reading the schema needs no rows`);
    return introspectSqlite(db, warn);
  } finally {
    db.close();
  }
}
