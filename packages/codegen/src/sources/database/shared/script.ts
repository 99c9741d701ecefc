/** Shared by the DDL readers: how a statement is named in messages, and the error for one that fails. */
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
