/**
 * Runs a PostgreSQL DDL file's statements one at a time, so a failure names its line. What a schema dump carries
 * besides the schema is handled by kind, never by file: statements acting outside the one database (databases,
 * roles, tablespaces) are not run; data (INSERT, COPY) is not needed to read a schema and is not run; statements
 * that set session state, privileges or ownership are run, and when one fails (a role the engine has not got, a
 * setting it does not know) it is skipped with a warning, since it does not shape the schema. Any other failure is
 * an error naming the file and line.
 */
import { messageOf } from "../shared/drivers.js";
import { firstWords, statementError, withoutLeadingComments } from "../shared/script.js";
import type { SplitScript } from "../shared/statements.js";

type Warn = (pointer: string, message: string) => void;

const OUTSIDE_THE_DATABASE =
  /^(CREATE|ALTER|DROP)\s+(DATABASE|ROLE|USER|GROUP|TABLESPACE)\b|^ALTER\s+SYSTEM\b|^COMMENT\s+ON\s+DATABASE\b/i;
const DATA = /^(INSERT|COPY)\b/i;
const SHAPELESS =
  /^(SET|RESET|SELECT|GRANT|REVOKE|SECURITY\s+LABEL|ALTER\s+DEFAULT\s+PRIVILEGES|(CREATE|ALTER|DROP)\s+(EXTENSION|PUBLICATION|SUBSCRIPTION)|COMMENT\s+ON\s+EXTENSION)\b|\bOWNER\s+TO\b/i;

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
      if (!SHAPELESS.test(sql)) throw statementError(file, statement, error);
      warn(`line ${statement.line}`, `${firstWords(sql)} failed and was skipped: ${messageOf(error)}`);
    }
  }
  if (data > 0) warn("", `${data} data statements (INSERT, COPY) not run: reading the schema needs no rows`);
}
