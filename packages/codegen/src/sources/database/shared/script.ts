/**
 * Shared by the DDL readers: how a statement is named in messages, the error for one that fails, and the warning for
 * an index that could not be made.
 */
import { CodegenError } from "../../../errors.js";
import { messageOf } from "./drivers.js";
import type { ScriptStatement } from "./statements.js";

export function statementError(file: string, statement: ScriptStatement, error: unknown, hint?: string): CodegenError {
  const message = hint === undefined ? messageOf(error) : `${messageOf(error)}: ${hint}`;
  return new CodegenError("E_DDL_INVALID", `${file}:${statement.line}: ${firstWords(statement.sql)}: ${message}`, {
    problems: [{ file, pointer: `line ${statement.line}`, message }],
  });
}

/** The statement's kind as written (`CREATE TABLE public.actor`), for messages. */
export function firstWords(sql: string): string {
  return withoutLeadingComments(sql).split(/\s+/).slice(0, 3).join(" ").replace(/\($/, "").slice(0, 80);
}

export function withoutLeadingComments(sql: string): string {
  return sql.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, "");
}

const CREATE_INDEX = /^CREATE\s+(UNIQUE\s+)?INDEX\b/i;

/**
 * The warning for a CREATE INDEX the engine could not run, or undefined for any other statement: an index shapes no
 * table, so reading goes on without it. Chado's GiST index calls a function that PostgreSQL 17 no longer finds from
 * there (it runs index expressions with a safe search_path); ChirpStack's trigram indexes need pg_trgm, which its
 * file does not create. A unique index's key is then not known.
 */
export function skippedIndexWarning(sql: string, error: unknown): string | undefined {
  const index = CREATE_INDEX.exec(withoutLeadingComments(sql));
  if (index === null) return undefined;
  const unique = index[1] === undefined ? "" : " (its columns are not read as a unique key)";
  return `${firstWords(sql)} failed and was skipped${unique}: ${messageOf(error)}`;
}
