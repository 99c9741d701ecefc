import { ToolError } from "../../results/tool-error.js";
import { type SqlAst, sqlParser } from "./sql-parser.js";

/**
 * The checks on SQL from the `query` tool before it reaches MySQL or MariaDB. There, DDL commits the transaction it
 * runs in, so a read-only transaction is not enough: a real parser (node-sql-parser's MariaDB grammar, bundled) must find
 * exactly one SELECT, without INTO or locking. What the parser could miss is refused on the raw text, literals
 * included, since a false refusal costs a rewrite and a miss could cost the data: executable comments (`/*! *\/`,
 * which the server runs and a parser skips), optimizer hints that set variables, assignments, and functions that
 * read files, sleep or take locks.
 */
const RAW_REFUSALS: [RegExp, string][] = [
  [/\/\*\s*(M?!|\+)/i, "executable comments and optimizer hints (/*! */, /*M! */, /*+ */)"],
  [/:=/, "assignments to variables (:=)"],
  [
    /\b(load_file|sleep|benchmark|get_lock|release_lock|release_all_locks|is_used_lock|master_pos_wait|source_pos_wait|master_gtid_wait|sys_exec|sys_eval)\b/i,
    "functions that read files, sleep or take locks",
  ],
  [/\b(outfile|dumpfile)\b/i, "writing files (INTO OUTFILE / DUMPFILE)"],
  [
    /\bfor\s+(update|share)\b|\block\s+in\s+share\s+mode\b/i,
    "locking reads (FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE)",
  ],
];

interface Ast extends SqlAst {
  into?: { position?: unknown; keyword?: string };
  locking_read?: unknown;
}

export async function checkMysqlReadOnly(sql: string): Promise<void> {
  for (const [pattern, what] of RAW_REFUSALS) {
    if (pattern.test(sql)) throw new ToolError(`The query tool refuses ${what}.`);
  }
  const parser = await sqlParser("mariadb");
  let parsed: Ast | Ast[];
  try {
    parsed = parser.astify(sql) as Ast | Ast[];
  } catch {
    throw new ToolError(
      "The query tool could not read this SQL as one SELECT statement (a syntax the checker does not know is refused, not guessed).",
    );
  }
  const statements = (Array.isArray(parsed) ? parsed : [parsed]).filter((s) => s && Object.keys(s).length > 0);
  if (statements.length !== 1) throw new ToolError("The query tool runs one statement at a time.");
  const [statement] = statements as [Ast];
  if (statement.type !== "select") throw new ToolError("The query tool runs reads only: one SELECT statement.");
  if (statement.into?.keyword || statement.into?.position)
    throw new ToolError("The query tool refuses SELECT ... INTO.");
  if (statement.locking_read)
    throw new ToolError("The query tool refuses locking reads (FOR UPDATE, LOCK IN SHARE MODE).");
}
