/**
 * Runs a PostgreSQL DDL file's statements one at a time, so a failure names its line. What a schema dump carries
 * besides the schema is handled by kind, never by file: statements acting outside the one database (databases,
 * roles, tablespaces) are not run; data (INSERT, COPY) is not needed to read a schema and is not run; statements
 * that set session state, privileges or ownership are run, and when one fails (a role the engine has not got, a
 * setting it does not know, a procedural language every database has had since PostgreSQL 9.0, as i-Educar's old
 * dump creates) it is skipped with a warning, since it does not shape the schema; so is an index the
 * engine cannot make (shared/script.ts says why), and `CREATE SCHEMA public` (below). Any other failure is
 * an error naming the file and line; one naming something missing, after an extension could not be created, says
 * it may be the extension's (a PostGIS `geometry` column in a file read without PostGIS). Skipped statements that
 * fail for the same reason are one warning: Graphile Starter's dump grants to three roles in 60 statements.
 */
import { messageOf } from "../shared/drivers.js";
import { firstWords, skippedIndexWarning, statementError, withoutLeadingComments } from "../shared/script.js";
import type { SplitScript } from "../shared/statements.js";

type Warn = (pointer: string, message: string) => void;

const OUTSIDE_THE_DATABASE =
  /^(CREATE|ALTER|DROP)\s+(DATABASE|ROLE|USER|GROUP|TABLESPACE)\b|^ALTER\s+SYSTEM\b|^COMMENT\s+ON\s+DATABASE\b/i;
const DATA = /^(INSERT|COPY)\b/i;
/** The extension a statement creates (the name as written, unquoted). */
export const CREATE_EXTENSION = /^CREATE\s+EXTENSION\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([A-Za-z0-9_-]+)"?/i;
/**
 * `CREATE SCHEMA public`: every new database has it already, so a file written for one where it was dropped (the
 * PostgREST test schema starts so) would stop at its first statement. The schema is there, as the file wants it.
 */
const CREATE_PUBLIC = /^CREATE\s+SCHEMA\s+(?:public|"public")(?=\s|;|$)/i;
const SHAPELESS =
  /^(SET|RESET|SELECT|GRANT|REVOKE|SECURITY\s+LABEL|ALTER\s+DEFAULT\s+PRIVILEGES|(CREATE|ALTER|DROP)\s+(EXTENSION|PUBLICATION|SUBSCRIPTION)|(CREATE|ALTER|DROP)\s+(OR\s+REPLACE\s+)?(TRUSTED\s+)?(PROCEDURAL\s+)?LANGUAGE|COMMENT\s+ON\s+(EXTENSION|LANGUAGE))\b|\bOWNER\s+TO\b/i;

export async function runPostgresScript(
  script: SplitScript,
  run: (sql: string) => Promise<unknown>,
  file: string,
  warn: Warn,
): Promise<void> {
  for (const command of script.clientCommands) {
    warn(`line ${command.line}`, `psql meta-command ${command.command} skipped (it is for psql, not the server)`);
  }
  let data = 0;
  const missingExtensions: string[] = [];
  const skipped = new SkippedStatements();
  for (const statement of script.statements) {
    const sql = withoutLeadingComments(statement.sql);
    if (DATA.test(sql)) {
      data++;
      continue;
    }
    if (OUTSIDE_THE_DATABASE.test(sql)) {
      warn(`line ${statement.line}`, `${firstWords(sql)} skipped (it acts outside the database being read)`);
      continue;
    }
    try {
      await run(statement.sql);
    } catch (error) {
      if (CREATE_PUBLIC.test(sql) && /already exists/.test(messageOf(error))) {
        warn(`line ${statement.line}`, "CREATE SCHEMA public skipped: every new database has the schema public");
        continue;
      }
      const skippedIndex = skippedIndexWarning(sql, error);
      if (skippedIndex !== undefined) {
        warn(`line ${statement.line}`, skippedIndex);
        continue;
      }
      if (!SHAPELESS.test(sql)) throw statementError(file, statement, error, extensionHint(error, missingExtensions));
      const extension = CREATE_EXTENSION.exec(sql)?.[1];
      if (extension !== undefined) missingExtensions.push(extension);
      skipped.add(statement.line, sql, messageOf(error));
    }
  }
  skipped.report(warn);
  if (data > 0) warn("", `${data} data statements (INSERT, COPY) not run: reading the schema needs no rows`);
}

/**
 * The extensions whose types a schema names most often, by type: NAV's baseline uses `hstore` and leaves creating
 * the extension to the script run before it.
 */
const EXTENSION_OF_TYPE: Record<string, string> = {
  hstore: "hstore",
  citext: "citext",
  ltree: "ltree",
  lquery: "ltree",
  ltxtquery: "ltree",
  cube: "cube",
  earth: "earthdistance",
  seg: "seg",
  isbn: "isn",
  isbn13: "isn",
  issn: "isn",
  ean13: "isn",
  vector: "vector",
  geometry: "postgis",
  geography: "postgis",
};

/**
 * What to add to the error of something missing (a type, a table, a function, a schema) when extensions could not
 * be created: it may be one of theirs (Supabase's `vault.secrets` comes with its vault extension). A type an
 * extension provides, where the file never creates it, is named with the statement that would.
 */
function extensionHint(error: unknown, missingExtensions: string[]): string | undefined {
  const type = /^type "(?:[^"]+\.)?([^".]+)" does not exist/.exec(messageOf(error))?.[1];
  const extension = type === undefined ? undefined : EXTENSION_OF_TYPE[type.toLowerCase()];
  if (extension !== undefined && !missingExtensions.includes(extension)) {
    return `the type comes from the extension ${extension}, which the file does not create (add CREATE EXTENSION ${extension}; before its first use)`;
  }
  if (missingExtensions.length === 0) return undefined;
  if (!/^(?:type|relation|function|schema) ".*" does not exist/.test(messageOf(error))) return undefined;
  const names = [...new Set(missingExtensions)];
  const which = names.length === 1 ? "the extension" : "one of the extensions";
  return `it may come from ${which} ${names.join(", ")}, which could not be created here (read the schema from a live database that has it)`;
}

/** The statements that do not shape the schema and failed, grouped by their error: one warning per reason. */
class SkippedStatements {
  private readonly byReason = new Map<string, { line: number; sql: string; kinds: Set<string>; count: number }>();

  add(line: number, sql: string, reason: string): void {
    const kind = (/^\w+(\s+DEFAULT\s+PRIVILEGES)?/i.exec(sql)?.[0] ?? firstWords(sql))
      .toUpperCase()
      .replace(/\s+/g, " ");
    const group = this.byReason.get(reason);
    if (group === undefined) this.byReason.set(reason, { line, sql, kinds: new Set([kind]), count: 1 });
    else {
      group.kinds.add(kind);
      group.count++;
    }
  }

  report(warn: Warn): void {
    for (const [reason, { line, sql, kinds, count }] of this.byReason) {
      const what =
        count === 1
          ? `${firstWords(sql)} failed and was skipped`
          : `${count} statements (${[...kinds].join(", ")}) failed and were skipped`;
      warn(`line ${line}`, `${what}: ${reason}`);
    }
  }
}
